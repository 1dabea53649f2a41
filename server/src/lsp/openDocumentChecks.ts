// Checks of documents open in the editor: the scheduler's job (check the newest text, publish with
// its version unless it was overtaken) and, for code actions, navigation, fix-all and the status
// item, queries on the check of exactly the version the client is looking at. Where the check runs
// and is kept is the OpenChecks' (this thread, or document workers: openChecks.ts); this adds what
// only the server knows: the document's settings and recognition path, configuration files, the log
// and the publisher.
import { ResponseError, type TextDocuments } from 'vscode-languageserver';
import type { McpdescSettings } from '../../../shared/src/settings';
import { fileDecision, isConfigFile } from '../host/documentPolicy';
import type { DocumentSettings } from './documentSettings';
import type { QueryAnswers, QueryKind, QueryOf } from './documentQueries';
import { TaskResponseError } from './documentWorker';
import { settingsForOpenDocument } from './editorFeatures';
import { publishLimitsOf, type DiagnosticsPublisher } from './diagnosticsPublisher';
import type { OpenChecks, PlainOutcome } from './openChecks';
import type { OpenDocument } from './openDocument';
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
  /** Where documents are checked and their checks kept: this thread, or document workers (openChecks.ts). */
  openChecks: OpenChecks;
  /** Where the rule pages are (the runtime's). */
  docsBaseUri: () => string;
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
    const version = document.version;
    const started = performance.now();
    const outcome = await this.run(document, resolved);
    if (afterEdit) document.editChecked(performance.now() - started);
    if (documents.get(uri) !== document || document.version !== version) return; // overtaken: a newer check is queued
    switch (outcome.kind) {
      case 'checked':
        publisher.publish(uri, outcome.diagnostics, version, publishLimitsOf(resolved, this.deps.docsBaseUri()));
        break;
      case 'tooLarge':
      case 'failed':
      case 'config':
      case 'unfinished':
        publisher.publish(uri, outcome.diagnostics, version);
        break;
      case 'skipped':
        publisher.clear(uri);
        break;
    }
  };

  /**
   * Answers `query` on the check of the document's current version (checked now when none is kept),
   * where the check is kept; undefined when that version is not checked (disabled, not mcpdesc, a
   * configuration file, check failed or unfinished, or overtaken).
   */
  async ask<K extends QueryKind>(uri: string, query: QueryOf<K>): Promise<QueryAnswers[K] | undefined> {
    const document = this.deps.documents.get(uri);
    if (!document) return undefined;
    const version = document.version;
    const pulled = await this.deps.documentSettings.forOpenDocument(uri);
    const current = this.deps.documents.get(uri);
    if (current !== document || current.version !== version) return undefined;
    const path = this.deps.folders.recognitionPath(uri);
    if (isConfigFile(path)) return undefined;
    try {
      return await this.deps.openChecks.ask(
        { document, settings: this.settingsFor(document, pulled), path, docsBaseUri: this.deps.docsBaseUri() },
        query,
      );
    } catch (error) {
      // An LSP error the client is to see as it is (a rename that cannot be done), wherever it was made.
      if (error instanceof TaskResponseError) throw new ResponseError(error.code, error.message);
      throw error;
    }
  }

  private settingsFor(document: OpenDocument, settings: McpdescSettings): McpdescSettings {
    return settingsForOpenDocument(settings, document.languageId, this.deps.editorReportsJsonSyntax === true);
  }

  private async run(document: OpenDocument, settings: McpdescSettings): Promise<PlainOutcome> {
    const path = this.deps.folders.recognitionPath(document.uri);
    if (isConfigFile(path)) return this.configOutcome(document, path, settings);
    const version = document.version;
    const { outcome } = await this.deps.openChecks.check({ document, settings, path, docsBaseUri: this.deps.docsBaseUri() });
    if (outcome.kind === 'failed') this.deps.log(`Checking ${document.uri} (version ${version}) failed: ${outcome.error}`);
    if (outcome.kind === 'unfinished')
      this.deps.log(`Checking ${document.uri} (version ${version}) did not finish: ${outcome.reason}.`);
    return outcome;
  }

  /** A configuration file open in the editor: its text as typed is judged, and saved it takes effect. */
  private configOutcome(document: OpenDocument, path: string, settings: McpdescSettings): PlainOutcome {
    document.forgetIncremental();
    if (fileDecision(path, settings) === 'disabled') return { kind: 'skipped' };
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
