// What a quick-fix is before it becomes a client's edit: a title, whether it is the fix, and its
// edits in offsets; what every rule's fixes return (Rule.fixes) and fix-all combines.
import type { Step } from '../model/documentModel';
import type { SyntaxNode } from '../syntax/tree';
import type { OffsetEdit } from '../types';
import type { InsertValue } from '../syntax/editor';

export interface FixPlan {
  title: string;
  isPreferred: boolean;
  edits: OffsetEdit[];
  /** For "Declare elicitation": what it appends, so fix-all can declare several on one tool at once. */
  declares?: PlannedDeclaration;
  /** For a fix that removes one item of a list: which, so fix-all can remove all of one list's at once. */
  removes?: { array: SyntaxNode; element: SyntaxNode };
}

export interface PlannedDeclaration {
  tool: Step['tool'];
  name: string;
  mode: 'form' | 'url';
  element: InsertValue;
}
