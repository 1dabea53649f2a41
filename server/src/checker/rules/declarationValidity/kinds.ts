// What the declaration-validity rule reports: one finding per violation (its kinds are listed in
// types.ts, the checker's public face), keeping the model objects its quick-fixes are built from.
import type { ElicitationDeclaration, Primitive } from '../../model/documentModel';
import type { SyntaxNode } from '../../syntax/tree';
import type { DeclarationAspect } from '../elicitation/findings';
import type { DeclarationViolationKind } from '../../types';
import type { Finding } from '../rule';

export type { DeclarationViolationKind } from '../../types';

export interface DeclarationFinding extends Finding<DeclarationViolationKind> {
  owner: Primitive;
  /** Absent for findings about the whole `elicitations` member. */
  declaration?: ElicitationDeclaration;
  /**
   * Set when the consistency rule's invalid-declaration reports the same problem for a tool's
   * declaration (the part it is about); sameProblem.ts then keeps that rule's diagnostic only.
   */
  aspect?: DeclarationAspect;
  /** What the quick-fix edits: the member to remove, the `required` entry to drop. */
  target?: SyntaxNode;
}
