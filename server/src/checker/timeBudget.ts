// Some work a document controls can take exponential or quadratic time, or long linear time: a
// backtracking pattern, RE2 on a long value with a huge program, a schema compiled for every one of
// thousands of tools. All of it is charged to one budget per document check, so that however a
// document is built it costs at most this much beyond its size. Two ways to spend it:
// - runTimeBoxed: work that may run long runs under a V8 watchdog (a vm timeout interrupts whatever
//   JavaScript runs inside it, including functions from this context);
// - runCharged: short steps (a pattern on a short value, a plain schema walked over a value, a
//   pattern compiled) are timed and charged; once the budget is spent they are refused before they
//   start, so the overrun past the budget is one short step.
// Work refused or interrupted throws a NotCheckedError saying why; the rules record what it stood
// for (notChecked.ts) and the check reports it as not checked, never as a finding.
//
// The browser build has no watchdog (browser/vm.ts stands in for node:vm and cannot interrupt):
// there `canInterrupt` is false, and what could only be bounded by interrupting it is not run at all
// (patterns RE2 cannot run, RE2 and native checks too long for one step).
import { createContext, Script } from 'node:vm';

/** Why something was not checked; `reason` is what the notice says ("the pattern … took too long to evaluate"). */
export class NotCheckedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export const BUDGET_SPENT = "the document's time budget for costly work is spent";

/**
 * Thrown when time-boxed work runs out of time: `what` took longer than its own limit, or (without
 * `what`) the document's budget is spent, before the work started or while it ran.
 */
export class TimeLimitError extends NotCheckedError {
  constructor(what?: string) {
    super(what === undefined ? BUDGET_SPENT : `${what} took too long to evaluate`);
  }
}

/** Every document gets this much, */
const BASE_BUDGET_MS = 1000;
/**
 * and this much more per million characters: work linear in the document (its validation against
 * the format's schema, thousands of examples) is charged too, and a large honest document must not
 * run out where a small one would not.
 */
const BUDGET_MS_PER_MILLION_CHARS = 300;

/**
 * Whether time-boxed work is interrupted at its limit: Node's vm does it; the browser build's
 * stand-in (browser/vm.ts) cannot, and says so on its Script.
 */
export const canInterrupt = (Script as unknown as { interrupts?: boolean }).interrupts !== false;

// One context and one compiled script for every call: creating a context per call costs milliseconds.
const sandbox = createContext({ work: undefined as (() => unknown) | undefined });
const invoke = new Script('work()');

/**
 * What every document gets here: BASE_BUDGET_MS, unless a test's server was started with a budget of
 * its own (setBaseBudgetMs), so that a test of *that* the budget cuts work does not spend a second on
 * every check it makes.
 */
let baseBudgetMs = BASE_BUDGET_MS;

let remainingMs = baseBudgetMs;
let inBudgetScope = false;
/** Start time of the outermost charged call running now (nested calls share its charge). */
let outermostStart: number | undefined;

/**
 * A test-only seam: the base budget of every document checked in this thread from now on, or the
 * default (undefined). Node's language server calls it with the checkBudgetMs a test gives on
 * `initialize`, on its thread and in its document workers (lsp/nodeRuntime.ts); the extension never
 * gives one, and nothing a user configures reaches it.
 */
export function setBaseBudgetMs(ms: number | undefined): void {
  baseBudgetMs = ms !== undefined && Number.isFinite(ms) && ms > 0 ? ms : BASE_BUDGET_MS;
  if (!inBudgetScope) remainingMs = baseBudgetMs;
}

/**
 * Runs one document check (or one fix-all, which checks repeatedly) with a fresh budget, for a text
 * of `textLength` characters. Nested scopes share the outer one's budget.
 */
export function withDocumentBudget<T>(check: () => T, textLength = 0): T {
  if (inBudgetScope) return check();
  inBudgetScope = true;
  remainingMs = budgetFor(textLength);
  try {
    return check();
  } finally {
    inBudgetScope = false;
    remainingMs = baseBudgetMs;
  }
}

function budgetFor(textLength: number): number {
  return baseBudgetMs + (Math.max(0, textLength) / 1_000_000) * BUDGET_MS_PER_MILLION_CHARS;
}

/**
 * Runs `work` as if outside any document check: not charged, never refused. For the process's own
 * one-time setup that a document happens to trigger (the format's schema compiled, an ajv
 * instance's meta-schema), which no document controls.
 */
export function outsideBudget<T>(work: () => T): T {
  const saved = { inBudgetScope, remainingMs, outermostStart };
  inBudgetScope = false;
  remainingMs = baseBudgetMs;
  outermostStart = undefined;
  try {
    return work();
  } finally {
    ({ inBudgetScope, remainingMs, outermostStart } = saved);
  }
}

/** What is left of the current document's budget (outside a document check: all of it). */
export function budgetLeftMs(): number {
  const spentNow = outermostStart === undefined ? 0 : performance.now() - outermostStart;
  return remainingMs - spentNow;
}

/**
 * Runs `work`, a short step, timed and charged to the document's budget; refused
 * (TimeLimitError) when the budget is spent, unless `refusable` is false (the rest of a unit of work
 * already done). Not interrupted: only steps whose length is bounded belong here.
 */
export function runCharged<T>(work: () => T, refusable = true): T {
  if (!inBudgetScope) return work();
  if (refusable && budgetLeftMs() < 1) throw new TimeLimitError();
  if (outermostStart !== undefined) return work();
  const started = performance.now();
  outermostStart = started;
  try {
    return work();
  } finally {
    outermostStart = undefined;
    remainingMs -= performance.now() - started;
  }
}

/**
 * Runs `work` for at most `limitMs` and at most what is left of the document's budget, interrupted
 * at that limit where the runtime can (`canInterrupt`); where it cannot, the work runs to its end and
 * a result that came too late is dropped with the same error.
 */
export function runTimeBoxed<T>(work: () => T, limitMs: number, what: string): T {
  const now = performance.now();
  const nested = outermostStart !== undefined;
  // Outside a document check, each call may take up to a whole budget, uncharged.
  const left = nested ? remainingMs - (now - outermostStart!) : remainingMs;
  if (left < 1) throw new TimeLimitError();
  const budgetBinds = left <= limitMs;
  const limit = Math.floor(Math.min(limitMs, left));
  if (limit < 1) throw new TimeLimitError(what);
  const previous = sandbox.work;
  sandbox.work = work;
  if (!nested) outermostStart = now;
  try {
    return invoke.runInContext(sandbox, { timeout: limit }) as T;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new TimeLimitError(budgetBinds ? undefined : what);
    }
    throw error;
  } finally {
    sandbox.work = previous;
    if (!nested) {
      // Outside a document check (a caller validating on its own) there is no budget to charge.
      if (inBudgetScope) remainingMs -= performance.now() - now;
      outermostStart = undefined;
    }
  }
}
