import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { displayPath } from '../../server/src/host';
import { documentBytes } from '../../server/src/host/replaceFile';
import { recognitionPath } from '../../server/src/host';
import { makeTempTree, removeTree } from './support/tempTree';

describe('cli writing documents and naming files', () => {
  let root: string;
  before(() => {
    root = makeTempTree({});
  });
  after(() => removeTree(root));

  it('writes the byte order mark back only when there was one', () => {
    assert.deepEqual([...documentBytes('{}\r\n', true)], [0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0x0d, 0x0a]);
    assert.deepEqual([...documentBytes('{}', false)], [0x7b, 0x7d]);
  });

  it('names files relative to the current directory, globs see absolute paths outside it', () => {
    assert.equal(displayPath('/w/p/a/b.json', '/w/p'), 'a/b.json');
    assert.equal(displayPath('/w/other/b.json', '/w/p'), '../other/b.json');
    assert.equal(recognitionPath('/w/p/a/b.json', '/w/p'), 'a/b.json');
    assert.equal(recognitionPath('/w/other/b.json', '/w/p'), '/w/other/b.json');
    assert.equal(recognitionPath('/w/p/..x/b.json', '/w/p'), '..x/b.json');
  });
});
