// Fuzzing the checker with mutated fixtures (test-fixtures/expected-valid, expected-invalid, and the
// YAML twins in test-fixtures/yaml, checked as YAML).
// For every mutated text: no exception (and no internal-error diagnostic, which is an exception the
// checker caught), every range inside the document, the same diagnostics when checked again, and
// every offered fix (each diagnostic's, and fix-all) leaves a text that parses when the input did,
// and "Declare elicitation" removes its diagnostic and adds none (spec section 3).
//
// A run is fixed by its seed; each iteration has its own seed derived from it, so one failing
// iteration replays alone:
//   MCPDESC_FUZZ_ITERATIONS=100000 node --test out/test/hostile/fuzz.thorough.test.js    (a long run)
//   MCPDESC_FUZZ_SEED=7 MCPDESC_FUZZ_ONLY=1234 node --test out/test/hostile/fuzz.thorough.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { applyEdits, checkDocument, type CheckResult, type Diagnostic, type DocumentFormat } from '../../server/src/checker';
import { fixtureCorpus, type CorpusDocument } from '../support/fixtureCorpus';
import { fixProblems, parsesAs } from './support/fixChecks';
import { MUTATIONS } from './support/mutations';
import { rangesOutside } from './support/positions';
import { SeededRandom } from '../support/random';

const SEED = Number(process.env.MCPDESC_FUZZ_SEED ?? 20261130);
const ITERATIONS = Number(process.env.MCPDESC_FUZZ_ITERATIONS ?? 150);
const ONLY = process.env.MCPDESC_FUZZ_ONLY === undefined ? undefined : Number(process.env.MCPDESC_FUZZ_ONLY);
const MAX_REPORTED = 5;

type Seedling = CorpusDocument;

interface Mutant {
  from: string;
  steps: string[];
  text: string;
  format: DocumentFormat;
}

function mutate(seedlings: Seedling[], iteration: number): Mutant {
  const random = new SeededRandom((SEED ^ Math.imul(iteration + 1, 0x9e3779b1)) >>> 0);
  const seedling = random.pick(seedlings);
  let text = seedling.text;
  const steps: string[] = [];
  const count = 1 + random.below(3);
  for (let index = 0; index < count; index++) {
    const mutation = random.pick(MUTATIONS);
    text = mutation.apply(text, random);
    steps.push(mutation.name);
  }
  return { from: seedling.name, steps, text, format: seedling.format };
}

/** What is wrong with the checker's answer for one text, described (empty when nothing). */
function problemsWith(text: string, format: DocumentFormat): string[] {
  let result;
  try {
    result = checkDocument(text, { format });
  } catch (error) {
    return [`checkDocument threw: ${error instanceof Error ? error.stack : String(error)}`];
  }
  const problems: string[] = [];
  for (const diagnostic of result.diagnostics) {
    if (diagnostic.data.violation === 'internal-error') problems.push(`internal error reported: ${diagnostic.message}`);
  }
  problems.push(...rangesOutside(text, result.diagnostics));
  const again = checkDocument(text, { format });
  try {
    assert.deepEqual(again.diagnostics, result.diagnostics);
  } catch {
    problems.push('checking the same text twice gave different diagnostics');
  }
  try {
    problems.push(...fixProblems(result, { format }));
    problems.push(...declareProblems(result, format));
  } catch (error) {
    problems.push(`a fix threw: ${error instanceof Error ? error.stack : String(error)}`);
  }
  return problems;
}

function countsByViolation(diagnostics: readonly Diagnostic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const diagnostic of diagnostics) counts.set(diagnostic.data.violation, (counts.get(diagnostic.data.violation) ?? 0) + 1);
  return counts;
}

/**
 * The spec's promise for "Declare elicitation": applying it removes that diagnostic and adds none.
 * Checked on texts that parse cleanly (on broken text, what an insertion means is the parser's guess).
 */
function declareProblems(result: CheckResult, format: DocumentFormat): string[] {
  if (!parsesAs(result.text, format)) return [];
  const before = countsByViolation(result.diagnostics);
  const problems: string[] = [];
  for (const diagnostic of result.diagnostics) {
    if (diagnostic.data.violation !== 'unknown-declaration') continue;
    for (const fix of result.fixesFor(diagnostic)) {
      if (!fix.title.startsWith('Declare elicitation')) continue;
      const after = countsByViolation(checkDocument(applyEdits(result.text, fix.edits), { format }).diagnostics);
      if ((after.get('unknown-declaration') ?? 0) >= (before.get('unknown-declaration') ?? 0)) {
        problems.push(`'${fix.title.slice(0, 80)}' did not remove its diagnostic`);
      }
      for (const [violation, count] of after) {
        if (count > (before.get(violation) ?? 0)) problems.push(`'${fix.title.slice(0, 80)}' added a ${violation} diagnostic`);
      }
    }
  }
  return problems;
}

describe('fuzzing the checker with mutated fixtures', () => {
  it(`${ONLY === undefined ? ITERATIONS : 1} mutants (seed ${SEED})`, () => {
    const seedlings = fixtureCorpus();
    assert.ok(seedlings.length > 20, 'the fixture corpus is there');
    const failures: string[] = [];
    const first = ONLY ?? 0;
    const last = ONLY ?? ITERATIONS - 1;
    for (let iteration = first; iteration <= last && failures.length < MAX_REPORTED; iteration++) {
      const mutant = mutate(seedlings, iteration);
      const problems = problemsWith(mutant.text, mutant.format);
      if (problems.length === 0) continue;
      const saved = path.join(os.tmpdir(), `mcpdesc-fuzz-${SEED}-${iteration}.${mutant.format}`);
      fs.writeFileSync(saved, mutant.text);
      failures.push(
        `iteration ${iteration} (${mutant.from}; ${mutant.steps.join(', ')}; text saved to ${saved}; replay with MCPDESC_FUZZ_SEED=${SEED} MCPDESC_FUZZ_ONLY=${iteration}):\n  ${problems.slice(0, 3).join('\n  ')}`,
      );
    }
    assert.deepEqual(failures, []);
  });
});
