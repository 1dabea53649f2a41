// --fix on one document's text: every preferred fix, with the document's line breaks kept.
import { applyEdits, fixAll } from '../checker';
import type { CheckOptions } from '../checker';
import { conformLineBreaks } from './lineBreaks';

export interface FixedDocument {
  text: string;
  /** How many fixes the checker applied. */
  applied: number;
  changed: boolean;
}

export function fixDocument(text: string, options: CheckOptions): FixedDocument {
  const result = fixAll(text, options);
  if (result.edits.length === 0) return { text, applied: result.applied, changed: false };
  const fixed = applyEdits(text, conformLineBreaks(text, result.edits));
  return { text: fixed, applied: result.applied, changed: fixed !== text };
}
