// The moves of the one-tool shortcut of incremental re-checks that are owed to the nodes inside
// tools (nodePositions.ts moves them). An edit in a document of hundreds of tools costs little more
// than its tool's re-parse: the tools after the edit move at once, the nodes inside them only when
// something reads the tree.
import type { SyntaxNode } from './tree';
import { hasChildren, shiftInside } from './nodePositions';

/**
 * The moves the shortcut has made to whole tools but not yet to the nodes inside them. A tool
 * itself moves at once (the shortcut finds the edited tool by the tools' offsets); what is inside
 * the tools after an edit, nearly every node of a large document, moves when something reads the
 * tree (DocumentCheck.settleTreeWith), once for all the edits since the last read. The rules never
 * read inside a tool other than the one they check, and every node outside the tools moves at once.
 */
export class OwedShifts {
  private readonly owed = new Map<SyntaxNode, number>();

  /** `element` has moved by `delta`, and what is inside it has not. */
  add(element: SyntaxNode, delta: number): void {
    if (hasChildren(element)) this.owed.set(element, (this.owed.get(element) ?? 0) + delta);
  }

  /** `element` has left the tree (a re-parsed tool replaced it). */
  forget(element: SyntaxNode): void {
    this.owed.delete(element);
  }

  readonly settle = (): void => {
    if (this.owed.size === 0) return;
    for (const [element, delta] of this.owed) shiftInside(element, delta);
    this.owed.clear();
  };
}
