// Checks of documents open in the editor: the scheduler's job (check the newest text, publish with
// its version unless it was overtaken) and, for code actions, the result of exactly the version the
// client is looking at.
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { McpdescSettings } from '../../../shared/src/settings';
import { checkTextDocument, type CheckOutcome } from './documentChecker';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import type { CachedCheck, DocumentStates } from './documentStates';
import type { SettingsResolver } from './settingsResolver';
import type { WorkspaceFolders } from './workspaceFolders';

export interface OpenDocumentChecksDeps {
  documents: TextDocuments<TextDocument>;
  states: DocumentStates;
  settings: SettingsResolver;
  folders: WorkspaceFolders;
  publisher: DiagnosticsPublisher;
  log: (message: string) => void;
}

export class OpenDocumentChecks {
  constructor(private readonly deps: OpenDocumentChecksDeps) {}

  /** The scheduler's job for an open document. */
  readonly check = async (uri: string): Promise<void> => {
    const { documents, settings, publisher, states } = this.deps;
    if (!documents.get(uri)) return;
    const resolved = await settings.forResource(uri);
    // Read the text only now: edits that arrived while settings were pulled are included.
    const document = documents.get(uri);
    if (!document) return;
    const outcome = this.run(document, resolved);
    if (documents.get(uri)?.version !== document.version) return; // overtaken: a newer check is queued
    switch (outcome.kind) {
      case 'checked':
        states.remember(uri, { version: document.version, result: outcome.result, settings: resolved });
        publisher.publish(uri, outcome.result.diagnostics, document.version);
        break;
      case 'failed':
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
    const resolved = await this.deps.settings.forResource(document.uri);
    const current = this.deps.documents.get(document.uri);
    if (!current || current.version !== document.version) return undefined;
    const outcome = this.run(current, resolved);
    if (outcome.kind !== 'checked') return undefined;
    const fresh: CachedCheck = { version: current.version, result: outcome.result, settings: resolved };
    this.deps.states.remember(current.uri, fresh);
    return fresh;
  }

  /** The same, by URI (for request handlers such as navigation): undefined when the document is not open. */
  async checkResultOf(uri: string): Promise<CachedCheck['result'] | undefined> {
    const document = this.deps.documents.get(uri);
    return document ? (await this.resultFor(document))?.result : undefined;
  }

  private run(document: TextDocument, settings: McpdescSettings): CheckOutcome {
    const outcome = checkTextDocument(
      {
        uri: document.uri,
        text: document.getText(),
        path: this.deps.folders.recognitionPath(document.uri),
        languageId: document.languageId,
      },
      settings,
    );
    if (outcome.kind === 'failed') {
      this.deps.log(`Checking ${document.uri} (version ${document.version}) failed: ${outcome.error}`);
    }
    return outcome;
  }
}
