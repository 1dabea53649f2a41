// The whole-document rules on the rule contract: the schema rule (mcpdesc.document.schema) and the
// semantic checks (mcpdesc.document.semantics). Each tool's findings are kept apart, so that an
// edit inside one tool re-checks that tool alone (incremental.ts). Every part runs on what it can
// read: a schema error never stops the semantic checks, nor the other rules.
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../../../../shared/src/rules';
import type { SyntaxNode } from '../../syntax/tree';
import { readPrimitive, readPrimitives, toolNameCounts, toolsArrayOf } from '../../model/documentModel';
import { semanticFixesFor } from './fixes/semanticFixes';
import { schemaFixesFor } from './fixes/schemaFixes';
import type { SchemaHint } from './schemaHints';
import { collectNotChecked } from '../../notChecked';
import type { SchemaViolationKind, SemanticViolationKind } from '../../types';
import { isRuleOn, type DiagnosticOptions } from '../makeDiagnostic';
import { metaOf, type Finding, type Rule, type RootFindings, type ToolFindings } from '../rule';
import { checkRootSchema, checkToolSchema, SCHEMA_OFFICIAL_CODE, type SchemaFinding } from './documentSchema';
import { checkClientRequirements } from './clientRequirements';
import { checkRootReferences, checkToolReferences } from './componentReferences';
import { checkPromptAndCompletionExamples } from './promptAndCompletionExamples';
import { checkToolSemantics as checkInteractionSemantics } from './interactionSemantics';
import { OFFICIAL_CODE_OF, type SemanticFinding } from './semanticFinding';
import { checkToolExamples } from './toolExamples';
import { checkToolSchemas } from './toolSchemas';
import { checkRootScopes, checkToolScopes } from './protocolScopes';
import { checkRootRevisionFields, checkToolRevisionFields } from './revisionFields';
import { checkRootSecurityAndTags, checkToolSecurityAndTags } from './securityAndTags';
import { checkRootMeta, checkToolMeta } from './metaKeys';
import { checkResourceExamples } from './resourceExamples';
import { checkCapabilityExtensions, checkRequiredExtensions } from './reservedExtensions';
import { stepAtPointer } from './pointers';
import { checkToolReferencedSchemas } from './referencedSchemas';
import { checkRootDuplicateKeys, checkToolDuplicateKeys } from './duplicateKeys';
import { problemAtRange } from '../sameProblem';

/**
 * A finding of the schema rule, with the official validator's code and path, and the interaction step
 * it lies in (what the elicitation rule's findings about that step are matched on: sameProblem.ts).
 */
export type DocumentSchemaFinding = Finding<SchemaViolationKind> & {
  officialCode: string;
  pointer: string;
  step?: SyntaxNode;
  /** The component at fault when the finding is about a use site's reference to it (referencedSchemas.ts). */
  component?: string;
  /** What its fixes need (schemaHints.ts), when it has a fix. */
  hint?: SchemaHint;
};
/** A finding of the semantic checks, with the official validator's code and path. */
export type DocumentSemanticFinding = Finding<SemanticViolationKind> & { officialCode: string; pointer: string };

/**
 * Whether the whole-document rules run: both when either is on. The structural validation runs
 * first (it is linear in the document) so that the semantic checks after it spend the time budget
 * on costly work (tool schemas compiled, examples validated) that must not leave the structure
 * unchecked; and what either could not check is noticed whichever of the two is on.
 */
function documentRulesRun(options: DiagnosticOptions): boolean {
  return isRuleOn(DOCUMENT_SCHEMA_RULE_ID, options) || isRuleOn(DOCUMENT_SEMANTICS_RULE_ID, options);
}

function schemaViolation(keyword: string): SchemaViolationKind {
  switch (keyword) {
    case 'required':
      return 'missing-member';
    case 'additionalProperties':
      return 'unknown-member';
    case 'propertyNames':
      return 'invalid-name';
    case 'type':
      return 'wrong-type';
    case 'duplicateKey':
      return 'duplicate-key';
    default:
      return 'invalid-value';
  }
}

function schemaFindings(found: SchemaFinding[]): DocumentSchemaFinding[] {
  return found.map((finding) => ({
    violation: schemaViolation(finding.keyword),
    offset: finding.offset,
    length: finding.length,
    message: finding.message,
    officialCode: finding.officialCode ?? SCHEMA_OFFICIAL_CODE,
    pointer: finding.pointer,
    ...(finding.component !== undefined ? { component: finding.component } : {}),
    ...(finding.hint ? { hint: finding.hint } : {}),
  }));
}

function semanticFindings(found: SemanticFinding[]): DocumentSemanticFinding[] {
  return found.map((finding) => ({
    violation: finding.kind,
    offset: finding.offset,
    length: finding.length,
    message: finding.message,
    officialCode: OFFICIAL_CODE_OF[finding.kind],
    pointer: finding.pointer,
  }));
}

/** What a tool's check is given: the element, its place, and its siblings (for the model's titles). */
interface ToolElement {
  tool: SyntaxNode;
  index: number;
  elements: readonly SyntaxNode[];
  nameCounts: ReadonlyMap<string, number>;
}

/** Each element of the root's `tools`, checked by `checkTool`, beside the findings outside them. */
function perTool<F extends Finding>(
  root: SyntaxNode,
  others: () => F[],
  checkTool: (element: ToolElement) => ToolFindings<F>,
): RootFindings<F> {
  const outside = collectNotChecked(others);
  const elements = toolsArrayOf(root)?.items ?? [];
  let nameCounts: ReadonlyMap<string, number> | undefined;
  const tools = elements.map((tool, index) =>
    checkTool({ tool, index, elements, nameCounts: (nameCounts ??= toolNameCounts(elements)) }),
  );
  return { tools, others: outside.result, othersNotChecked: outside.notChecked };
}

function checkToolAgainstSchema(root: SyntaxNode, tool: SyntaxNode, index: number): ToolFindings<DocumentSchemaFinding> {
  const checked = collectNotChecked(() => [
    ...checkToolSchema(root, tool, index),
    ...checkToolReferencedSchemas(root, tool, index),
    ...checkToolDuplicateKeys(tool),
  ]);
  const findings = schemaFindings(checked.result);
  for (const finding of findings) {
    const step = stepAtPointer(tool, finding.pointer);
    if (step) finding.step = step;
  }
  return { findings, notChecked: checked.notChecked };
}

export const documentSchemaRule: Rule<DocumentSchemaFinding> = {
  id: DOCUMENT_SCHEMA_RULE_ID,
  meta: metaOf(DOCUMENT_SCHEMA_RULE_ID),
  scope: 'document',
  runsUnder: documentRulesRun,
  checkRoot: ({ root }) =>
    perTool(
      root,
      () => schemaFindings([...checkRootSchema(root), ...checkRootDuplicateKeys(root)]),
      ({ tool, index }) => checkToolAgainstSchema(root, tool, index),
    ),
  checkTool: ({ root, tool, index }) => checkToolAgainstSchema(root, tool, index),
  // Inside an elicitation step the elicitation rule (earlier in the registry) may underline the same
  // range for the same reason: it reports it, in its own words, once.
  problemOf: (finding) => (finding.step ? problemAtRange(finding.step, finding) : undefined),
  fixes: (finding, editor, root) => (insideStepSchemaOrContent(finding) ? [] : schemaFixesFor(finding, root, editor)),
};

/**
 * Whether a schema finding lies in a step's requested schema or response content, whose fixes the
 * elicitation rules own (the schema set from the declaration's, the content made to match it): a
 * rename there would fight theirs in one fix-all (found by the thorough mutants).
 */
function insideStepSchemaOrContent(finding: DocumentSchemaFinding): boolean {
  return finding.step !== undefined && /\/steps\/\d+\/(request\/requestedSchema|response\/content)(\/|$)/.test(finding.pointer);
}

function checkToolSemantics(root: SyntaxNode, element: ToolElement): ToolFindings<DocumentSemanticFinding> {
  const { tool, index, elements, nameCounts } = element;
  // The model's reading of the tool (an element that is not an object has none: nothing to check there).
  const model = tool.type === 'object' ? readPrimitive(root, 'tool', tool, index, elements, nameCounts) : undefined;
  const checked = collectNotChecked(() => [
    ...checkToolReferences(root, tool, index, model),
    ...(model ? checkClientRequirements(model) : []),
    ...(model ? checkRequiredExtensions(model) : []),
    ...(model ? checkInteractionSemantics(model) : []),
    ...(model ? checkToolExamples(model) : []),
    ...checkToolSchemas(root, tool, index),
    ...checkToolScopes(root, index),
    ...checkToolRevisionFields(root, tool, index),
    ...checkToolSecurityAndTags(root, tool, index),
    ...checkToolMeta(root, tool, index),
  ]);
  return { findings: semanticFindings(checked.result), notChecked: checked.notChecked };
}

function checkRootSemantics(root: SyntaxNode): DocumentSemanticFinding[] {
  return semanticFindings([
    ...checkRootReferences(root),
    ...otherPrimitivesRequirements(root),
    ...checkPromptAndCompletionExamples(root),
    ...checkRootScopes(root),
    ...checkRootRevisionFields(root),
    ...checkCapabilityExtensions(root),
    ...checkRootSecurityAndTags(root),
    ...checkRootMeta(root),
    ...checkResourceExamples(root),
  ]);
}

export const documentSemanticsRule: Rule<DocumentSemanticFinding> = {
  id: DOCUMENT_SEMANTICS_RULE_ID,
  meta: metaOf(DOCUMENT_SEMANTICS_RULE_ID),
  scope: 'document',
  runsUnder: documentRulesRun,
  checkRoot: ({ root }) =>
    perTool(
      root,
      () => checkRootSemantics(root),
      (element) => checkToolSemantics(root, element),
    ),
  checkTool: ({ root, ...element }) => checkToolSemantics(root, element),
  fixes: (finding, editor, root) =>
    semanticFixesFor(
      {
        kind: finding.violation,
        offset: finding.offset,
        length: finding.length,
        message: finding.message,
        pointer: finding.pointer,
      },
      root,
      editor,
    ),
};

/** The clientRequirements findings of resources, resource templates and prompts (a tool's are the tool's). */
function otherPrimitivesRequirements(root: SyntaxNode): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (root.type !== 'object') return findings;
  for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) {
    for (const primitive of readPrimitives(root, kind)) {
      for (const finding of checkClientRequirements(primitive)) findings.push(finding);
      for (const finding of checkRequiredExtensions(primitive)) findings.push(finding);
    }
  }
  return findings;
}
