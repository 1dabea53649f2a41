// Checks of documents open in the editor: the scheduler's job (check the newest text, publish with
// its version unless it was overtaken) and, for code actions and navigation, the result of exactly
// the version the client is looking at. What is checked and how is each OpenDocument's own (its
// edits, incremental state, debounce and last result); this adds what only the server knows: the
// document's settings and recognition path, configuration files, the log and the publisher.
import type { TextDocuments } from 'vscode-languageserver';
import type { McpdescSettings } from '../../../shared/src/settings';
import { isConfigFileName } from '../checker';
import type { DocumentSettings } from './documentSettings';
import { settingsForOpenDocument } from './editorFeatures';
import { publishLimitsOf, type DiagnosticsPublisher } from './diagnosticsPublisher';
import type { CheckOutcome } from '../host/documentPolicy';
import { incrementalChecker, type CachedCheck, type OpenChecker, type OpenDocument } from './openDocument';
import type { SettingsResolver } from './settingsResolver';
import type { WorkspaceFolders } from './workspaceFolders';

export interface OpenDocumentChecksDeps {
  documents: TextDocuments<OpenDocument>;
  settings: SettingsResolver;
  documentSettings: DocumentSettings;
  folders: WorkspaceFolders;
  publisher: DiagnosticsPublisher;
  log: (message: string) => void;
  /** The client's editor reports the syntax errors of open JSON and JSONC documents (see editorFeatures.ts). */
  editorReportsJsonSyntax?: boolean;
  /** What starts a document's check (IncrementalDocument's; the tests' faulting server injects one that throws). */
  checker?: OpenChecker;
}

export class OpenDocumentChecks {
  constructor(private readonly deps: OpenDocumentChecksDeps) {}

  /** The scheduler's job for an open document. */
  readonly check = async (uri: string): Promise<void> => {
    const { documents, documentSettings, publisher } = this.deps;
    if (!documents.get(uri)) return;
    const pulled = await documentSettings.forOpenDocument(uri);
    // Read the text only now: edits that arrived while settings were pulled are included.
    const document = documents.get(uri);
    if (!document) return;
    const resolved = this.settingsFor(document, pulled);
    const afterEdit = document.changedSinceCheck;
    const previous = document.checkFor(document.version);
    const started = performance.now();
    const outcome = this.run(document, resolved);
    const elapsedMs = performance.now() - started;
    if (afterEdit) document.editChecked(elapsedMs);
    // A re-check of the same text with the same settings hands back the last result without checking:
    // the time the status item shows stays that of the check that made it.
    const durationMs = outcome.kind === 'checked' && previous?.result === outcome.result ? previous.durationMs : elapsedMs;
    if (documents.get(uri)?.version !== document.version) return; // overtaken: a newer check is queued
    switch (outcome.kind) {
      case 'checked':
        document.remember({ version: document.version, result: outcome.result, settings: resolved, durationMs });
        publisher.publish(uri, outcome.result.diagnostics, document.version, publishLimitsOf(resolved));
        break;
      case 'tooLarge':
      case 'failed':
      case 'config':
        document.remember(undefined);
        publisher.publish(uri, outcome.diagnostics, document.version);
        break;
      case 'skipped':
        document.remember(undefined);
        publisher.clear(uri);
        break;
    }
  };

  /**
   * The check result of the document's current version (re-checked when the cache is older), or
   * undefined when that version is not checked (disabled, not mcpdesc, check failed, or overtaken).
   */
  async resultFor(document: OpenDocument): Promise<CachedCheck | undefined> {
    const cached = document.checkFor(document.version);
    if (cached) return cached;
    const pulled = await this.deps.documentSettings.forOpenDocument(document.uri);
    const current = this.deps.documents.get(document.uri);
    if (!current || current.version !== document.version) return undefined;
    const resolved = this.settingsFor(current, pulled);
    const started = performance.now();
    const outcome = this.run(current, resolved);
    if (outcome.kind !== 'checked') return undefined;
    const fresh: CachedCheck = {
      version: current.version,
      result: outcome.result,
      settings: resolved,
      durationMs: performance.now() - started,
    };
    current.remember(fresh);
    return fresh;
  }

  private settingsFor(document: OpenDocument, settings: McpdescSettings): McpdescSettings {
    return settingsForOpenDocument(settings, document.languageId, this.deps.editorReportsJsonSyntax === true);
  }

  /** The same, by URI (for request handlers such as navigation): undefined when the document is not open. */
  async checkResultOf(uri: string): Promise<CachedCheck['result'] | undefined> {
    const document = this.deps.documents.get(uri);
    return document ? (await this.resultFor(document))?.result : undefined;
  }

  private run(document: OpenDocument, settings: McpdescSettings): CheckOutcome {
    const path = this.deps.folders.recognitionPath(document.uri);
    const outcome = isConfigFileName(path)
      ? this.configOutcome(document, settings)
      : document.check(settings, path, this.deps.checker ?? incrementalChecker);
    if (outcome.kind === 'failed')
      this.deps.log(`Checking ${document.uri} (version ${document.version}) failed: ${outcome.error}`);
    return outcome;
  }

  /** A configuration file open in the editor: its text as typed is judged, and saved it takes effect. */
  private configOutcome(document: OpenDocument, settings: McpdescSettings): CheckOutcome {
    document.forgetIncremental();
    if (!settings.enable) return { kind: 'skipped' };
    const paths = this.deps.folders.paths;
    const fsPath = paths.uriToFsPath(document.uri);
    const folder = paths.dirname(fsPath);
    const scope = this.deps.documentSettings.scopeOf(document.uri) ?? {
      boundary: folder,
      realBoundary: paths.realPath(folder),
      recognitionRoot: folder,
    };
    return { kind: 'config', diagnostics: this.deps.documentSettings.configs.diagnosticsOf(fsPath, document.getText(), scope) };
  }
}
