// What the rules could not check. A rule runs each unit of its costly work (one example against its
// tool's schema, one step's content, one part of the document against the format's schema) through
// checkOrNote: when the document's time budget refuses or interrupts it (timeBudget.ts), or the
// runtime cannot run it (a pattern RE2 cannot run, in the browser build), the unit is recorded here,
// with where it is and why, and the rule goes on without a finding for it. The check gathers the
// records of each tool and of the rest of the document (collectNotChecked) next to their findings,
// and reports them as notices (checkerNotices.ts: notCheckedNotices), never as findings.
import { NotCheckedError } from './timeBudget';

/** What a unit of work was about; the notice counts them by kind ("3 tool examples were not checked"). */
export type NotCheckedSubject =
  /** An elicitation requested schema that was not compiled. */
  | 'requested-schema'
  /** An elicitation step's content, against its requested schema. */
  | 'step-content'
  /** A tool's inputSchema or outputSchema, for its validity as a JSON Schema. */
  | 'tool-schema'
  /** A tool example's input or structured content, against the tool's schema. */
  | 'tool-example'
  /** The root or a tool, against the MCP Description 0.8.0 schema. */
  | 'document-part'
  /** A resource template example's URI, against its template. */
  | 'template-expansion';

export interface NotChecked {
  subject: NotCheckedSubject;
  /** Where the notice goes: the unit's key, or its first character. */
  offset: number;
  length: number;
  /** Why, as the notice says it ("the document's time budget for costly work is spent"). */
  reason: string;
}

/** The records of the innermost collectNotChecked running now; none outside one. */
let open: NotChecked[] | undefined;

/** Runs `work`, returning what it recorded as not checked beside its result (a scope's own records only). */
export function collectNotChecked<T>(work: () => T): { result: T; notChecked: NotChecked[] } {
  const outer = open;
  const records: NotChecked[] = [];
  open = records;
  try {
    return { result: work(), notChecked: records };
  } finally {
    open = outer;
  }
}

/** Records `subject` at `anchor` as not checked, for `reason`. */
export function noteNotChecked(subject: NotCheckedSubject, anchor: { offset: number; length: number }, reason: string): void {
  open?.push({ subject, offset: anchor.offset, length: anchor.length, reason });
}

/**
 * Runs one unit of a rule's costly work. When it is refused or interrupted (a NotCheckedError), the
 * unit is recorded as not checked and `fallback` stands for its result; anything else is thrown on.
 */
export function checkOrNote<T>(
  subject: NotCheckedSubject,
  anchor: { offset: number; length: number },
  work: () => T,
  fallback: T,
): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof NotCheckedError)) throw error;
    noteNotChecked(subject, anchor, error.reason);
    return fallback;
  }
}
