// Cases of the browser build's server beside hostile documents shared by the fast tier
// (hostileDocuments.test.ts) and the thorough one (hostileDocuments.thorough.test.ts): one of the
// issue's documents beside a small one; a closed file of the workspace whose check never ends
// (webWorkerScope.ts `hangOn`) beside another, under a short time box given on `initialize` (fast)
// or the build's own (thorough, so that its real default stays tested).
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { rulePageInvalidFixture } from '../server/fixtures';
import { hostileBesideSmall, hostileOutcomeProblem, isUnfinishedNotice } from './hostileScenario';
import { startWorkerServer, type WorkerServer } from './workerServer';
import { elicitationOnly } from '../support/ruleScope';

export const ROOT = 'vscode-vfs://github/acme/hostile';
export const DOCS_BASE = 'https://extension.test/mcpdesc/docs/rules/';
export const HANGS = 'hangs';
/** The name of issue 32's uniqueItems document in HOSTILE_DOCUMENTS. */
export const UNIQUE_ITEMS = 'unique-items';

export function violations(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => String((diagnostic.data as { violation?: unknown } | undefined)?.violation)).sort();
}

const NO_WORKER_LOG = 'Could not start a worker';

/**
 * One of the issue's documents (hostileScenario.ts) opened on `server` (under a folder of its own),
 * then a small one: the small one is checked and answered; the hostile one is cut or finishes.
 */
export async function issueDocumentBesideSmall(
  server: WorkerServer,
  hostile: { name: string; build: () => string },
): Promise<void> {
  const observed = await hostileBesideSmall(server.session, ROOT, rulePageInvalidFixture().text, [hostile], hostile.name);
  for (const violation of ['invalid-content', 'schema-mismatch', 'unexpected-content', 'unknown-declaration'])
    assert.ok(violations(observed.small).includes(violation), `${violation} in ${violations(observed.small).join(', ')}`);
  assert.ok(observed.outline > 0, 'its outline is answered');
  const [{ diagnostics }] = observed.hostile;
  assert.equal(hostileOutcomeProblem(diagnostics), undefined, JSON.stringify(diagnostics).slice(0, 300));
  assert.deepEqual(
    observed.log.filter((line) => line.startsWith(NO_WORKER_LOG)),
    [],
  );
  assert.deepEqual(server.errors, []);
}

/**
 * A server of the browser build whose workspace holds a closed file whose check never ends beside
 * another, initialized with `timeBoxMs` as the box given on `initialize`, if any.
 */
export async function startWithHangingClosedFile(timeBoxMs?: number): Promise<WorkerServer> {
  const fixture = rulePageInvalidFixture();
  const files = new Map([
    [`${ROOT}/${HANGS}-closed.mcpdesc.json`, fixture.text],
    [`${ROOT}/other.mcpdesc.json`, fixture.text],
  ]);
  // The other file's problems are the elicitation rule's: the rule page's example is its preset.
  const server = startWorkerServer({ files, hangOn: HANGS, settings: elicitationOnly() });
  await server.session.initialize([{ uri: ROOT, name: 'hostile' }], { docsBaseUri: DOCS_BASE, timeBoxMs });
  return server;
}

/** On such a server, the closed file whose check never ends gets the notice (returned, for its message), the other file its problems. */
export async function assertHangingClosedFile(server: WorkerServer): Promise<Diagnostic> {
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
}

/** assertHangingClosedFile on a server of its own, started with `timeBoxMs` (or the build's own box). */
export async function hangingClosedFile(timeBoxMs?: number): Promise<Diagnostic> {
  const server = await startWithHangingClosedFile(timeBoxMs);
  try {
    return await assertHangingClosedFile(server);
  } finally {
    await server.stop();
  }
}
