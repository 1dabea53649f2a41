// --fix on one document's text: every preferred fix, with the document's line breaks kept.
import { fixAll } from '../checker';
import type { CheckOptions } from '../checker';
import { conformLineBreaks, lineBreakOf } from './lineBreaks';

export interface FixedDocument {
  text: string;
  /** How many fixes the checker applied. */
  applied: number;
  changed: boolean;
}

export function fixDocument(text: string, options: CheckOptions): FixedDocument {
  // The style of the file as read: later rounds see text the earlier ones inserted in that style.
  const lineBreak = lineBreakOf(text);
  const result = fixAll(text, { ...options, adaptEdits: (current, edits) => conformLineBreaks(current, edits, lineBreak) });
  return { text: result.text, applied: result.applied, changed: result.text !== text };
}
