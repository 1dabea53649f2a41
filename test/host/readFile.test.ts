// readHostFile: what either front gets from one file. Regular files inside the root only, decoded
// as an editor decodes them, and never more than the limit, whatever stat says.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readHostFile, realPathOf } from '../../server/src/host';
import { makeTempTree, removeTree } from '../cli/support/tempTree';

describe('reading a file for either front', () => {
  let base: string;
  let root: string;
  before(() => {
    base = makeTempTree({
      'root/plain.json': '{"a": "é"}',
      'root/bom.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{\r\n}\r\n')]),
      'root/latin1.json': Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
      'root/big.json': `{"mcpdesc": "1", "pad": "${'x'.repeat(100_000)}"}`,
      'outside/secret.json': '{"secret": true}',
    });
    root = path.join(base, 'root');
    fs.symlinkSync(path.join(base, 'outside', 'secret.json'), path.join(root, 'secret-link.json'));
    fs.symlinkSync(path.join(root, 'plain.json'), path.join(root, 'inside-link.json'));
    fs.symlinkSync(path.join(root, 'nowhere.json'), path.join(root, 'dangling.json'));
    execFileSync('mkfifo', [path.join(root, 'pipe.json')]);
  });
  after(() => removeTree(base));

  const read = (name: string, maxBytes = 1e6) => readHostFile(path.join(root, name), realPathOf(root), maxBytes);

  it('reads UTF-8, setting a byte order mark aside, and says where the text came from', () => {
    assert.deepEqual(read('plain.json'), {
      kind: 'text',
      text: '{"a": "é"}',
      hasBom: false,
      lossy: false,
      realPath: path.join(root, 'plain.json'),
    });
    assert.deepEqual(read('bom.json'), {
      kind: 'text',
      text: '{\r\n}\r\n',
      hasBom: true,
      lossy: false,
      realPath: path.join(root, 'bom.json'),
    });
  });

  it('decodes invalid UTF-8 as an editor does: U+FFFD, and says the text is lossy', () => {
    assert.deepEqual(read('latin1.json'), {
      kind: 'text',
      text: '{"\ufffd"}',
      hasBom: false,
      lossy: true,
      realPath: path.join(root, 'latin1.json'),
    });
  });

  it('follows a symlink inside the root to its real file, and never one that leads outside', () => {
    const inside = read('inside-link.json');
    assert.equal(inside.kind === 'text' && inside.realPath, path.join(root, 'plain.json'));
    assert.deepEqual(read('secret-link.json'), { kind: 'outside' });
    assert.deepEqual(readHostFile('/etc/passwd', realPathOf(root), 1e6), { kind: 'outside' });
    assert.deepEqual(read('dangling.json'), { kind: 'missing', reason: 'no such file or directory' });
    assert.deepEqual(read('gone.json'), { kind: 'missing', reason: 'no such file or directory' });
  });

  // A FIFO without a writer would block an open for ever: a hang fails the file by the runner's timeout.
  it('refuses what is not a regular file without waiting on it', () => {
    assert.deepEqual(read('pipe.json'), { kind: 'notRegular', what: 'a named pipe' });
    assert.deepEqual(readHostFile('/dev/zero', '/dev', 1e6), { kind: 'notRegular', what: 'a character device' });
    assert.deepEqual(readHostFile(root, path.dirname(root), 1e6), { kind: 'notRegular', what: 'a directory' });
  });

  it('stops at the limit: by its size, and while reading when stat says nothing (procfs)', () => {
    const big = read('big.json', 1000);
    assert.equal(big.kind, 'tooLarge');
    assert.ok(big.kind === 'tooLarge' && big.sizeBytes === fs.statSync(path.join(root, 'big.json')).size);
    assert.ok(big.kind === 'tooLarge' && big.head.startsWith('{"mcpdesc": "1", "pad": "xxx') && big.head.length === 64 * 1024);
    // /proc files say 0 bytes and have more: the limit applies to what is read.
    assert.equal(fs.statSync('/proc/self/maps').size, 0);
    const maps = readHostFile('/proc/self/maps', '/proc', 100);
    assert.equal(maps.kind, 'tooLarge');
    assert.ok(maps.kind === 'tooLarge' && maps.sizeBytes === 101);
    assert.equal(readHostFile('/proc/self/maps', '/proc', 1e6).kind, 'text');
  });
});
