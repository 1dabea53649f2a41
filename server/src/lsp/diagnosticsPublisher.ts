// The only place diagnostics leave the server. It remembers what each URI last got so that a result
// for an older version can never overwrite a newer one, and so clearing is sent only where needed.
import type { Connection, Diagnostic } from 'vscode-languageserver/node';

interface Published {
  /** The document version the diagnostics belong to; undefined for files that are not open. */
  version: number | undefined;
  count: number;
}

export class DiagnosticsPublisher {
  private readonly published = new Map<string, Published>();
  private readonly listeners: Array<(uri: string, diagnostics: readonly Diagnostic[]) => void> = [];

  constructor(private readonly connection: Connection) {}

  /**
   * Publishes unless a newer version of the same document was already published (a check that was
   * overtaken). Returns whether it was sent.
   */
  publish(uri: string, diagnostics: Diagnostic[], version?: number): boolean {
    const previous = this.published.get(uri);
    if (version !== undefined && previous?.version !== undefined && version < previous.version) return false;
    this.published.set(uri, { version, count: diagnostics.length });
    void this.connection.sendDiagnostics({ uri, version, diagnostics });
    for (const listener of this.listeners) listener(uri, diagnostics);
    return true;
  }

  /** Removes a document's diagnostics (sent only when it has some, or had any published). */
  clear(uri: string): void {
    if (!this.published.has(uri)) return;
    this.published.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    for (const listener of this.listeners) listener(uri, []);
  }

  /**
   * The document closed: its diagnostics stay (until the file on disk replaces or clears them), but
   * its version numbering ends, so a re-opened document's version 1 is not taken for an old one.
   */
  endVersioning(uri: string): void {
    const previous = this.published.get(uri);
    if (previous) previous.version = undefined;
  }

  /** URIs that currently have diagnostics published (including empty lists). */
  get uris(): string[] {
    return [...this.published.keys()];
  }

  /** How many documents currently have diagnostics published (the documents checked). */
  get documentCount(): number {
    return this.published.size;
  }

  onDidPublish(listener: (uri: string, diagnostics: readonly Diagnostic[]) => void): void {
    this.listeners.push(listener);
  }
}
