// The whole-document rules' findings as diagnostics, and the official validator's codes for the
// findings of the elicitation-consistency rule (which keep their own kinds).
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../../../../shared/src/rules';
import type { LineIndex } from '../../syntax/lineIndex';
import type { SyntaxNode } from '../../syntax/tree';
import { makeDiagnostic, type DiagnosticOptions } from '../makeDiagnostic';
import type { Diagnostic, SchemaViolationKind, ViolationKind } from '../../types';
import type { DocumentFindings } from './documentRules';
import { SCHEMA_OFFICIAL_CODE, type SchemaFinding } from './documentSchema';
import { OFFICIAL_CODE_OF, type SemanticFinding } from './interactionSemantics';

const CONSISTENCY_OFFICIAL_CODES: Readonly<Partial<Record<ViolationKind, string>>> = {
  'unknown-declaration': 'unknown-elicitation-declaration',
  'mode-mismatch': 'interaction-example-elicitation-declaration-mismatch',
  'schema-mismatch': 'interaction-example-elicitation-declaration-mismatch',
  'url-mismatch': 'interaction-example-elicitation-declaration-mismatch',
  'missing-content': 'interaction-example-elicitation-response-mismatch',
  'unexpected-content': 'interaction-example-elicitation-response-mismatch',
  'invalid-content': 'interaction-example-elicitation-content-schema-mismatch',
};

/** The official code of a consistency finding's kind, when the official validator has one. */
export function officialCodeOfConsistency(violation: ViolationKind): string | undefined {
  return CONSISTENCY_OFFICIAL_CODES[violation];
}

function schemaViolation(finding: SchemaFinding): SchemaViolationKind {
  switch (finding.keyword) {
    case 'required':
      return 'missing-member';
    case 'additionalProperties':
      return 'unknown-member';
    case 'propertyNames':
      return 'invalid-name';
    case 'type':
      return 'wrong-type';
    default:
      return 'invalid-value';
  }
}

/** `root`: the root the findings were found in; a semantic finding keeps it, for its fixes. */
export function locateDocumentFindings(
  findings: DocumentFindings,
  options: DiagnosticOptions,
  lines: LineIndex,
  root?: SyntaxNode,
): Array<{ diagnostic: Diagnostic; semantic?: { finding: SemanticFinding; root: SyntaxNode } }> {
  const located: Array<{ diagnostic: Diagnostic; semantic?: { finding: SemanticFinding; root: SyntaxNode } }> = [];
  const pushSchema = (finding: SchemaFinding) => {
    const data = {
      violation: schemaViolation(finding),
      offset: finding.offset,
      length: finding.length,
      officialCode: SCHEMA_OFFICIAL_CODE,
      pointer: finding.pointer,
    };
    const diagnostic = makeDiagnostic(
      DOCUMENT_SCHEMA_RULE_ID,
      data,
      finding.message,
      lines.rangeOf(finding.offset, finding.length),
      options,
    );
    if (diagnostic) located.push({ diagnostic });
  };
  for (const finding of findings.root) pushSchema(finding);
  const pushSemantic = (finding: SemanticFinding) => {
    const data = {
      violation: finding.kind,
      offset: finding.offset,
      length: finding.length,
      officialCode: OFFICIAL_CODE_OF[finding.kind],
      pointer: finding.pointer,
    };
    const diagnostic = makeDiagnostic(
      DOCUMENT_SEMANTICS_RULE_ID,
      data,
      finding.message,
      lines.rangeOf(finding.offset, finding.length),
      options,
    );
    if (diagnostic) located.push(root ? { diagnostic, semantic: { finding, root } } : { diagnostic });
  };
  for (const finding of findings.rootSemantics) pushSemantic(finding);
  for (const tool of findings.tools) {
    for (const finding of tool.schema) pushSchema(finding);
    for (const finding of tool.semantics) pushSemantic(finding);
  }
  return located;
}
