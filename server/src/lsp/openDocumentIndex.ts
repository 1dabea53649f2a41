// Which files are open in the editor, by canonical URI: a file found on disk or reported by a
// watcher is matched with its open document even when the editor spells the URI differently.
import { canonicalUri } from './workspaceFolders';

export class OpenDocumentIndex {
  /** The editor's URI -> its canonical form. */
  private readonly byEditorUri = new Map<string, string>();
  /** Canonical URI -> how many open documents have it (two spellings of one file may both be open). */
  private readonly openCount = new Map<string, number>();

  opened(uri: string): void {
    if (this.byEditorUri.has(uri)) return;
    const key = canonicalUri(uri);
    this.byEditorUri.set(uri, key);
    this.openCount.set(key, (this.openCount.get(key) ?? 0) + 1);
  }

  closed(uri: string): void {
    const key = this.byEditorUri.get(uri);
    if (key === undefined) return;
    this.byEditorUri.delete(uri);
    const count = (this.openCount.get(key) ?? 0) - 1;
    if (count > 0) this.openCount.set(key, count);
    else this.openCount.delete(key);
  }

  has(uri: string): boolean {
    return this.byEditorUri.has(uri) || this.openCount.has(canonicalUri(uri));
  }
}
