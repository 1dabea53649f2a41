// --fix on one document's text: every preferred fix, with the document's line breaks kept.
import { fixAllWithCheck } from '../checker';
import type { CheckOptions, CheckResult } from '../checker';
import { conformLineBreaks, lineBreakOf } from './lineBreaks';

export interface FixedDocument {
  text: string;
  /** How many fixes the checker applied. */
  applied: number;
  changed: boolean;
  /** The check of `text` with the options given, which fix-all made last (the report needs no other). */
  check: CheckResult | undefined;
}

export function fixDocument(text: string, options: CheckOptions): FixedDocument {
  // The style of the file as read: later rounds see text the earlier ones inserted in that style.
  const lineBreak = lineBreakOf(text);
  const { result, check } = fixAllWithCheck(text, {
    ...options,
    adaptEdits: (current, edits) => conformLineBreaks(current, edits, lineBreak),
  });
  return { text: result.text, applied: result.applied, changed: result.text !== text, check };
}
