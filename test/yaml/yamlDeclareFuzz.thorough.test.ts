// Differential fuzzing of "Declare elicitation" in YAML, against the `yaml` package: on generated
// layouts (declareLayoutDocuments.ts) the fix is offered (unless the list's text is shared with
// another tool), and applying it gives a stream the `yaml` package reads without an error, where
// the tool's `elicitations` is exactly the old list plus the intended declaration (built here from
// the step's request, independently of the fix), everything else means what it meant, and the
// checker reports what it reported before minus that step's unknown-declaration.
//
//   MCPDESC_DECLARE_FUZZ_ITERATIONS=20000 node --test out/test/yaml/yamlDeclareFuzz.thorough.test.js    (a long run)
//   MCPDESC_DECLARE_FUZZ_SEED=7 MCPDESC_DECLARE_FUZZ_ONLY=1234 node --test out/test/yaml/yamlDeclareFuzz.thorough.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseAllDocuments } from 'yaml';
import { applyEdits, checkDocument } from '../../server/src/checker';
import { declareLayoutDocument, type DeclareLayoutDocument } from './declareLayoutDocuments';
import { elicitationOnly } from '../support/ruleScope';

const SEED = Number(process.env.MCPDESC_DECLARE_FUZZ_SEED ?? 20260612);
const ITERATIONS = Number(process.env.MCPDESC_DECLARE_FUZZ_ITERATIONS ?? 400);
const ONLY = process.env.MCPDESC_DECLARE_FUZZ_ONLY === undefined ? undefined : Number(process.env.MCPDESC_DECLARE_FUZZ_ONLY);
const MAX_REPORTED = 5;
// Generated partial documents made for the elicitation rules' fixes: their preset.
const YAML = elicitationOnly({ format: 'yaml' as const });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Tool {
  elicitations?: Json;
  interactionExamples: { ex: { steps: Array<{ request: { [key: string]: Json } }> } };
}

function read(text: string): { values: Json[]; errors: number } {
  const documents = parseAllDocuments(text, { merge: true });
  const list = Array.isArray(documents) ? documents : [];
  return {
    values: list.map((document) => document.toJS() as Json),
    errors: list.reduce((sum, document) => sum + document.errors.length, 0),
  };
}

function toolOf(values: Json[], document: DeclareLayoutDocument): Tool {
  return (values[document.documentIndex] as { tools: Json[] }).tools[document.toolIndex] as unknown as Tool;
}

/** The declaration the spec's section 3 says Declare appends, from the step's request as the `yaml` package reads it. */
function intendedDeclaration(name: string, request: { [key: string]: Json }): Json {
  const mode = typeof request.mode === 'string' ? request.mode : 'form';
  const message = typeof request.message === 'string' && request.message !== '' ? request.message : `Elicitation '${name}'.`;
  const declaration: { [key: string]: Json } = { name, mode, message };
  if (mode === 'form') declaration.requestedSchema = request.requestedSchema;
  else if (request.url !== undefined) declaration.url = request.url;
  return declaration;
}

function violations(text: string): string[] {
  return checkDocument(text, YAML)
    .diagnostics.map((diagnostic) => `${diagnostic.data.violation}: ${diagnostic.message}`)
    .sort();
}

interface Outcome {
  problems: string[];
  refused: boolean;
}

function declareProblems(document: DeclareLayoutDocument): Outcome {
  const { text, name } = document;
  const before = read(text);
  if (before.errors > 0) return { problems: ['the generated document does not parse'], refused: false };
  const result = checkDocument(text, YAML);
  const diagnostic = result.diagnostics.find(
    (candidate) => candidate.data.violation === 'unknown-declaration' && candidate.message.includes(`'${name}'`),
  );
  if (!diagnostic) return { problems: [`no unknown-declaration for '${name}': ${violations(text).join('; ')}`], refused: false };
  const fix = result.fixesFor(diagnostic).find((candidate) => candidate.title.startsWith(`Declare elicitation '${name}'`));
  if (!fix) return { problems: document.mayRefuse ? [] : ['Declare is not offered'], refused: true };
  const after = applyEdits(text, fix.edits);
  const problems: string[] = [];
  const edited = read(after);
  if (edited.errors > 0) return { problems: [`the result has YAML errors:\n${after}`], refused: false };
  if (edited.values.length !== before.values.length)
    return {
      problems: [`the stream has ${edited.values.length} documents instead of ${before.values.length}:\n${after}`],
      refused: false,
    };

  const oldTool = toolOf(before.values, document);
  const newTool = toolOf(edited.values, document);
  const request = oldTool.interactionExamples.ex.steps[0].request;
  const oldList = Array.isArray(oldTool.elicitations) ? oldTool.elicitations : [];
  try {
    assert.deepEqual(newTool.elicitations, [...oldList, intendedDeclaration(name, request)]);
  } catch {
    problems.push(`the declarations are ${JSON.stringify(newTool.elicitations)}:\n${after}`);
  }
  // Everything else: the new stream with the tool's old `elicitations` put back is the old stream.
  const restored = structuredClone(edited.values);
  const restoredTool = toolOf(restored, document) as unknown as { [key: string]: Json };
  if (oldTool.elicitations === undefined) delete restoredTool.elicitations;
  else restoredTool.elicitations = oldTool.elicitations;
  try {
    assert.deepEqual(restored, before.values);
  } catch {
    problems.push(`something else changed:\n${after}`);
  }
  // Declaring into an empty `elicitations: []` also ends the declaration-validity rule's empty-elicitations there.
  const filled = Array.isArray(oldTool.elicitations) && oldTool.elicitations.length === 0;
  const expected = violations(text).filter(
    (line) =>
      line !== `unknown-declaration: ${diagnostic.message}` &&
      !(filled && line.startsWith('empty-elicitations: ') && line.includes("tool 'target'")),
  );
  // The step names the declaration: a name MCP does not allow ('a b', '#hash', …, chosen here for
  // YAML quoting) gets the declaration-validity rule's invalid-name once declared, and only that.
  const allowed = /^[A-Za-z0-9._-]+$/.test(name);
  const all = violations(after);
  const invalidName = all.findIndex((line) => line.startsWith('invalid-name: ') && line.includes(`'${name}'`));
  const got = !allowed && invalidName >= 0 ? all.filter((_, index) => index !== invalidName) : all;
  if (!allowed && invalidName < 0) problems.push(`no invalid-name for '${name}' after the fix:\n${after}`);
  try {
    assert.deepEqual(got, expected);
  } catch {
    problems.push(`the diagnostics after the fix are ${JSON.stringify(got)}, not ${JSON.stringify(expected)}:\n${after}`);
  }
  return { problems, refused: false };
}

describe('"Declare elicitation" on generated YAML layouts, read back by the yaml package', () => {
  it(`${ONLY === undefined ? ITERATIONS : 1} generated documents (seed ${SEED})`, () => {
    const failures: string[] = [];
    let refused = 0;
    let mayRefuse = 0;
    const first = ONLY ?? 0;
    const last = ONLY ?? ITERATIONS - 1;
    for (let iteration = first; iteration <= last && failures.length < MAX_REPORTED; iteration++) {
      const document = declareLayoutDocument((SEED ^ Math.imul(iteration + 1, 0x9e3779b1)) >>> 0);
      if (document.mayRefuse) mayRefuse++;
      const outcome = declareProblems(document);
      if (outcome.refused) refused++;
      if (outcome.problems.length === 0) continue;
      failures.push(
        `iteration ${iteration} [${document.layout}] (replay with MCPDESC_DECLARE_FUZZ_SEED=${SEED} MCPDESC_DECLARE_FUZZ_ONLY=${iteration}):\n${document.text}\n  ${outcome.problems.slice(0, 3).join('\n  ')}`,
      );
    }
    assert.deepEqual(failures, []);
    // Only the layouts that share the list's text may go without the fix.
    assert.ok(refused <= mayRefuse, `${refused} refused, ${mayRefuse} allowed`);
  });
});
