// Some work a document controls can take exponential or quadratic time: a backtracking pattern, RE2
// on a long value with a huge program, uniqueItems over a long array, anyOf chains through $ref.
// Such work runs under a V8 watchdog (a vm timeout interrupts whatever JavaScript runs inside it,
// including functions from this context), and all of it together is charged to one budget per
// document check: however a document is built, it costs at most this much beyond its size.
import { createContext, Script } from 'node:vm';

/** Thrown when time-boxed work runs out of time (or the document's budget is already spent). */
export class TimeLimitError extends Error {
  constructor(what: string) {
    super(`${what} took too long to evaluate`);
  }
}

const DOCUMENT_BUDGET_MS = 1000;

// One context and one compiled script for every call: creating a context per call costs milliseconds.
const sandbox = createContext({ work: undefined as (() => unknown) | undefined });
const invoke = new Script('work()');

let remainingMs = DOCUMENT_BUDGET_MS;
let inBudgetScope = false;
/** Start time of the outermost time-boxed call running now (nested calls share its charge). */
let outermostStart: number | undefined;

/**
 * Runs one document check (or one fix-all, which checks repeatedly) with a fresh budget. Nested
 * scopes share the outer one's budget.
 */
export function withDocumentBudget<T>(check: () => T): T {
  if (inBudgetScope) return check();
  inBudgetScope = true;
  remainingMs = DOCUMENT_BUDGET_MS;
  try {
    return check();
  } finally {
    inBudgetScope = false;
    remainingMs = DOCUMENT_BUDGET_MS;
  }
}

/** What is left of the current document's budget (outside a document check: all of it). */
export function budgetLeftMs(): number {
  const spentNow = outermostStart === undefined ? 0 : performance.now() - outermostStart;
  return remainingMs - spentNow;
}

/** Runs `work` for at most `limitMs` and at most what is left of the document's budget. */
export function runTimeBoxed<T>(work: () => T, limitMs: number, what: string): T {
  const now = performance.now();
  const nested = outermostStart !== undefined;
  const left = nested ? remainingMs - (now - outermostStart!) : remainingMs;
  const limit = Math.floor(Math.min(limitMs, left));
  if (limit < 1) throw new TimeLimitError(what);
  const previous = sandbox.work;
  sandbox.work = work;
  if (!nested) outermostStart = now;
  try {
    return invoke.runInContext(sandbox, { timeout: limit }) as T;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new TimeLimitError(what);
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
