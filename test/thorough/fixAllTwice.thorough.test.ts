// Seeded fuzz of fix-all through both fronts (issue 15): mutated fixtures are fixed twice by the
// built CLI (`--fix`, files on disk) and by the built server (source.fixAll.mcpdesc, edits applied
// as an editor would). The second run must change nothing, and a run must never leave more syntax
// errors than it found. Twice over: with the default rules, and with the whole-document rules on
// (`--official`; the server's `mcpdesc.rules`), over documents with whole-document findings too
// (repeated security scopes in every layout, scopes of API-key schemes, results against their
// tool's protocol scope: test/support/wholeDocumentFindings.ts; issue 32). Part of
// `npm run test:thorough`, not of `npm test`: it takes a few minutes.
//
// A run is fixed by its seed; each mutant has its own seed derived from it, so a failure replays:
//   MCPDESC_THOROUGH_SEED=7 MCPDESC_THOROUGH_MUTANTS=5000 node --test out/test/thorough/fixAllTwice.thorough.test.js
//   MCPDESC_THOROUGH_SEED=7 MCPDESC_THOROUGH_ONLY=1234 node --test out/test/thorough/fixAllTwice.thorough.test.js
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Command } from 'vscode-languageserver-protocol';
import { FIX_ALL_CODE_ACTION_KIND } from '../../shared/src/constants';
import { parseAndFind } from '../../server/src/checker/check';
import type { DocumentFormat } from '../../server/src/checker';
import { builtCliPath } from '../cli/support/cliProcess';
import { makeTempTree, removeTree } from '../cli/support/tempTree';
import { ATTACHED, CLEAN, UNATTACHED, twoFixesApart } from '../fixSafety/fixAllDocuments';
import { MUTATIONS } from '../hostile/support/mutations';
import { SeededRandom } from '../support/random';
import { LspTestClient } from '../server/lspClient';
import { fixtureCorpus, type CorpusDocument } from '../support/fixtureCorpus';
import { WHOLE_DOCUMENT_RULES, wholeDocumentFindingsDocument } from '../support/wholeDocumentFindings';

const SEED = Number(process.env.MCPDESC_THOROUGH_SEED ?? 20260615);
const MUTANTS = Number(process.env.MCPDESC_THOROUGH_MUTANTS ?? 1650);
const ONLY = process.env.MCPDESC_THOROUGH_ONLY === undefined ? undefined : Number(process.env.MCPDESC_THOROUGH_ONLY);
/** Documents the server works on at once. */
const SERVER_BATCH = 16;
const MAX_REPORTED = 8;

type Seedling = CorpusDocument;

function corpus(official: boolean): Seedling[] {
  const seedlings = fixtureCorpus();
  if (official) {
    for (let seed = 0; seed < 60; seed++) {
      const document = wholeDocumentFindingsDocument(seed);
      seedlings.push({ name: document.name, text: document.text, format: document.format, extension: document.extension });
    }
  }
  // The 0.8.0-shape documents of the fix-safety tests, broken and not.
  for (const document of [
    ...UNATTACHED,
    ATTACHED,
    CLEAN,
    { name: 'two fixes apart', format: 'json' as const, text: twoFixesApart(3) },
  ]) {
    seedlings.push({ name: document.name, text: document.text, format: document.format, extension: document.format });
  }
  return seedlings;
}

interface Mutant {
  iteration: number;
  from: string;
  steps: string[];
  text: string;
  format: DocumentFormat;
  extension: string;
}

function mutate(seedlings: Seedling[], iteration: number): Mutant {
  const random = new SeededRandom((SEED ^ Math.imul(iteration + 1, 0x85ebca6b)) >>> 0);
  const seedling = random.pick(seedlings);
  let text = seedling.text;
  const steps: string[] = [];
  for (let count = 1 + random.below(3); count > 0; count--) {
    const mutation = random.pick(MUTATIONS);
    text = mutation.apply(text, random);
    steps.push(mutation.name);
  }
  // As a file on disk holds it: UTF-8, so a lone surrogate is U+FFFD; and the CLI sets a BOM aside.
  const asOnDisk = Buffer.from(text, 'utf8').toString('utf8');
  return { iteration, from: seedling.name, steps, text: asOnDisk, format: seedling.format, extension: seedling.extension };
}

function mutants(official: boolean): Mutant[] {
  const seedlings = corpus(official);
  assert.ok(seedlings.length > 20, 'the fixture corpus is there');
  const first = ONLY ?? 0;
  const last = ONLY ?? MUTANTS - 1;
  const all: Mutant[] = [];
  for (let iteration = first; iteration <= last; iteration++) all.push(mutate(seedlings, iteration));
  return all;
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The checker's own count (the one fix-all must not raise); Infinity when the text cannot be checked. */
function syntaxErrors(text: string, format: DocumentFormat): number {
  const parts = parseAndFind(withoutBom(text), format, true);
  return parts.failure !== undefined ? Infinity : parts.syntaxErrors.length;
}

function describeFailure(mutant: Mutant, problem: string): string {
  const saved = path.join(os.tmpdir(), `mcpdesc-thorough-${SEED}-${mutant.iteration}.${mutant.extension}`);
  fs.writeFileSync(saved, mutant.text);
  return `mutant ${mutant.iteration} (${mutant.from}; ${mutant.steps.join(', ')}; saved to ${saved}; replay with MCPDESC_THOROUGH_SEED=${SEED} MCPDESC_THOROUGH_ONLY=${mutant.iteration}): ${problem}`;
}

function judge(mutant: Mutant, once: string, twice: string): string | undefined {
  const before = syntaxErrors(mutant.text, mutant.format);
  const after = syntaxErrors(once, mutant.format);
  if (after > before) return `fix-all raised the syntax errors from ${before} to ${after}`;
  if (twice !== once) return `a second fix-all changed the text again (${once.length} -> ${twice.length} characters)`;
  return undefined;
}

const RULE_SETS = [
  { label: 'the default rules', official: false },
  { label: 'the whole-document rules on', official: true },
];

for (const { label, official } of RULE_SETS)
  describe(`fix-all twice on ${ONLY === undefined ? MUTANTS : 1} mutants, ${label} (seed ${SEED})`, () => {
    const all = mutants(official);

    describe('through the CLI (--fix)', () => {
      let root: string;
      before(() => {
        root = makeTempTree({});
      });
      after(() => removeTree(root));

      it('the second --fix changes nothing, and syntax errors never grow', () => {
        const fileOf = (mutant: Mutant): string => path.join(root, `mutant-${mutant.iteration}.mcpdesc.${mutant.extension}`);
        for (const mutant of all) fs.writeFileSync(fileOf(mutant), mutant.text);
        const runs: string[][] = [];
        for (const pass of ['first', 'second']) {
          // The report of 1,650 broken documents is large and not the point: only the files are read.
          const run = spawnSync(process.execPath, [builtCliPath(), '--fix', ...(official ? ['--official'] : []), '.'], {
            cwd: root,
            encoding: 'utf8',
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          assert.ok(run.status === 0 || run.status === 1, `${pass} --fix: exit ${run.status}\n${run.stderr.slice(0, 2000)}`);
          assert.equal(run.stderr, '', `${pass} --fix reported trouble`);
          runs.push(all.map((mutant) => fs.readFileSync(fileOf(mutant), 'utf8')));
        }
        const failures: string[] = [];
        all.forEach((mutant, index) => {
          const problem = judge(mutant, runs[0][index], runs[1][index]);
          if (problem && failures.length < MAX_REPORTED) failures.push(describeFailure(mutant, problem));
        });
        assert.deepEqual(failures, []);
      });
    });

    describe('through the server (source.fixAll.mcpdesc)', () => {
      let client: LspTestClient;
      before(async () => {
        client = await LspTestClient.start({
          timeoutMs: 60_000,
          settings: official ? { rules: WHOLE_DOCUMENT_RULES } : undefined,
        });
      });
      after(async () => {
        await client.stop();
      });

      const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const isCodeAction = (action: CodeAction | Command): action is CodeAction =>
        typeof (action as CodeAction).kind === 'string';

      async function fixAllOnce(uri: string): Promise<string> {
        const [action] = (await client.codeActions(uri, START, [], [FIX_ALL_CODE_ACTION_KIND])).filter(isCodeAction);
        const edits = action?.edit?.changes?.[uri] ?? [];
        if (edits.length > 0) await client.diagnosticsFor(uri, await client.applyEdits(uri, edits));
        return client.text(uri);
      }

      it('the second fix-all changes nothing, and syntax errors never grow', async () => {
        const failures: string[] = [];
        for (let start = 0; start < all.length && failures.length < MAX_REPORTED; start += SERVER_BATCH) {
          await Promise.all(
            all.slice(start, start + SERVER_BATCH).map(async (mutant) => {
              const uri = `file:///mcpdesc-thorough/mutant-${mutant.iteration}.mcpdesc.${mutant.extension}`;
              await client.open(
                uri,
                mutant.text,
                mutant.format === 'yaml' ? 'yaml' : mutant.extension === 'jsonc' ? 'jsonc' : 'json',
              );
              await client.diagnosticsFor(uri, 1);
              const once = await fixAllOnce(uri);
              const twice = await fixAllOnce(uri);
              await client.sendNotification('textDocument/didClose', { textDocument: { uri } });
              await client.close(uri);
              const problem = judge(mutant, once, twice);
              if (problem && failures.length < MAX_REPORTED) failures.push(describeFailure(mutant, problem));
            }),
          );
        }
        assert.deepEqual(failures, []);
      });
    });
  });
