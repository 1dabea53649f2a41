// Fuzzing the YAML quick-fixes on documents full of merge keys (mergeKeyDocuments.ts). For every
// offered fix and for fix-all: the text still parses as YAML; the shared anchors and every other
// step mean what they meant (a fix never edits a merge source that other mappings merge too); the
// fix removes a diagnostic of its kind; and fix-all leaves nothing a second fix-all would change.
//
// A run is fixed by its seed; each document has its own seed derived from it:
//   MCPDESC_MERGE_FUZZ_ITERATIONS=20000 node --test out/test/yaml/yamlMergeKeyFuzz.thorough.test.js   (a long run)
//   MCPDESC_MERGE_FUZZ_SEED=7 MCPDESC_MERGE_FUZZ_ONLY=1234 node --test out/test/yaml/yamlMergeKeyFuzz.thorough.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'yaml';
import { applyEdits, checkDocument, fixAll, type Diagnostic } from '../../server/src/checker';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { parsesAs } from '../hostile/support/fixChecks';
import { mergeKeyDocument } from './mergeKeyDocuments';
import { itemsOf, propertiesOf, type SyntaxNode } from '../../server/src/checker/syntax/tree';
import { elicitationOnly } from '../support/ruleScope';

const SEED = Number(process.env.MCPDESC_MERGE_FUZZ_SEED ?? 20260611);
const ITERATIONS = Number(process.env.MCPDESC_MERGE_FUZZ_ITERATIONS ?? 150);
const ONLY = process.env.MCPDESC_MERGE_FUZZ_ONLY === undefined ? undefined : Number(process.env.MCPDESC_MERGE_FUZZ_ONLY);
const MAX_REPORTED = 5;
// Generated partial documents made for the elicitation rules' fixes: their preset.
const YAML = elicitationOnly({ format: 'yaml' as const });

interface Meaning {
  shared: unknown;
  elicitations: unknown;
  steps: unknown[];
}

/** What the `yaml` package reads (merges applied): the shared anchors, the declarations, the steps. */
function meaningOf(text: string): Meaning {
  const root = parseDocument(text, { merge: true }).toJS({ maxAliasCount: -1 }) as {
    'x-shared': unknown;
    tools: Array<{ elicitations: unknown; interactionExamples: { e: { steps: unknown[] } } }>;
  };
  const tool = root.tools[0];
  return { shared: root['x-shared'], elicitations: tool.elicitations, steps: tool.interactionExamples.e.steps };
}

/** The text ranges of the steps, from the checker's own tree. */
function stepRanges(text: string): Array<[number, number]> {
  const root = parseYamlDocuments(text).documents[0].root!;
  const member = (node: SyntaxNode | undefined, key: string) =>
    propertiesOf(node).find((property) => property.key.value === key)!.value;
  const steps = member(member(member(itemsOf(member(root, 'tools'))[0], 'interactionExamples'), 'e'), 'steps');
  return itemsOf(steps).map((step) => [step.offset, step.offset + step.length]);
}

function count(diagnostics: readonly Diagnostic[], violation: string): number {
  return diagnostics.filter((diagnostic) => diagnostic.data.violation === violation).length;
}

/** What is wrong with the fixes offered on `text`, described (empty when nothing). */
function mergeFixProblems(text: string): string[] {
  const problems: string[] = [];
  if (!parsesAs(text, 'yaml')) return ['the generated document does not parse'];
  const result = checkDocument(text, YAML);
  const before = meaningOf(text);
  const ranges = stepRanges(text);
  for (const diagnostic of result.diagnostics) {
    const stepIndex = ranges.findIndex(([start, end]) => diagnostic.data.offset >= start && diagnostic.data.offset <= end);
    for (const fix of result.fixesFor(diagnostic)) {
      const where = `'${fix.title}' for ${diagnostic.data.violation} (step ${stepIndex})`;
      const after = applyEdits(text, fix.edits);
      if (!parsesAs(after, 'yaml')) {
        problems.push(`${where}: the result does not parse:\n${after}`);
        continue;
      }
      const meaning = meaningOf(after);
      if (!sameJson(meaning.shared, before.shared)) problems.push(`${where}: changed a shared anchor`);
      if (!fix.title.startsWith('Declare') && !sameJson(meaning.elicitations, before.elicitations))
        problems.push(`${where}: changed the declarations`);
      before.steps.forEach((step, index) => {
        const mayChange = index === stepIndex && !fix.title.startsWith('Declare');
        if (!mayChange && !sameJson(meaning.steps[index], step)) problems.push(`${where}: changed step ${index}`);
      });
      const left = count(checkDocument(after, YAML).diagnostics, diagnostic.data.violation);
      if (left >= count(result.diagnostics, diagnostic.data.violation))
        problems.push(`${where}: the diagnostic stays:\n${after}`);
    }
  }
  const all = fixAll(text, YAML);
  if (!parsesAs(all.text, 'yaml')) {
    problems.push(`fix-all: the result does not parse:\n${all.text}`);
  } else {
    if (!sameJson(meaningOf(all.text).shared, before.shared)) problems.push('fix-all: changed a shared anchor');
    const again = fixAll(all.text, YAML);
    if (again.applied > 0)
      problems.push(`fix-all: a second fix-all still changes the text (a fix does not remove its diagnostic):\n${all.text}`);
  }
  return problems;
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

describe('fuzzing the YAML quick-fixes on merge keys', () => {
  it(`${ONLY === undefined ? ITERATIONS : 1} generated documents (seed ${SEED})`, () => {
    const failures: string[] = [];
    const first = ONLY ?? 0;
    const last = ONLY ?? ITERATIONS - 1;
    for (let iteration = first; iteration <= last && failures.length < MAX_REPORTED; iteration++) {
      const { text } = mergeKeyDocument((SEED ^ Math.imul(iteration + 1, 0x9e3779b1)) >>> 0);
      const problems = mergeFixProblems(text);
      if (problems.length === 0) continue;
      failures.push(
        `iteration ${iteration} (replay with MCPDESC_MERGE_FUZZ_SEED=${SEED} MCPDESC_MERGE_FUZZ_ONLY=${iteration}):\n${text}\n  ${problems.slice(0, 3).join('\n  ')}`,
      );
    }
    assert.deepEqual(failures, []);
  });
});
