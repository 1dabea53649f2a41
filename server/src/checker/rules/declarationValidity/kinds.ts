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

/**
 * The official validator's code for the same problem, where it has one of its own (its other
 * declaration problems are structural: `schema-validation` against the format's schema, which this
 * rule words more precisely and leaves uncoded). A url mode a revision lacks is its own code there;
 * every other revision mismatch is about the form schema.
 */
export function officialCodeOfDeclaration(finding: DeclarationFinding): string | undefined {
  switch (finding.violation) {
    case 'duplicate-name':
      return 'duplicate-elicitation-name';
    case 'invalid-default':
      return 'elicitation-form-default-outside-enum';
    case 'enum-names-mismatch':
      return 'elicitation-form-enum-names-mismatch';
    case 'invalid-bounds':
      return 'elicitation-form-invalid-range';
    case 'unknown-required':
      return 'elicitation-form-required-property-unknown';
    case 'scope-outside-parent':
      return 'protocol-scope-outside-parent';
    case 'revision-mismatch':
      // Told apart by what the finding is about, not by offsets: a finding the one-tool shortcut
      // kept may sit at offsets its declaration's nodes no longer have. The mode's finding is the
      // one naming url mode (checkDeclarations.ts); the others name a form-schema keyword or form.
      return finding.message.includes(' is in url mode, which MCP ')
        ? 'elicitation-mode-not-supported-by-version'
        : 'elicitation-form-schema-version-mismatch';
    default:
      return undefined;
  }
}
