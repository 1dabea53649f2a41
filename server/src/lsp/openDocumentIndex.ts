// Which files are open in the editor, by canonical URI: a file found on disk or reported by a
// watcher is matched with its open document even when the editor spells the URI differently.
export class OpenDocumentIndex {
  /** `canonicalUri`: the runtime's one spelling per file (RuntimePaths.canonicalUri). */
  constructor(private readonly canonicalUri: (uri: string) => string) {}

  /** The editor's URI -> its canonical form. */
  private readonly byEditorUri = new Map<string, string>();
  /** Canonical URI -> how many open documents have it (two spellings of one file may both be open). */
  private readonly openCount = new Map<string, number>();

  opened(uri: string): void {
    if (this.byEditorUri.has(uri)) return;
    const key = this.canonicalUri(uri);
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
    return this.byEditorUri.has(uri) || this.openCount.has(this.canonicalUri(uri));
  }
}
