import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { displayPath, recognitionPath } from '../../server/src/cli/filePaths';
import { readDocument, readPrefix, writeDocument } from '../../server/src/cli/readDocument';
import { makeTempTree, removeTree } from './support/tempTree';

describe('cli reading and writing documents', () => {
  let root: string;
  before(() => {
    root = makeTempTree({
      'plain.json': '{"a": "é"}',
      'bom.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{\r\n}\r\n')]),
      'latin1.json': Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
      'big.json': `{"mcpdesc": "1", "pad": "${'x'.repeat(4000)}"}`,
    });
  });
  after(() => removeTree(root));

  it('reads UTF-8, setting a byte order mark aside', () => {
    assert.deepEqual(readDocument(path.join(root, 'plain.json'), 1e6), { kind: 'text', text: '{"a": "é"}', hasBom: false });
    assert.deepEqual(readDocument(path.join(root, 'bom.json'), 1e6), { kind: 'text', text: '{\r\n}\r\n', hasBom: true });
  });

  it('refuses invalid UTF-8, missing files and directories with a reason', () => {
    assert.deepEqual(readDocument(path.join(root, 'latin1.json'), 1e6), { kind: 'unreadable', reason: 'not valid UTF-8 text' });
    assert.deepEqual(readDocument(path.join(root, 'nope.json'), 1e6), { kind: 'unreadable', reason: 'no such file or directory' });
    assert.deepEqual(readDocument(root, 1e6), { kind: 'unreadable', reason: 'is a directory' });
  });

  it('does not read a file over the limit, but can sniff its start', () => {
    const big = path.join(root, 'big.json');
    assert.deepEqual(readDocument(big, 1000), { kind: 'too-large', sizeBytes: fs.statSync(big).size });
    assert.equal(readPrefix(big, 20), '{"mcpdesc": "1", "pa');
    assert.equal(readPrefix(path.join(root, 'nope.json'), 20), undefined);
  });

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
