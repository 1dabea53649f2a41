// Checks of documents open in the editor: the scheduler's job (check the newest text, publish with
// its version unless it was overtaken) and, for code actions, the result of exactly the version the
// client is looking at. Each open mcpdesc document keeps an IncrementalDocument, fed the composed
// span of the edits since its last check, so an edit inside one tool re-checks that tool only.
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { McpdescSettings } from '../../../shared/src/settings';
import { IncrementalDocument, isConfigFileName, type CheckOptions, type CheckResult } from '../checker';
import type { DocumentSettings } from './documentSettings';
import { checkTextDocument, type CheckOutcome } from './documentChecker';
import { settingsForOpenDocument } from './editorFeatures';
import { publishLimitsOf, type DiagnosticsPublisher } from './diagnosticsPublisher';
import type { CachedCheck, DocumentStates, IncrementalState } from './documentStates';
import type { EditSpans } from './editSpans';
import { dirname } from 'node:path';
import { exceedsLimit, maxFileBytes, realPathOf } from '../host';
import { internalErrorNotice } from '../checker';
import { describeError } from './internalErrorDiagnostic';
import { KeystrokeDebounce } from './keystrokeDebounce';
import type { SettingsResolver } from './settingsResolver';
import { uriToFsPath, type WorkspaceFolders } from './workspaceFolders';

export interface OpenDocumentChecksDeps {
  documents: TextDocuments<TextDocument>;
  states: DocumentStates;
  spans: EditSpans;
  settings: SettingsResolver;
  documentSettings: DocumentSettings;
  folders: WorkspaceFolders;
  publisher: DiagnosticsPublisher;
  log: (message: string) => void;
  /** The client's editor reports the syntax errors of open JSON and JSONC documents (see editorFeatures.ts). */
  editorReportsJsonSyntax?: boolean;
}

export class OpenDocumentChecks {
  private readonly debounce = new KeystrokeDebounce();

  constructor(private readonly deps: OpenDocumentChecksDeps) {}

  /** The document changed (call once per change): how long its check waits for the next change (see KeystrokeDebounce). */
  delayForEdit(uri: string, now = performance.now()): number {
    return this.debounce.delayFor(uri, now);
  }

  /** The document went away: nothing to remember about it. */
  forget(uri: string): void {
    this.debounce.forget(uri);
  }

  /** The scheduler's job for an open document. */
  readonly check = async (uri: string): Promise<void> => {
    const { documents, documentSettings, publisher, states } = this.deps;
    if (!documents.get(uri)) return;
    const pulled = await documentSettings.forOpenDocument(uri);
    // Read the text only now: edits that arrived while settings were pulled are included.
    const document = documents.get(uri);
    if (!document) return;
    const resolved = this.settingsFor(document, pulled);
    const afterEdit = this.deps.spans.has(uri);
    const started = performance.now();
    const outcome = this.run(document, resolved);
    if (afterEdit) this.debounce.editChecked(uri, performance.now() - started);
    if (documents.get(uri)?.version !== document.version) return; // overtaken: a newer check is queued
    switch (outcome.kind) {
      case 'checked':
        states.remember(uri, { version: document.version, result: outcome.result, settings: resolved });
        publisher.publish(uri, outcome.result.diagnostics, document.version, publishLimitsOf(resolved));
        break;
      case 'tooLarge':
      case 'failed':
      case 'config':
        states.forgetCheck(uri);
        publisher.publish(uri, outcome.diagnostics, document.version);
        break;
      case 'skipped':
        states.forgetCheck(uri);
        publisher.clear(uri);
        break;
    }
  };

  /**
   * The check result of the document's current version (re-checked when the cache is older), or
   * undefined when that version is not checked (disabled, not mcpdesc, check failed, or overtaken).
   */
  async resultFor(document: TextDocument): Promise<CachedCheck | undefined> {
    const cached = this.deps.states.checkFor(document.uri, document.version);
    if (cached) return cached;
    const pulled = await this.deps.documentSettings.forOpenDocument(document.uri);
    const current = this.deps.documents.get(document.uri);
    if (!current || current.version !== document.version) return undefined;
    const resolved = this.settingsFor(current, pulled);
    const outcome = this.run(current, resolved);
    if (outcome.kind !== 'checked') return undefined;
    const fresh: CachedCheck = { version: current.version, result: outcome.result, settings: resolved };
    this.deps.states.remember(current.uri, fresh);
    return fresh;
  }

  private settingsFor(document: TextDocument, settings: McpdescSettings): McpdescSettings {
    return settingsForOpenDocument(settings, document.languageId, this.deps.editorReportsJsonSyntax === true);
  }

  /** The same, by URI (for request handlers such as navigation): undefined when the document is not open. */
  async checkResultOf(uri: string): Promise<CachedCheck['result'] | undefined> {
    const document = this.deps.documents.get(uri);
    return document ? (await this.resultFor(document))?.result : undefined;
  }

  /**
   * Checks the document's current text. Every call moves the incremental state to that text (or
   * drops it): the edit spans taken here are exactly the changes since the state's own text.
   */
  private run(document: TextDocument, settings: McpdescSettings): CheckOutcome {
    const { states, spans, folders } = this.deps;
    const uri = document.uri;
    const text = document.getText();
    const path = folders.recognitionPath(uri);
    if (isConfigFileName(path)) return this.configOutcome(document, settings);
    const span = spans.take(uri);
    const previous = states.incrementalOf(uri);
    const reusable =
      previous && previous.settings === settings && previous.path === path && previous.languageId === document.languageId ? previous : undefined;
    states.setIncremental(uri, undefined);

    let updated: CheckResult | undefined;
    if (reusable && span && !exceedsLimit(text, maxFileBytes(settings.maxFileSizeMB))) {
      try {
        updated = reusable.document.update(text, span);
      } catch (error) {
        return this.failed(document, error, settings);
      }
      // Same settings, same path, and the edit stayed inside one tool element, so the root's members
      // (what recognition sniffs) are untouched: still an mcpdesc document, no need to sniff again.
      if (reusable.document.lastUpdateWasIncremental) {
        states.setIncremental(uri, reusable);
        return { kind: 'checked', result: updated };
      }
    } else if (reusable && reusable.document.result.text === text) {
      updated = reusable.document.result;
    }

    // Whatever checks the text from here on leaves an IncrementalDocument at it: the one updated
    // above, or a fresh one (first check, other settings or path, or nothing known about the edit).
    let built: IncrementalState | undefined;
    const checkIncrementally = (checkedText: string, options: CheckOptions): CheckResult => {
      if (updated && checkedText === text) {
        built = reusable;
        return updated;
      }
      const incremental = new IncrementalDocument(checkedText, options);
      built = { document: incremental, settings, path, languageId: document.languageId };
      return incremental.result;
    };
    const outcome = checkTextDocument({ uri, text, path, languageId: document.languageId }, settings, checkIncrementally);
    if (outcome.kind === 'checked') states.setIncremental(uri, built);
    if (outcome.kind === 'failed') this.deps.log(`Checking ${uri} (version ${document.version}) failed: ${outcome.error}`);
    return outcome;
  }

  /** A configuration file open in the editor: its text as typed is judged, and saved it takes effect. */
  private configOutcome(document: TextDocument, settings: McpdescSettings): CheckOutcome {
    this.deps.spans.take(document.uri);
    this.deps.states.setIncremental(document.uri, undefined);
    if (!settings.enable) return { kind: 'skipped' };
    const fsPath = uriToFsPath(document.uri);
    const scope = this.deps.documentSettings.scopeOf(document.uri) ?? { boundary: dirname(fsPath), realBoundary: realPathOf(dirname(fsPath)), recognitionRoot: dirname(fsPath) };
    return { kind: 'config', diagnostics: this.deps.documentSettings.configs.diagnosticsOf(fsPath, document.getText(), scope) };
  }

  private failed(document: TextDocument, error: unknown, settings: McpdescSettings): CheckOutcome {
    const outcome: CheckOutcome = { kind: 'failed', diagnostics: internalErrorNotice(error, { rules: settings.rules, docsBaseUri: shippedDocsBaseUri() }), error: describeError(error) };
    this.deps.log(`Checking ${document.uri} (version ${document.version}) failed: ${outcome.error}`);
    return outcome;
  }
}
