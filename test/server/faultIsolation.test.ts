// A document whose check throws gets one diagnostic saying so, the error is logged, and the server
// keeps serving every other document. No document makes the checker throw (the hostile fuzzing holds
// it to that), so the throw is forced by a test-only server entry that injects a faulting checker
// into the shipped server's startServer (test/support/faultingServer.ts); the shipped bundle has no
// such hook.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { CHECKER_RULE_ID, DIAGNOSTIC_SOURCE } from '../../shared/src/constants';
import { FAULT_MARKER, FAULT_MESSAGE } from '../support/faultingServer';
import { repoPath } from '../support/repo';
import { rulePageInvalidFixture, RULE_PAGE_DIAGNOSTIC_COUNT } from './fixtures';
import { LspTestClient } from './lspClient';
import { elicitationOnly } from '../support/ruleScope';
import { builtServerPath } from './repoRoot';

describe('a check that throws', () => {
  let client: LspTestClient;

  before(async () => {
    // The healthy document is the rule page fixture, counted by the elicitation rule: its preset.
    client = await LspTestClient.start({
      settings: elicitationOnly(),
      serverPath: repoPath('out', 'test', 'support', 'faultingServer.js'),
    });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
  });

  it('shows one internal-error diagnostic on that document and the others are still checked', async () => {
    const faulty = `file:///mcpdesc-test/fault/${FAULT_MARKER}.mcpdesc.json`;
    const healthy = 'file:///mcpdesc-test/fault/healthy.mcpdesc.json';
    const text = rulePageInvalidFixture().text;
    await client.open(faulty, text);
    await client.open(healthy, text);

    const [internal, ...others] = await client.diagnosticsFor(faulty, 1);
    assert.deepEqual(others, []);
    assert.equal(internal.code, CHECKER_RULE_ID);
    assert.equal(internal.source, DIAGNOSTIC_SOURCE);
    assert.deepEqual(internal.data, { violation: 'internal-error', offset: 0, length: 0 });
    assert.match(String(internal.message), new RegExp(`could not be checked.*${FAULT_MESSAGE}`));
    assert.ok(
      client.logMessages.some((log) => log.type === 1 && log.message.includes(faulty) && log.message.includes(FAULT_MESSAGE)),
      'the error (with its stack) is logged to the connection console',
    );

    assert.equal((await client.diagnosticsFor(healthy, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);

    // Both keep working after edits: the faulty one fails again, the healthy one follows its text.
    const faultyVersion = await client.applyEdits(faulty, [
      { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, newText: ' ' },
    ]);
    const document = client.document(healthy);
    const start = document.getText().indexOf('"missing"');
    const healthyVersion = await client.applyEdits(healthy, [
      {
        range: { start: document.positionAt(start), end: document.positionAt(start + '"missing"'.length) },
        newText: '"confirm"',
      },
    ]);
    assert.equal((await client.diagnosticsFor(faulty, faultyVersion)).length, 1);
    // steps[0] now names confirm, a form declaration, with its url request.
    assert.deepEqual(
      (await client.diagnosticsFor(healthy, healthyVersion)).map(
        (diagnostic) => (diagnostic.data as { violation: string }).violation,
      ),
      ['mode-mismatch', 'unexpected-content', 'schema-mismatch', 'invalid-content'],
    );
    // Code actions on the failed document answer (with nothing) instead of failing.
    assert.deepEqual(await client.codeActions(faulty, internal.range, [internal]), []);
  });

  it('the shipped server has no fault hook: nothing in its bundle reads an environment variable of the tests', () => {
    const bundle = fs.readFileSync(builtServerPath(), 'utf8');
    assert.ok(bundle.length > 100_000, 'the bundle was read');
    assert.doesNotMatch(bundle, /MCPDESC_TEST_|test fault injected/);
    assert.doesNotMatch(fs.readFileSync(repoPath('dist', 'checkWorker.js'), 'utf8'), /MCPDESC_TEST_|test fault injected/);
  });
});
