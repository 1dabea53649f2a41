// Hostile documents open in an editor, over LSP with the built server (dist/server.js): each gets
// the result its case names; a healthy document opened after them still gets its diagnostics
// (the hostile ones delay it at most by their bounded cost: the only timing here is the client's
// generous wait, a hang guard); the server keeps serving edits and code actions, and exits cleanly.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatedCase } from '../hostile/support/generatedCases';
import { expectationProblems } from '../hostile/support/caseRunner';
import { assertOpenCaseResult } from './generatedResults';
import { rulePageInvalidFixture } from '../server/fixtures';
import { LspTestClient } from '../server/lspClient';
import { apartFromDeclarationValidity, elicitationOnly } from '../support/ruleScope';
import type { NodeInitializationOptions } from '../../server/src/lsp/nodeRuntime';

/** A hang guard, not a performance target: a loaded CI machine is slow, a hung server is forever. */
const HANG_GUARD_MS = 120_000;
/**
 * The checker's base budget, given on `initialize` (checkBudgetMs, read by Node's runtime on its thread
 * and in its document workers; the extension gives none): what the budget's case asserts is *that*
 * the budget bounds the work, the same at 300 ms as at the real 1 s (a pattern gets 100 ms of it at
 * most), and it is checked twice here. The per-million-characters part is left as it is, so the 5 MB
 * case keeps most of its budget. The thorough file (anyof-ref-exponential) and hostileWorkspace.test.ts,
 * whose fixtures' expectations name what the real budget reaches, run under the real 1 s.
 */
const TEST_BUDGET: NodeInitializationOptions = { checkBudgetMs: 300 };

const HOSTILE = [
  // The budget's case; anyof-ref-exponential, a second one, is in hostileDocuments.thorough.test.ts.
  'catastrophic-backreference-steps',
  'nesting-in-content',
  'nesting-root-arrays',
  'string-5mb-content',
  'long-names-in-every-message',
  'syntax-error-flood',
  'yaml-nesting-20000',
];

function violationsOf(diagnostics: Array<{ data?: unknown }>): string[] {
  return diagnostics.map((diagnostic) => String((diagnostic.data as { violation?: unknown } | undefined)?.violation));
}

describe('hostile documents open in the editor', () => {
  let client: LspTestClient;
  const texts = new Map<string, string>();
  const uriOf = (name: string) => `file:///mcpdesc-hostile/${name}.mcpdesc.${generatedCase(name).format ?? 'json'}`;
  const healthy = 'file:///mcpdesc-hostile/healthy.mcpdesc.json';

  before(async () => {
    // Each case's whole result is compared, so the per-file cap (test/server/visibleRanges.test.ts)
    // is raised above the largest case: long-names-in-every-message has 1,000 steps to report, plus
    // the declaration rule's findings. The cases (and the healthy rule page example) are partial
    // documents whose results are the consistency rule's: the elicitation preset.
    client = await LspTestClient.start({
      timeoutMs: HANG_GUARD_MS,
      settings: elicitationOnly({ maxProblemsPerFile: 10_000 }),
      initializationOptions: TEST_BUDGET,
    });
    // All hostile documents first, then the healthy one: its check queues behind theirs.
    for (const name of HOSTILE) {
      const text = generatedCase(name).build();
      texts.set(name, text);
      await client.open(uriOf(name), text, generatedCase(name).format ?? 'json');
    }
    await client.open(healthy, rulePageInvalidFixture().text);
  });

  after(async () => {
    assert.equal(await client.stop(), 0, 'the server exits cleanly after all of it');
  });

  it('checks the healthy document opened after the hostile ones', async () => {
    assert.deepEqual(violationsOf(await client.diagnosticsFor(healthy, 1)).sort(), [
      'invalid-content',
      'schema-mismatch',
      'unexpected-content',
      'unknown-declaration',
    ]);
  });

  for (const name of HOSTILE) {
    it(`gives ${name} the result its case names`, async () => {
      assertOpenCaseResult(name, texts.get(name)!, await client.diagnosticsFor(uriOf(name), 1));
    });
  }

  it('keeps serving: an edit to the healthy document is checked, code actions on a hostile one answer', async () => {
    const document = client.document(healthy);
    // Dropping the unknown name leaves a step without a declaration: allowed, its response still checked.
    const member = '"declaration": "missing",';
    const start = document.getText().indexOf(member);
    const version = await client.applyEdits(healthy, [
      { range: { start: document.positionAt(start), end: document.positionAt(start + member.length) }, newText: '' },
    ]);
    assert.deepEqual(violationsOf(await client.diagnosticsFor(healthy, version)).sort(), [
      'invalid-content',
      'schema-mismatch',
      'unexpected-content',
    ]);

    const hostile = uriOf('catastrophic-backreference-steps');
    const [first] = await client.diagnosticsFor(hostile, 1);
    const actions = await client.codeActions(hostile, first.range, [first]);
    assert.ok(Array.isArray(actions));
  });

  it('re-checks a hostile document after an edit, with the same bounded result', async () => {
    const name = 'catastrophic-backreference-steps';
    const version = await client.applyEdits(uriOf(name), [
      { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, newText: ' ' },
    ]);
    const reported = apartFromDeclarationValidity(await client.diagnosticsFor(uriOf(name), version)).map((diagnostic) => ({
      violation: violationsOf([diagnostic])[0],
      message: String(diagnostic.message),
    }));
    assert.deepEqual(expectationProblems(generatedCase(name).expect, reported), []);
  });
});
