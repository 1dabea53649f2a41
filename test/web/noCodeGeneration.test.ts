// The browser build's server where the host refuses generated code, as under a content security
// policy without 'unsafe-eval' (the format's web editor, vscode.dev-like hosts): its web worker's
// context (and its document workers') has V8's code generation from strings off, so `new Function`
// throws. The format's schema runs precompiled, the requested schemas the walker reads run as
// everywhere, and a schema only ajv could compile gets one notice saying what was not checked:
// the same diagnostics as a server that may generate code, but for that. Never a crash, never a
// false error. (test-e2e/webWorker.ts runs the same in Chromium under such a policy.)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { DOCUMENT_RULES_ON } from './hostileScenario';
import { startWorkerServer, type WorkerServer } from './workerServer';
import { NO_CODE_GENERATION_DOCUMENTS, NO_CODE_GENERATION_REASON } from './noCodeGenerationScenario';

const FOLDER = 'vscode-vfs://github/acme/no-eval';

function summary(diagnostic: Diagnostic): string {
  const { start, end } = diagnostic.range;
  const violation = (diagnostic.data as { violation?: string } | undefined)?.violation;
  return `${start.line}:${start.character}-${end.line}:${end.character} ${String(diagnostic.code)} ${violation} ${diagnostic.message}`;
}

describe('the browser build where generated code is refused (no unsafe-eval)', () => {
  let refused: WorkerServer;
  let allowed: WorkerServer;

  before(async () => {
    refused = startWorkerServer({ settings: DOCUMENT_RULES_ON, noCodeGeneration: true });
    allowed = startWorkerServer({ settings: DOCUMENT_RULES_ON });
    await refused.session.initialize(null, { docsBaseUri: 'https://extension.test/docs/' });
    await allowed.session.initialize(null, { docsBaseUri: 'https://extension.test/docs/' });
  });

  after(async () => {
    await refused.stop();
    await allowed.stop();
  });

  for (const document of NO_CODE_GENERATION_DOCUMENTS) {
    it(document.title, { timeout: 60_000 }, async () => {
      const uri = `${FOLDER}/${document.name}`;
      await refused.session.open(uri, 'json', document.text);
      await allowed.session.open(uri, 'json', document.text);
      const without = (await refused.session.diagnostics(uri)).map(summary);
      const withEval = (await allowed.session.diagnostics(uri)).map(summary);
      // What a server that may compile reports, but for the findings only ajv's compile gives.
      assert.deepEqual(
        without.filter((line) => !line.includes(NO_CODE_GENERATION_REASON)),
        withEval.filter((line) => !document.needsCompile.some((part) => line.includes(part))),
      );
      assert.deepEqual(
        without.filter((line) => line.includes(NO_CODE_GENERATION_REASON)).map((line) => line.split(' ').slice(0, 3).join(' ')),
        document.notices,
      );
      // The document's own findings are there (the comparison is not of two empty lists).
      assert.ok(withEval.length >= document.minimumFindings, withEval.join('\n'));
      assert.deepEqual(refused.errors, []);
    });
  }
});
