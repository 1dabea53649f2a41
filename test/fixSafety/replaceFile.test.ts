// replaceFile, the CLI's only way of writing a fixed document: whatever step fails, the original
// is intact and no temporary file is left; a changed original is never replaced.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  documentBytes,
  replaceFile,
  sha256Of,
  statBeforeRead,
  type FileSnapshot,
  type ReplaceIo,
} from '../../server/src/host/replaceFile';
import { makeTempTree, removeTree } from '../cli/support/tempTree';

const ORIGINAL = '{\n  "mcpdesc": "0.8.0",\n  "info": { "name": "é", "version": "1" }\n}\n';
const FIXED = `${ORIGINAL.slice(0, -2)},\n  "tools": [${' '.repeat(70_000)}]\n}\n`;

function snapshotOf(target: string): FileSnapshot {
  return { ...statBeforeRead(target)!, sha256: sha256Of(fs.readFileSync(target)) };
}

function failing(call: keyof ReplaceIo, code: string, afterBytes = 0): ReplaceIo {
  const error = (): never => {
    throw Object.assign(new Error(`${code}: simulated`), { code });
  };
  const io: ReplaceIo = { ...fs };
  if (call === 'writeSync') {
    let written = 0;
    // Writes a first part for real (the temporary file is cut, as on a full disk), then fails.
    io.writeSync = ((descriptor: number, buffer: Buffer, offset: number, length: number) => {
      if (written >= afterBytes) error();
      const count = fs.writeSync(descriptor, buffer, offset, Math.min(length, afterBytes - written));
      written += count;
      return count;
    }) as ReplaceIo['writeSync'];
  } else {
    (io as Record<string, unknown>)[call] = error;
  }
  return io;
}

describe('replaceFile', () => {
  let root: string;
  let target: string;
  before(() => {
    root = makeTempTree({});
  });
  after(() => removeTree(root));

  function freshTarget(name: string, mode = 0o644): string {
    target = path.join(root, name);
    fs.writeFileSync(target, ORIGINAL);
    fs.chmodSync(target, mode);
    return target;
  }

  function leftovers(): string[] {
    return fs.readdirSync(root).filter((file) => file.includes('.mcpdesc-fix-'));
  }

  it('replaces the content by a rename and keeps the mode, setuid bits included', () => {
    freshTarget('replaced.json', 0o4751);
    const inode = fs.statSync(target).ino;
    const outcome = replaceFile(target, documentBytes(FIXED, true), snapshotOf(target));
    assert.deepEqual(outcome, { kind: 'replaced' });
    assert.deepEqual(fs.readFileSync(target), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(FIXED)]));
    assert.equal(fs.statSync(target).mode & 0o7777, 0o4751);
    assert.notEqual(fs.statSync(target).ino, inode);
    assert.deepEqual(leftovers(), []);
  });

  for (const [call, code, reason] of [
    ['writeSync', 'ENOSPC', 'no space left on device'],
    ['fsyncSync', 'EIO', 'EIO: simulated'],
    ['renameSync', 'EACCES', 'permission denied'],
    ['openSync', 'EROFS', 'read-only file system'],
  ] as const) {
    it(`a failing ${call} (${code}) leaves the original intact and no temporary file`, () => {
      freshTarget(`${call}.json`);
      const outcome = replaceFile(target, documentBytes(FIXED, false), snapshotOf(target), failing(call, code, 4096));
      assert.deepEqual(outcome, { kind: 'failed', reason });
      assert.equal(fs.readFileSync(target, 'utf8'), ORIGINAL);
      assert.deepEqual(leftovers(), []);
    });
  }

  it('refuses a file changed since the snapshot: content, size, or only its mtime', () => {
    freshTarget('changed.json');
    const snapshot = snapshotOf(target);
    for (const [label, expected] of [
      ['content hash', { ...snapshot, sha256: sha256Of(Buffer.from('something else')) }],
      ['size', { ...snapshot, size: snapshot.size + 1 }],
      ['mtime', { ...snapshot, mtimeMs: snapshot.mtimeMs - 1000 }],
    ] as const) {
      assert.deepEqual(replaceFile(target, documentBytes(FIXED, false), expected), { kind: 'changed' }, label);
      assert.equal(fs.readFileSync(target, 'utf8'), ORIGINAL, label);
    }
    assert.deepEqual(leftovers(), []);
  });

  it('writes through a symbolic link to the file it names, leaving the link a link', () => {
    freshTarget('linked-target.json');
    const link = path.join(root, 'link.json');
    fs.symlinkSync('linked-target.json', link);
    assert.deepEqual(replaceFile(link, documentBytes(FIXED, false), snapshotOf(link)), { kind: 'replaced' });
    assert.ok(fs.lstatSync(link).isSymbolicLink());
    assert.equal(fs.readFileSync(target, 'utf8'), FIXED);
  });

  it('refuses what is not a regular file', () => {
    const folder = path.join(root, 'folder.json');
    fs.mkdirSync(folder);
    assert.deepEqual(replaceFile(folder, documentBytes(FIXED, false), { size: 0, mtimeMs: 0, sha256: '' }), {
      kind: 'failed',
      reason: 'not a regular file',
    });
  });
});
