import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { displayPath } from '../../server/src/cli/filePaths';
import { writeDocument } from '../../server/src/cli/readDocument';
import { recognitionPath } from '../../server/src/host';
import { makeTempTree, removeTree } from './support/tempTree';

describe('cli writing documents and naming files', () => {
  let root: string;
  before(() => {
    root = makeTempTree({});
  });
  after(() => removeTree(root));

  it('writes the byte order mark back only when there was one', () => {
    const target = path.join(root, 'written.json');
    assert.equal(writeDocument(target, '{}\r\n', true), undefined);
    assert.deepEqual([...fs.readFileSync(target)], [0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0x0d, 0x0a]);
    assert.equal(writeDocument(target, '{}', false), undefined);
    assert.equal(fs.readFileSync(target, 'utf8'), '{}');
    assert.equal(writeDocument(path.join(root, 'no-dir', 'x.json'), '{}', false), 'no such file or directory');
  });

  it('names files relative to the current directory, globs see absolute paths outside it', () => {
    assert.equal(displayPath('/w/p/a/b.json', '/w/p'), 'a/b.json');
    assert.equal(displayPath('/w/other/b.json', '/w/p'), '../other/b.json');
    assert.equal(recognitionPath('/w/p/a/b.json', '/w/p'), 'a/b.json');
    assert.equal(recognitionPath('/w/other/b.json', '/w/p'), '/w/other/b.json');
    assert.equal(recognitionPath('/w/p/..x/b.json', '/w/p'), '..x/b.json');
  });
});
