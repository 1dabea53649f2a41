// The only place diagnostics leave the server. It remembers what each URI last got so that a result
// for an older version can never overwrite a newer one, and so clearing is sent only where needed.
// A document with more problems than mcpdesc.maxProblemsPerFile is sent the ones nearest the lines
// its editors show plus a notice (problemCap.ts); its full list is kept here, so that when the view
// moves the set is chosen again and re-sent without checking the document again.
import type { Connection } from 'vscode-languageserver';
import type { SeveritySetting } from '../../../shared/src/rules';
import type { McpdescSettings } from '../../../shared/src/settings';
import type { Diagnostic } from '../checker';
import type { BulkSuppressionsView } from './bulkSuppressionsView';
import { capProblems, type LineSpan } from './problemCap';

/** How many diagnostics a document may be sent, and what the notice about the others needs. */
export interface PublishLimits {
  maxProblems: number;
  rules?: Record<string, SeveritySetting>;
  docsBaseUri?: string;
  /** How the bulk suppressions file's baselined errors are shown (bulkSuppressionsView.ts). */
  baseline?: McpdescSettings['bulkSuppressions'];
}

/** The limits a document's resolved settings set. */
export function publishLimitsOf(settings: McpdescSettings, docsBaseUri: string): PublishLimits {
  return {
    maxProblems: settings.maxProblemsPerFile,
    rules: settings.rules,
    docsBaseUri,
    baseline: settings.bulkSuppressions,
  };
}

interface Published {
  /** The document version the diagnostics belong to; undefined for files that are not open. */
  version: number | undefined;
  count: number;
  /** Kept only while some are left out: what a change of view chooses from again. */
  capped?: { all: readonly Diagnostic[]; limits: PublishLimits; sent: readonly Diagnostic[] };
}

export class DiagnosticsPublisher {
  private readonly published = new Map<string, Published>();
  private readonly visible = new Map<string, LineSpan[]>();
  private readonly listeners: Array<(uri: string, diagnostics: readonly Diagnostic[]) => void> = [];

  private baselines: BulkSuppressionsView | undefined;

  constructor(private readonly connection: Connection) {}

  /** From now on, a document's baselined errors are lowered (or left out) before it is sent. */
  useBaselines(view: BulkSuppressionsView): void {
    this.baselines = view;
  }

  /**
   * Publishes unless a newer version of the same document was already published (a check that was
   * overtaken). With `limits`, at most `limits.maxProblems` are sent (see problemCap.ts). Returns
   * whether it was sent. Listeners hear of every diagnostic, sent or left out.
   */
  publish(uri: string, checked: Diagnostic[], version?: number, limits?: PublishLimits): boolean {
    const previous = this.published.get(uri);
    if (version !== undefined && previous?.version !== undefined && version < previous.version) return false;
    const diagnostics = this.baselines ? this.baselines.apply(uri, checked, limits?.baseline) : checked;
    const entry: Published = { version, count: diagnostics.length };
    let sent: readonly Diagnostic[] = diagnostics;
    if (limits && diagnostics.length > limits.maxProblems) {
      sent = this.choose(uri, diagnostics, limits);
      entry.capped = { all: diagnostics, limits, sent };
    }
    this.published.set(uri, entry);
    void this.connection.sendDiagnostics({ uri, version, diagnostics: [...sent] });
    for (const listener of this.listeners) listener(uri, diagnostics);
    return true;
  }

  /**
   * The lines of `uri` the editors show now (empty: none shows it). A capped document whose chosen
   * set changes with them is re-sent, same version, from the diagnostics it was last published with.
   */
  showLines(uri: string, lines: LineSpan[]): void {
    if (lines.length > 0) this.visible.set(uri, lines);
    else this.visible.delete(uri);
    const entry = this.published.get(uri);
    const capped = entry?.capped;
    if (!entry || !capped) return;
    const chosen = this.choose(uri, capped.all, capped.limits);
    if (sameDiagnostics(chosen, capped.sent)) return;
    capped.sent = chosen;
    void this.connection.sendDiagnostics({ uri, version: entry.version, diagnostics: [...chosen] });
  }

  /** Removes a document's diagnostics (sent only when it has some, or had any published). */
  clear(uri: string): void {
    if (!this.published.has(uri)) return;
    this.published.delete(uri);
    this.baselines?.forget(uri);
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

  /** The document closed: no editor shows it, so what is published next for it is its first problems. */
  forgetView(uri: string): void {
    this.visible.delete(uri);
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

  private choose(uri: string, all: readonly Diagnostic[], limits: PublishLimits): Diagnostic[] {
    return capProblems(all, { ...limits, visible: this.visible.get(uri) ?? [] }).published;
  }
}

/** Whether two chosen sets are the same diagnostics (objects of one check) and notices of the same text. */
function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    if (a[index] !== b[index] && !(isNotice(a[index]) && isNotice(b[index]) && a[index].message === b[index].message))
      return false;
  }
  return true;
}

function isNotice(diagnostic: Diagnostic): boolean {
  return diagnostic.data.violation === 'problems-not-shown';
}
