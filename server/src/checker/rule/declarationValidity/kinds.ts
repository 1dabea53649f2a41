// What the declaration-validity rule reports: its violation kinds (data.violation) and one finding
// per violation, keeping the model objects its quick-fixes are built from.
import type { ElicitationDeclaration, Primitive } from '../../model/documentModel';
import type { SyntaxNode } from '../../tree';
import type { DeclarationAspect } from '../findings';

export const DECLARATION_VIOLATION_KINDS = [
  'empty-elicitations',
  'malformed-declaration',
  'missing-name',
  'invalid-name',
  'duplicate-name',
  'invalid-mode',
  'missing-message',
  'empty-text',
  'invalid-scope',
  'scope-outside-parent',
  'revision-mismatch',
  'form-with-url',
  'url-with-requested-schema',
  'invalid-url',
  'missing-requested-schema',
  'invalid-requested-schema',
  'nested-schema',
  'unsupported-keyword',
  'unsupported-format',
  'invalid-property-schema',
  'unknown-required',
  'enum-names-mismatch',
  'invalid-default',
  'invalid-bounds',
] as const;

export type DeclarationViolationKind = (typeof DECLARATION_VIOLATION_KINDS)[number];

export interface DeclarationFinding {
  violation: DeclarationViolationKind;
  offset: number;
  length: number;
  message: string;
  owner: Primitive;
  /** Absent for findings about the whole `elicitations` member. */
  declaration?: ElicitationDeclaration;
  /**
   * Set when the consistency rule's invalid-declaration reports the same problem for a tool's
   * declaration (the part it is about); check.ts then keeps that rule's diagnostic only.
   */
  aspect?: DeclarationAspect;
  /** What the quick-fix edits: the member to remove, the `required` entry to drop. */
  target?: SyntaxNode;
}
