// A throw-away multi-folder workspace on disk for the scan tests: files are written from a
// description, URIs are spelled the way the server spells files it finds (pathToFileURL).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileUri } from '../server/lspClient';

export class TempWorkspace {
  readonly root: string;

  constructor(prefix = 'mcpdesc-workspace-') {
    // realpath: on macOS the temp dir is behind a symlink, and the server compares real paths.
    this.root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  }

  path(relative: string): string {
    return path.join(this.root, ...relative.split('/'));
  }

  uri(relative: string): string {
    return fileUri(this.path(relative));
  }

  folder(relative: string): { uri: string; name: string } {
    return { uri: this.uri(relative), name: path.basename(relative) };
  }

  write(relative: string, text: string): string {
    const filePath = this.path(relative);
    fs.mkdirSync(path.dirname(filePath), { recursive: true });
    fs.writeFileSync(filePath, text);
    return this.uri(relative);
  }

  read(relative: string): string {
    return fs.readFileSync(this.path(relative), 'utf8');
  }

  remove(relative: string): void {
    fs.rmSync(this.path(relative), { recursive: true, force: true });
  }

  /** A symlink at `relative` pointing to `target` (an absolute path); false where symlinks are not allowed. */
  symlink(relative: string, target: string): boolean {
    const linkPath = this.path(relative);
    fs.mkdirSync(path.dirname(linkPath), { recursive: true });
    try {
      fs.symlinkSync(target, linkPath, fs.statSync(target).isDirectory() ? 'dir' : 'file');
      return true;
    } catch {
      return false;
    }
  }

  dispose(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}
