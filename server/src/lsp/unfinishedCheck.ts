// A check the server ended before it finished (it outlasted its time box, or its worker failed):
// how long a check may take, and the notice the document gets instead of its problems, so that it
// never looks checked and clean when it was not.
import type { Diagnostic } from '../checker';
import { checkerNotice } from '../checker';
import type { RuleSeverity } from '../../../shared/src/settings';

/**
 * How long one task on a text of `length` characters (a check, or a query that may check) may run
 * before the server ends it, where nothing else bounds a step: a browser's checker charges its time
 * budget only after each costly step (it has no watchdog that interrupts one), so this box is what
 * bounds it. 3 s for any text (the checker's one-second budget for costly work, with room), and 1 ms
 * per 1,024 characters for the linear work (parsing and walking: 13 s for 10 MB, several times what
 * a check of 10 MB takes; 3.7 s for the 709 KB of issue 32's uniqueItems document).
 */
export function boundingTimeBoxMs(length: number): number {
  return Math.round(3000 + length / 1024);
}

/**
 * The same where the checker's watchdog interrupts every costly step (Node's vm timeout): a check is
 * bounded already, and this box is the backstop for what no budget charges; wide enough that a
 * loaded machine's check ends as its budget says, not by the box.
 */
export function backstopTimeBoxMs(length: number): number {
  return Math.round(10_000 + length / 256);
}

export function unfinishedCheckMessage(reason: string): string {
  return `This document's check did not finish: ${reason}, so its problems are not shown. Other documents are still checked; it is checked again when it changes.`;
}

/** The notice (mcpdesc.checker, skipped: Information unless configured) of a document whose check did not finish. */
export function unfinishedCheckNotice(
  reason: string,
  rules: Record<string, RuleSeverity> | undefined,
  docsBaseUri: string,
): Diagnostic[] {
  return checkerNotice('skipped', unfinishedCheckMessage(reason), { rules, docsBaseUri });
}
