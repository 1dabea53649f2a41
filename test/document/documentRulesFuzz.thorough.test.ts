// Fuzzing the whole-document rules (mcpdesc.document.schema and .semantics, the mcpdesc:official
// preset): documents of the agreement corpus and spec-like generated ones, changed as values (a
// member replaced by a value of another type, a hostile schema or pattern, a large or repeated
// array, a deep nesting, a reference into a cycle, a member removed or added) and as text (the
// hostile fuzzer's mutations). For every mutant: the check never throws and never reports an
// internal error, every range lies inside the document, checking it again gives the same
// diagnostics, the one-tool shortcut agrees with a full check after an edit inside a tool, and the
// collapse of the format schema's errors is the plain scan's.
//
// A run is fixed by its seed; each iteration has its own seed derived from it, so one failing
// iteration replays alone:
//   MCPDESC_FUZZ_ITERATIONS=5000 node --test out/test/document/documentRulesFuzz.thorough.test.js
//   MCPDESC_FUZZ_SEED=7 MCPDESC_FUZZ_ONLY=1234 node --test out/test/document/documentRulesFuzz.thorough.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkDocument, IncrementalDocument, type CheckOptions, type DocumentFormat } from '../../server/src/checker';
import { collapse, wholeSchemaErrors } from '../../server/src/checker/rules/document/documentSchema';
import { syntaxOf } from '../../server/src/checker/syntax/syntaxOf';
import { itemsOf, memberOf } from '../../server/src/checker/syntax/tree';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';
import { generateDocument } from '../../bench/generate';
import { MUTATIONS } from '../hostile/support/mutations';
import { rangesOutside } from '../hostile/support/positions';
import { collapsePlain } from '../support/collapsePlain';
import { SeededRandom } from '../support/random';
import { REPO_ROOT } from '../support/repo';

const SEED = Number(process.env.MCPDESC_FUZZ_SEED ?? 20260321);
const ITERATIONS = Number(process.env.MCPDESC_FUZZ_ITERATIONS ?? 400);
const ONLY = process.env.MCPDESC_FUZZ_ONLY === undefined ? undefined : Number(process.env.MCPDESC_FUZZ_ONLY);
const MAX_REPORTED = 5;

const OFFICIAL: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Seedling {
  name: string;
  text: string;
  format: DocumentFormat;
}

function seedlings(): Seedling[] {
  const corpus = path.join(REPO_ROOT, 'test-fixtures', 'official-agreement');
  const found: Seedling[] = fs
    .readdirSync(corpus)
    .sort()
    .map((name) => ({
      name,
      text: fs.readFileSync(path.join(corpus, name), 'utf8'),
      format: name.endsWith('.json') ? 'json' : 'yaml',
    }));
  for (let seed = 0; seed < 3; seed++)
    found.push({
      name: `spec-like ${seed}`,
      text: generateDocument(4100 + seed, 12_000, { shape: 'spec-like' }),
      format: 'json',
    });
  return found;
}

/** Values a member may be replaced by: wrong types, hostile schemas and patterns, large and repeated arrays. */
function hostileValue(random: SeededRandom, sibling: Json): Json {
  const patterns = ['^(a+)+$', '^(?=a)(a|a)*$', '(a)\\1', '^(?:a?){999}$', '\\p{L}', '[', ''];
  switch (random.below(16)) {
    case 0:
      return null;
    case 1:
      return random.pick([0, -1, 1.5, 2 ** 53]);
    case 2:
      return random.pick(['', 'x', '2025-11-25', '#/components/schemas/Missing', 'file:///x', '__proto__']);
    case 3:
      return random.chance(0.5) ? [] : {};
    case 4:
      return { type: 'string', pattern: random.pick(patterns) };
    case 5:
      return { type: 'array', uniqueItems: true, items: random.pick<Json>([{}, { type: 'object' }, { type: 'string' }]) };
    case 6:
      return { anyOf: Array.from({ length: 20 }, (_, index) => ({ pattern: `^(?:a?){${100 + index}}$` })) };
    case 7:
      return { $ref: random.pick(['#', '#/$defs/a', 'https://example.com/s.json', '#/nowhere']), $defs: { a: { $ref: '#' } } };
    case 8:
      return { $componentRef: random.pick(['#/components/schemas/A', '#/components/toolExamples/e', '#/components/x/y', '#']) };
    case 9:
      return Array.from({ length: random.pick([2, 50, 2000]) }, () => sibling);
    case 10:
      return Array.from({ length: random.pick([10, 500]) }, (_, index) =>
        random.chance(0.5) ? { name: '' } : { name: `t${index % 3}` },
      );
    case 11: {
      let nested: Json = sibling;
      for (let depth = 0; depth < random.pick([5, 60]); depth++) nested = random.chance(0.5) ? [nested] : { a: nested };
      return nested;
    }
    case 12:
      return { enum: Array.from({ length: random.pick([3, 3000]) }, (_, index) => `v${index}`), type: 'string' };
    case 13:
      return random.pick<Json>([['2024-11-05', '2026-07-28'], ['2099-01-01'], [], '2025-06-18']);
    case 14:
      return Object.fromEntries(Array.from({ length: random.pick([3, 1000]) }, (_, index) => [`m${index}`, {}]));
    default:
      return { format: random.pick(['uri', 'email', 'date-time', 'regex', 'url']), type: 'string' };
  }
}

/** Every object member and array element of `value`, as a container and a key. */
function slotsOf(value: Json, slots: Array<{ container: Json[] | { [key: string]: Json }; key: string | number }> = []) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      slots.push({ container: value, key: index });
      slotsOf(item, slots);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      slots.push({ container: value, key });
      slotsOf(value[key], slots);
    }
  }
  return slots;
}

function mutateValue(value: Json, random: SeededRandom, steps: string[]): void {
  const slots = slotsOf(value);
  if (slots.length === 0) return;
  const { container, key } = random.pick(slots);
  const current = (container as Record<string | number, Json>)[key];
  const action = random.below(6);
  if (action === 0 && !Array.isArray(container)) {
    delete (container as Record<string, Json>)[key as string];
    steps.push(`removed ${String(key)}`);
  } else if (action === 1 && !Array.isArray(container)) {
    const name = random.pick(['x', 'x-extra', '_meta', 'examples', 'protocolVersions', 'clientRequirements', 'tags', 'security']);
    (container as Record<string, Json>)[name] = hostileValue(random, current);
    steps.push(`added ${name}`);
  } else {
    (container as Record<string | number, Json>)[key] = hostileValue(random, current);
    steps.push(`replaced ${String(key)}`);
  }
}

interface Mutant {
  from: string;
  steps: string[];
  text: string;
  format: DocumentFormat;
}

function mutate(all: Seedling[], iteration: number): Mutant {
  const random = new SeededRandom((SEED ^ Math.imul(iteration + 1, 0x9e3779b1)) >>> 0);
  const seedling = random.pick(all);
  const steps: string[] = [];
  let text = seedling.text;
  let format = seedling.format;
  if (seedling.format === 'json' && random.chance(0.8)) {
    const value = JSON.parse(text) as Json;
    for (let count = 1 + random.below(4); count > 0; count--) mutateValue(value, random, steps);
    text = random.chance(0.5) ? JSON.stringify(value) : JSON.stringify(value, null, 2);
    format = 'json';
  }
  if (steps.length === 0 || random.chance(0.2)) {
    const mutation = random.pick(MUTATIONS);
    text = mutation.apply(text, random);
    steps.push(mutation.name);
  }
  return { from: seedling.name, steps, text, format };
}

/** Whether the time budget ran out in this check (its notices then depend on the machine's speed). */
function ranOutOfTime(diagnostics: ReadonlyArray<{ data: { violation: string }; message: string }>): boolean {
  return diagnostics.some(
    (diagnostic) => diagnostic.data.violation === 'skipped' && /time budget|took too long/.test(diagnostic.message),
  );
}

/** Mutants the whole-document rules found something in: the fuzzer is not just feeding them unreadable text. */
let withDocumentFindings = 0;

function problemsWith({ text, format }: Mutant): string[] {
  const options = { ...OFFICIAL, format };
  let result;
  try {
    result = checkDocument(text, options);
  } catch (error) {
    return [`checkDocument threw: ${error instanceof Error ? error.stack : String(error)}`];
  }
  if (
    result.diagnostics.some(
      (diagnostic) => diagnostic.code === DOCUMENT_SCHEMA_RULE_ID || diagnostic.code === DOCUMENT_SEMANTICS_RULE_ID,
    )
  )
    withDocumentFindings++;
  const problems: string[] = [];
  for (const diagnostic of result.diagnostics) {
    if (diagnostic.data.violation === 'internal-error') problems.push(`internal error reported: ${diagnostic.message}`);
  }
  for (const outside of rangesOutside(text, result.diagnostics)) problems.push(outside);
  const again = checkDocument(text, options);
  if (!ranOutOfTime(result.diagnostics) && !ranOutOfTime(again.diagnostics)) {
    try {
      assert.deepEqual(again.diagnostics, result.diagnostics);
    } catch {
      problems.push('checking the same text twice gave different diagnostics');
    }
  }
  try {
    for (const root of syntaxOf(format).parse(text).roots) {
      const errors = wholeSchemaErrors(root);
      assert.deepEqual(collapse(errors), collapsePlain(errors));
    }
  } catch (error) {
    problems.push(
      `the collapse differs from the plain scan: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
    );
  }
  problems.push(...shortcutProblems(text, options, result.roots));
  return problems;
}

/** An edit inside the first tool's name: the one-tool shortcut (when it takes it) must give what a full check gives. */
function shortcutProblems(text: string, options: CheckOptions, roots: ReturnType<typeof checkDocument>['roots']): string[] {
  const first = itemsOf(memberOf(roots[0], 'tools'))[0];
  const description = memberOf(first, 'description') ?? memberOf(first, 'title');
  if (!description || description.type !== 'string' || description.length < 2) return [];
  const offset = description.offset + 1;
  const next = `${text.slice(0, offset)}z${text.slice(offset + 1)}`;
  try {
    const incremental = new IncrementalDocument(text, options);
    const updated = incremental.update(next, { offset, length: 1, newLength: 1 });
    const full = checkDocument(next, options);
    if (ranOutOfTime(updated.diagnostics) || ranOutOfTime(full.diagnostics)) return [];
    assert.deepEqual(updated.diagnostics, full.diagnostics);
    return [];
  } catch (error) {
    return [`after an edit in the first tool: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`];
  }
}

describe('fuzzing the whole-document rules with mutated documents', () => {
  it(`${ONLY === undefined ? ITERATIONS : 1} mutants (seed ${SEED})`, () => {
    const all = seedlings();
    assert.ok(all.length > 10, 'the agreement corpus is there');
    const failures: string[] = [];
    const first = ONLY ?? 0;
    const last = ONLY ?? ITERATIONS - 1;
    for (let iteration = first; iteration <= last && failures.length < MAX_REPORTED; iteration++) {
      const mutant = mutate(all, iteration);
      const problems = problemsWith(mutant);
      if (problems.length === 0) continue;
      const saved = path.join(os.tmpdir(), `mcpdesc-document-fuzz-${SEED}-${iteration}.${mutant.format}`);
      fs.writeFileSync(saved, mutant.text);
      failures.push(
        `iteration ${iteration} (${mutant.from}; ${mutant.steps.join(', ')}; text saved to ${saved}; replay with MCPDESC_FUZZ_SEED=${SEED} MCPDESC_FUZZ_ONLY=${iteration}):\n  ${problems.slice(0, 3).join('\n  ')}`,
      );
    }
    assert.deepEqual(failures, []);
    if (ONLY === undefined) assert.ok(withDocumentFindings > ITERATIONS / 2, `only ${withDocumentFindings} mutants had findings`);
  });
});
