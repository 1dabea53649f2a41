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

/** Plans whose spans neither overlap nor touch, so that together they apply unambiguously. */
function independentPlans(plans: FixPlan[]): FixPlan[] {
  const chosen: Array<[number, number]> = [];
  const result: FixPlan[] = [];
  for (const plan of plans) {
    const [start, end] = spanOf(plan);
    if (chosen.some(([otherStart, otherEnd]) => start <= otherEnd && otherStart <= end)) continue;
    chosen.push([start, end]);
    result.push(plan);
  }
  return result;
}

export function fixAll(text: string, options: CheckOptions & { formatting?: FormattingOptions } = {}): FixAllResult {
  // Every round re-checks the text; all of them share one document's budget for costly validation.
  return withDocumentBudget(() => fixAllWithinBudget(text, options));
}

function fixAllWithinBudget(text: string, options: CheckOptions & { formatting?: FormattingOptions }): FixAllResult {
  let current = text;
  let applied = 0;
  const seen = new Set<string>([text]);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const plans = independentPlans(runCheck(current, options).preferredPlans(options.formatting));
    if (plans.length === 0) break;
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
