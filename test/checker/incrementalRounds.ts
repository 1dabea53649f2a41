// Fix-all's round check (IncrementalDocument.updateWithEdits: several edits at once, each tool they
// fall in re-parsed and re-checked alone) against the full check: after every round of random edits
// in several tools of JSON and YAML documents of every benchmark shape, with the whole-document
// rules off and on, both give the same diagnostics, fixes and tree; and a round taken back (its
// edits undone the same way, as fix-all takes back a round it rejects) gives the first check again.
// Run by both tiers at their own counts (incrementalRounds.test.ts, incrementalRounds.thorough.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocument, IncrementalDocument, type CheckOptions, type CheckResult } from '../../server/src/checker';
import { applyOffsetEdits } from '../../server/src/checker/syntax/textEdits';
import type { OffsetEdit } from '../../server/src/checker/types';
import { childrenOf, scalarOf, type SyntaxNode } from '../../server/src/checker/syntax/tree';
import { generateDocument } from '../../bench/generate';
import type { ShapeName } from '../../bench/shapes';
import { PRESETS, OFFICIAL_PRESET } from '../../shared/src/rules';
import { SeededRandom } from '../support/random';
import { fixesOf } from './incrementalDifferential';

const OFFICIAL: CheckOptions['rules'] = { ...PRESETS[OFFICIAL_PRESET] };

const DOCUMENTS: Array<{ format: 'json' | 'yaml'; shape: ShapeName }> = [
  { format: 'json', shape: 'base' },
  { format: 'json', shape: 'json-minified' },
  { format: 'json', shape: 'json-tabs' },
  { format: 'json', shape: 'non-ascii' },
  { format: 'yaml', shape: 'base' },
  { format: 'yaml', shape: 'yaml-folded' },
  { format: 'yaml', shape: 'yaml-block' },
  { format: 'yaml', shape: 'non-ascii' },
];

/** What an edit writes: mostly what fixes write (words, values), sometimes what breaks the shortcut. */
const INSERTS = ['x', 'ab', ' word', '_2', '-', '"', ': ', '\n', '#', '{', ']', ',', 'é', '😀'];
const TOGGLES: Array<[string, string]> = [
  ['accept', 'decline'],
  ['decline', 'accept'],
  ['form', 'url'],
  ['url', 'form'],
  ['true', 'false'],
  ['string', 'number'],
];

/** Up to `count` edits apart from each other (sorted), most inside words or values, some anywhere. */
function randomRound(text: string, random: SeededRandom, count: number): OffsetEdit[] {
  const edits: OffsetEdit[] = [];
  const positions = Array.from({ length: count }, () => random.below(text.length + 1)).sort((a, b) => a - b);
  let floor = 0;
  for (const position of positions) {
    const at = Math.max(position, floor);
    if (at > text.length) break;
    const kind = random.next();
    let edit: OffsetEdit | undefined;
    if (kind < 0.35) {
      const [from, to] = random.pick(TOGGLES);
      const offset = text.indexOf(from, at);
      if (offset >= 0) edit = { offset, length: from.length, newText: to };
    } else if (kind < 0.85) {
      // Inside a word: the kind of place a fix writes.
      let offset = at;
      while (offset < text.length && !/[A-Za-z]/.test(text[offset])) offset++;
      if (offset < text.length) edit = { offset: offset + 1, length: 0, newText: random.pick(['x', 'ab', '_2', 'é']) };
    } else if (kind < 0.95) {
      edit = { offset: at, length: 0, newText: random.pick(INSERTS) };
    } else {
      edit = { offset: at, length: Math.min(text.length - at, 1 + random.below(5)), newText: '' };
    }
    if (!edit || edit.offset < floor) continue;
    edits.push(edit);
    // Apart, as fix-all's edits are: none touches the next.
    floor = edit.offset + edit.length + 1;
  }
  return edits;
}

function shapeOf(node: SyntaxNode): unknown {
  return [
    node.type,
    node.offset,
    node.length,
    scalarOf(node),
    node.type === 'object' || node.type === 'array' || node.type === 'property' ? childrenOf(node).map(shapeOf) : undefined,
  ];
}

function assertSame(result: CheckResult, full: CheckResult, where: string, read: number): void {
  assert.deepEqual(result.diagnostics, full.diagnostics, where);
  if (read < 0.15) assert.deepEqual(fixesOf(result), fixesOf(full), `fixes after ${where}`);
  else if (read < 0.4) assert.deepEqual(result.roots.map(shapeOf), full.roots.map(shapeOf), `tree after ${where}`);
}

/** The differential over `rounds` seeded rounds; returns how many rounds took the shortcut. */
export function agreeOverRounds(rounds: number): void {
  const ROUNDS = Number(process.env.MCPDESC_DIFF_ITERATIONS ?? rounds);
  test(`a round of edits in several tools checked by the shortcut and whole agree, over ${ROUNDS} rounds`, () => {
    const random = new SeededRandom(20261205);
    let shortcuts = 0;
    let done = 0;
    for (let documentIndex = 0; done < ROUNDS; documentIndex++) {
      const { format, shape } = DOCUMENTS[documentIndex % DOCUMENTS.length];
      const options: CheckOptions = { format, rules: documentIndex % 3 === 2 ? OFFICIAL : undefined };
      let text = generateDocument(3000 + documentIndex, 60_000, { format, shape });
      if (format === 'json' && documentIndex % 5 === 4) text = text.replace(/\n/g, '\r\n');
      const document = new IncrementalDocument(text, options);
      for (let step = 0; step < 12 && done < ROUNDS; step++, done++) {
        const edits = randomRound(text, random, 1 + random.below(8));
        if (edits.length === 0) continue;
        const next = applyOffsetEdits(text, edits);
        const where = `round ${done} (document ${documentIndex}, ${format} ${shape}) ${JSON.stringify(edits)}`;
        const result = document.updateWithEdits(next, edits);
        if (document.lastUpdateWasIncremental) shortcuts++;
        const full = checkDocument(next, options);
        assertSame(result, full, where, random.next());
        // A round that broke the syntax is taken back (fix-all rejects it), as is a share of the others.
        if (random.chance(0.25) || full.diagnostics.some((diagnostic) => diagnostic.data.violation === 'syntax-error')) {
          // Taken back, as fix-all takes back a round it rejects.
          let shift = 0;
          const undo = edits.map((edit) => {
            const reverse = {
              offset: edit.offset + shift,
              length: edit.newText.length,
              newText: text.slice(edit.offset, edit.offset + edit.length),
            };
            shift += edit.newText.length - edit.length;
            return reverse;
          });
          const back = document.updateWithEdits(text, undo);
          assertSame(back, checkDocument(text, options), `${where}, taken back`, random.next());
          continue;
        }
        text = next;
      }
    }
    assert.ok(shortcuts > ROUNDS * 0.3, `the shortcut was taken in ${shortcuts} rounds of ${ROUNDS}`);
  });
}
