// Every preferred fix of a document, applied round after round: fixes of one round never touch the
// same region, and each round re-checks the text, so later fixes see what earlier ones did.
import { runCheck } from './check';
import { LineIndex } from './lineIndex';
import { applyOffsetEdits, minimalEdit } from './textEdits';
import { withDocumentBudget } from './timeBudget';
import type { CheckOptions, FormattingOptions, OffsetEdit, TextEdit } from './types';
import type { FixPlan } from './fixes/quickFixes';

const MAX_ROUNDS = 100;

export interface FixAllResult {
  text: string;
  edits: TextEdit[];
  applied: number;
}

function spanOf(plan: FixPlan): [number, number] {
  const start = Math.min(...plan.edits.map((edit) => edit.offset));
  const end = Math.max(...plan.edits.map((edit) => edit.offset + edit.length));
  return [start, end];
}

/**
 * Plans whose spans neither overlap nor touch, so that together they apply unambiguously (earlier
 * plans win). The chosen spans are kept sorted and disjoint, so each plan is placed by binary search:
 * 100,000 "Remove content" plans must not cost 100,000 scans each.
 */
function independentPlans(plans: FixPlan[]): FixPlan[] {
  const chosen: Array<[number, number]> = [];
  const result: FixPlan[] = [];
  for (const plan of plans) {
    const [start, end] = spanOf(plan);
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
    result.push(plan);
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

/** The plans of one round, in order, while the growth they add stays within `allowance`. */
function withinGrowth(plans: FixPlan[], allowance: number): { plans: FixPlan[]; growth: number } {
  const kept: FixPlan[] = [];
  let growth = 0;
  for (const plan of plans) {
    const added = plan.edits.reduce((sum, edit) => sum + edit.newText.length - edit.length, 0);
    if (growth + added > allowance) continue;
    growth += added;
    kept.push(plan);
  }
  return { plans: kept, growth };
}

export function fixAll(text: string, options: CheckOptions & { formatting?: FormattingOptions } = {}): FixAllResult {
  // Every round re-checks the text; all of them share one document's budget for costly validation.
  return withDocumentBudget(() => fixAllWithinBudget(text, options));
}

function fixAllWithinBudget(text: string, options: CheckOptions & { formatting?: FormattingOptions }): FixAllResult {
  let current = text;
  let applied = 0;
  const seen = new Set<string>([text]);
  let allowance = growthAllowance(text);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { plans, growth } = withinGrowth(independentPlans(runCheck(current, options).preferredPlans(options.formatting)), allowance);
    if (plans.length === 0) break;
    allowance -= growth;
    const edits: OffsetEdit[] = plans.flatMap((plan) => plan.edits);
    const next = applyOffsetEdits(current, edits);
    // A fix that does not resolve its diagnostic would be offered again forever.
    if (seen.has(next)) break;
    seen.add(next);
    applied += plans.length;
    current = next;
  }
  const edit = minimalEdit(text, current);
  const lines = new LineIndex(text);
  return {
    text: current,
    edits: edit ? [{ range: lines.rangeOf(edit.offset, edit.length), newText: edit.newText }] : [],
    applied,
  };
}
