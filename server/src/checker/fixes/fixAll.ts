// Every preferred fix of a document, applied round after round: fixes of one round never touch the
// same region, and each round re-checks the text, so later fixes see what earlier ones did.
//
// Fix-all must never make a document worse, whatever its syntax. A fix is planned on the tolerant
// parse of broken text, and what the parse makes of an insertion is its guess: a member added to a
// step after an unbalanced `{{` is not attached to the step, so its diagnostic stays and the same
// fix would be planned again every round. So every round is judged by the check of its result:
// - a fix whose diagnostic is still there is taken back (the round is redone without it) and never
//   planned again in this run; an unproductive fix therefore never changes the text, which also
//   makes a second fix-all change nothing;
// - a round whose result has more syntax errors than its input is rejected, and fix-all stops.
// Declarations are settled before the steps that copy from them: while the declaration-validity
// rule has fixes to apply, a round applies only those. In one round with both, "Use the request of
// declaration" would copy the schema a "Drop from required" is changing, and its diagnostic, still
// there, would count it as unproductive: a second fix-all would then find it to do.
// Judging the outcome is preferred over not fixing near broken syntax at all: how far a syntax
// error reaches is the parser's business (an unbalanced brace swallows everything after it), so no
// region drawn around it is exact, and a fix far from an unrelated typo still works and is kept.
//
// Rounds cost a check each, so a round does as much as it can: the declarations one tool needs are
// appended together (fixes/declareTogether.ts), the items one list loses are removed together
// (fixes/removeTogether.ts), and YAML edits that are read back before they are offered are planned
// on trust and read back together, once for the round, instead of once per edit planned (a no
// plans the round again with each one read back alone, planPlain). A round's check re-checks only
// the tools it edited when it can (fixes/roundChecks.ts). The same loop planning every round
// plainly and checking it whole (test/support/fixAllPlain.ts) is the reference a differential test
// holds this one to.
import { DECLARATION_RULE_ID } from '../../../../shared/src/rules';
import type { DocumentCheck, PreferredFix } from '../check';
import type { CheckResult } from '../checkResult';
import { declareTogether } from './declareTogether';
import type { DocumentEditor } from '../syntax/editor';
import { removeTogether } from './removeTogether';
import { RoundChecks } from './roundChecks';
import { LineIndex } from '../syntax/lineIndex';
import { applyOffsetEdits, minimalEdit, normalizeEdits } from '../syntax/textEdits';
import { withDocumentBudget } from '../timeBudget';
import type { CheckOptions, FormattingOptions, OffsetEdit, TextEdit } from '../types';
import type { FixPlan } from '../rules/fixPlan';

const MAX_ROUNDS = 100;

export interface FixAllResult {
  text: string;
  edits: TextEdit[];
  applied: number;
}

/** Where a plan's edits start and end (a loop: a list's removal has an edit per item, past what an argument list holds). */
function spanOf(plan: FixPlan): [number, number] {
  let start = Infinity;
  let end = -Infinity;
  for (const edit of plan.edits) {
    start = Math.min(start, edit.offset);
    end = Math.max(end, edit.offset + edit.length);
  }
  return [start, end];
}

/**
 * Plans whose spans neither overlap nor touch, so that together they apply unambiguously (earlier
 * plans win). The chosen spans are kept sorted and disjoint, so each plan is placed by binary search:
 * 100,000 "Remove content" plans must not cost 100,000 scans each.
 */
function independentFixes(fixes: PreferredFix[]): PreferredFix[] {
  const chosen: Array<[number, number]> = [];
  const result: PreferredFix[] = [];
  for (const fix of fixes) {
    const [start, end] = spanOf(fix.plan);
    // The first chosen span that does not end before `start`: the only one that can overlap or touch.
    let low = 0;
    let high = chosen.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (chosen[middle][1] < start) low = middle + 1;
      else high = middle;
    }
    if (low < chosen.length && chosen[low][0] <= end) continue;
    chosen.splice(low, 0, [start, end]);
    result.push(fix);
  }
  return result;
}

/**
 * How much fix-all may grow a document, in characters. A fix can copy a large schema into every
 * step that references its declaration: 2,000 steps and a 150 KB schema would make 300 MB.
 */
function growthAllowance(text: string): number {
  return Math.max(1_000_000, 4 * text.length);
}

/** The fixes of one round, in order, while the growth they add stays within `allowance`. */
function withinGrowth(fixes: PreferredFix[], allowance: number): { fixes: PreferredFix[]; growth: number } {
  const kept: PreferredFix[] = [];
  let growth = 0;
  for (const fix of fixes) {
    const added = fix.plan.edits.reduce((sum, edit) => sum + edit.newText.length - edit.length, 0);
    if (growth + added > allowance) continue;
    growth += added;
    kept.push(fix);
  }
  return { fixes: kept, growth };
}

/** A diagnostic across rounds: its violation and where it starts. */
interface DiagnosticAt {
  violation: string;
  offset: number;
}

function keyOf(diagnostic: DiagnosticAt): string {
  return `${diagnostic.violation}\u0000${diagnostic.offset}`;
}

/**
 * Where each offset of the text before `edits` (sorted, disjoint) is after them: text an edit
 * replaces maps to the edit's start, and an insertion at an offset pushes it along (it goes before
 * it). One sweep over offsets and edits both sorted: a round can hold 100,000 fixes.
 */
function mapOffsets(offsets: readonly number[], edits: readonly OffsetEdit[]): number[] {
  const order = offsets.map((_, index) => index).sort((a, b) => offsets[a] - offsets[b]);
  const mapped = new Array<number>(offsets.length);
  let next = 0;
  let shift = 0;
  for (const index of order) {
    const offset = offsets[index];
    while (next < edits.length && edits[next].offset + edits[next].length <= offset) {
      shift += edits[next].newText.length - edits[next].length;
      next++;
    }
    const covering = next < edits.length && edits[next].offset < offset ? edits[next].offset : offset;
    mapped[index] = covering + shift;
  }
  return mapped;
}

export interface FixAllOptions extends CheckOptions {
  formatting?: FormattingOptions;
  /**
   * The front's last word on each round's edits before they are applied and judged (the CLI
   * writes the line breaks of inserted text in the file's own style). Must keep them disjoint.
   */
  adaptEdits?: (text: string, edits: OffsetEdit[]) => OffsetEdit[];
  /**
   * A check of exactly this text with these options that the caller already has (the server's
   * cached one): the first round plans from it instead of checking the text again. Ignored unless
   * it is a check of this text in this format.
   */
  lastCheck?: CheckResult;
}

/** The fixes a round applies, chosen from `check`'s preferred fixes that were not refused, and how much they grow the text. */
export type RoundPlanner = (
  check: DocumentCheck,
  options: FixAllOptions,
  refused: ReadonlySet<string>,
  allowance: number,
) => { fixes: PreferredFix[]; growth: number };

/** How fix-all goes about its rounds: how each is planned, and whether its check re-checks only the tools it edited. */
export interface FixAllWay {
  plan: RoundPlanner;
  incrementalChecks: boolean;
}

/** `way`: the fast one (FAST_WAY); the differential test's reference is PLAIN_WAY. */
export function fixAll(text: string, options: FixAllOptions = {}, way: FixAllWay = FAST_WAY): FixAllResult {
  return fixAllWithCheck(text, options, way).result;
}

/**
 * Fix-all, and the check of the text it gives (the last round's, or the first when nothing was
 * fixed): the CLI reports from it instead of checking the fixed text again. Undefined only when
 * fix-all gave up on a round it could not judge.
 */
export function fixAllWithCheck(
  text: string,
  options: FixAllOptions = {},
  way: FixAllWay = FAST_WAY,
): { result: FixAllResult; check: CheckResult | undefined } {
  // Every round re-checks the text; all of them share one document's budget for costly validation.
  return withDocumentBudget(() => fixAllWithinBudget(text, options, way), text.length);
}

/** One tool's declarations appended together, YAML edits read back once for the round; planned plainly when a read-back disagrees. */
const planBatched: RoundPlanner = (check, options, refused, allowance) => {
  const planned = check.planPreferredFixes(options.formatting, 'deferred');
  if (!planned) return { fixes: [], growth: 0 };
  const chosen = withinGrowth(independentFixes(together(openFixes(planned.fixes, refused), planned.editor)), allowance);
  const readBack = planned.editor.confirmsTogether;
  if (
    !readBack ||
    readBack.call(
      planned.editor,
      chosen.fixes.flatMap((fix) => fix.plan.edits),
    )
  )
    return chosen;
  // Some edit taken on trust does not read back as meant: this round is planned the plain way.
  return planPlain(check, options, refused, allowance);
};

/**
 * One declaration per fix, each YAML edit read back alone, from the whole text, as it is planned. The items one list
 * loses are removed together here too: one at a time, a list of 250 repeats would outlast the rounds.
 */
export const planPlain: RoundPlanner = (check, options, refused, allowance) => {
  const planned = check.planPreferredFixes(options.formatting, 'whole');
  if (!planned) return { fixes: [], growth: 0 };
  return withinGrowth(independentFixes(removeTogether(openFixes(planned.fixes, refused), planned.editor)), allowance);
};

/** A round's fixes with one tool's declarations appended together and one list's items removed together. */
function together(fixes: PreferredFix[], editor: DocumentEditor): PreferredFix[] {
  return removeTogether(declareTogether(fixes, editor), editor);
}

const FAST_WAY: FixAllWay = { plan: planBatched, incrementalChecks: true };
/** The reference: every round planned plainly and checked whole. */
export const PLAIN_WAY: FixAllWay = { plan: planPlain, incrementalChecks: false };

/**
 * The fixes not refused. While declarations still have fixes of their own, a round applies only
 * those: a step whose fix copies a declaration's schema must copy it once the declaration is settled.
 */
function openFixes(fixes: PreferredFix[], refused: ReadonlySet<string>): PreferredFix[] {
  const candidates = fixes.filter((fix) => !refused.has(keyOf(fix)));
  const declarationFixes = candidates.filter((fix) => fix.code === DECLARATION_RULE_ID);
  return declarationFixes.length > 0 ? declarationFixes : candidates;
}

/** The diagnostics a fix is for. */
function targetsOf(fix: PreferredFix): DiagnosticAt[] {
  const own = { violation: fix.violation, offset: fix.offset };
  return fix.alsoFixes ? [own, ...fix.alsoFixes] : [own];
}

function fixAllWithinBudget(
  text: string,
  options: FixAllOptions,
  way: FixAllWay,
): { result: FixAllResult; check: CheckResult | undefined } {
  let current = text;
  const checks = new RoundChecks(options, way.incrementalChecks);
  let check: DocumentCheck = checks.start(text, options.lastCheck);
  let applied = 0;
  const seen = new Set<string>([text]);
  let allowance = growthAllowance(text);
  // Diagnostics (in the current text's offsets) whose preferred fix left them in place.
  let unfixable: DiagnosticAt[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const refused = new Set(unfixable.map(keyOf));
    const { fixes, growth } = way.plan(check, options, refused, allowance);
    if (fixes.length === 0) break;
    // Independent plans never overlap; normalizing sorts them, as mapOffsets needs.
    const planned = normalizeEdits(fixes.flatMap((fix) => fix.plan.edits));
    const edits = planned && options.adaptEdits ? normalizeEdits(options.adaptEdits(current, planned)) : planned;
    if (!edits) break;
    const next = applyOffsetEdits(current, edits);
    if (seen.has(next)) break;
    const syntaxErrorsBefore = check.syntaxErrorCount;
    const nextCheck = checks.afterRound(check, next, edits);

    const remaining = new Set(nextCheck.diagnostics.map((diagnostic) => keyOf(diagnostic.data)));
    const targets = fixes.flatMap(targetsOf);
    const movedTo = mapOffsets(
      targets.map((target) => target.offset),
      edits,
    );
    // The item a removal took is gone with its diagnostic: a diagnostic found where it was is the
    // next item's (of `"a", "a", "a"`, the third slides where the second was), not the fix failing.
    const removed = fixes.flatMap((fix) => targetsOf(fix).map(() => fix.plan.removes !== undefined));
    const unproductive = targets.filter(
      (target, index) => !removed[index] && remaining.has(keyOf({ violation: target.violation, offset: movedTo[index] })),
    );
    if (unproductive.length > 0) {
      // The round is redone from the same text without them.
      for (const target of unproductive) unfixable.push(target);
      check = checks.takeBack(current, edits);
      continue;
    }
    if (nextCheck.syntaxErrorCount > syntaxErrorsBefore) {
      check = checks.takeBack(current, edits);
      break;
    }

    seen.add(next);
    applied += targets.length;
    allowance -= growth;
    const unfixableMovedTo = mapOffsets(
      unfixable.map((diagnostic) => diagnostic.offset),
      edits,
    );
    unfixable = unfixable.map(({ violation }, index) => ({ violation, offset: unfixableMovedTo[index] }));
    current = next;
    check = nextCheck;
  }
  const edit = minimalEdit(text, current);
  const lines = new LineIndex(text);
  return {
    result: {
      text: current,
      edits: edit ? [{ range: lines.rangeOf(edit.offset, edit.length), newText: edit.newText }] : [],
      applied,
    },
    check,
  };
}
