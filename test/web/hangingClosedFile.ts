// The browser build's server with a closed file of the workspace whose check never ends (webWorkerScope.ts
// `hangOn`) beside another: shared by the fast tier (a short time box given on `initialize`) and the
// thorough tier (the build's own time box, so that its real default stays tested).
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { rulePageInvalidFixture } from '../server/fixtures';
import { isUnfinishedNotice } from './hostileScenario';
import { startWorkerServer } from './workerServer';
import { elicitationOnly } from '../support/ruleScope';

export const ROOT = 'vscode-vfs://github/acme/hostile';
export const DOCS_BASE = 'https://extension.test/mcpdesc/docs/rules/';
export const HANGS = 'hangs';

export function violations(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => String((diagnostic.data as { violation?: unknown } | undefined)?.violation)).sort();
}

/**
 * A closed file whose check never ends gets the notice (returned, for its message), the other file
 * its problems; `timeBoxMs` is the box given on `initialize`, if any.
 */
export async function hangingClosedFile(timeBoxMs?: number): Promise<Diagnostic> {
  const fixture = rulePageInvalidFixture();
  const files = new Map([
    [`${ROOT}/${HANGS}-closed.mcpdesc.json`, fixture.text],
    [`${ROOT}/other.mcpdesc.json`, fixture.text],
  ]);
  // The other file's problems are the elicitation rule's: the rule page's example is its preset.
  const server = startWorkerServer({ files, hangOn: HANGS, settings: elicitationOnly() });
  try {
    await server.session.initialize([{ uri: ROOT, name: 'hostile' }], { docsBaseUri: DOCS_BASE, timeBoxMs });
    await server.session.logLine('Workspace scan done');
    const [notice, ...others] = await server.session.diagnostics(`${ROOT}/${HANGS}-closed.mcpdesc.json`);
    assert.deepEqual(others, []);
    assert.ok(isUnfinishedNotice(notice), String(notice.message));
    assert.deepEqual(violations(await server.session.diagnostics(`${ROOT}/other.mcpdesc.json`)), [
      'invalid-content',
      'schema-mismatch',
      'unexpected-content',
      'unknown-declaration',
    ]);
    assert.deepEqual(server.errors, []);
    return notice;
  } finally {
    await server.stop();
  }
}
