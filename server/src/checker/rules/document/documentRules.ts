// The whole-document rules on one root: the schema rule (mcpdesc.document.schema) and the
// semantic checks (mcpdesc.document.semantics). Each tool's findings are kept apart, so that an
// edit inside one tool re-checks that tool alone (incremental.ts). Every part runs on what it can
// read: a schema error never stops the semantic checks, nor the other rules.
import { itemsOf, memberOf, type SyntaxNode } from '../../syntax/tree';
import { checkRootSchema, checkToolSchema, type SchemaFinding } from './documentSchema';
import { checkClientRequirements } from './clientRequirements';
import { checkRootReferences, checkToolReferences } from './componentReferences';
import { checkPromptAndCompletionExamples } from './promptAndCompletionExamples';
import { checkToolSemantics as checkInteractionSemantics, type SemanticFinding } from './interactionSemantics';
import { checkToolExamples } from './toolExamples';
import { checkToolSchemas } from './toolSchemas';
import { checkRootScopes, checkToolScopes } from './protocolScopes';
import { checkRootRevisionFields, checkToolRevisionFields } from './revisionFields';
import { checkRootSecurityAndTags, checkToolSecurityAndTags } from './securityAndTags';
import { checkRootMeta, checkToolMeta } from './metaKeys';
import { checkResourceExamples } from './resourceExamples';
import { checkCapabilityExtensions, checkRequiredExtensions } from './reservedExtensions';
import { collectNotChecked, type NotChecked } from '../../notChecked';

export interface ToolDocumentFindings {
  schema: SchemaFinding[];
  semantics: SemanticFinding[];
  /** What could not be checked in the tool (notChecked.ts). */
  notChecked: NotChecked[];
}

export interface DocumentFindings {
  /** The root's own schema findings (everything outside the elements of `tools`). */
  root: SchemaFinding[];
  /** The semantic findings outside the elements of `tools` (component references). */
  rootSemantics: SemanticFinding[];
  /** Per element of `tools` (empty when `tools` is not an array). */
  tools: ToolDocumentFindings[];
  /** What could not be checked outside the elements of `tools` (notChecked.ts). */
  rootNotChecked: NotChecked[];
}

export function checkDocumentRules(root: SyntaxNode): DocumentFindings {
  // The structural validation of every part first: it is linear in the document, and the semantic
  // checks after it can spend the time budget on costly work (tool schemas compiled, examples
  // validated) that must not leave the structure unchecked.
  const rootSchema = collectNotChecked(() => checkRootSchema(root));
  const tools = itemsOf(root.type === 'object' ? memberOf(root, 'tools') : undefined);
  const toolSchemas = tools.map((tool, index) => collectNotChecked(() => checkToolSchema(root, tool, index)));
  const rootSemantics = collectNotChecked(() => [
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
  return {
    root: rootSchema.result,
    rootSemantics: rootSemantics.result,
    tools: tools.map((tool, index) => {
      const semantics = collectNotChecked(() => checkToolSemantics(root, tool, index));
      return {
        schema: toolSchemas[index].result,
        semantics: semantics.result,
        notChecked: [...toolSchemas[index].notChecked, ...semantics.notChecked],
      };
    }),
    rootNotChecked: [...rootSchema.notChecked, ...rootSemantics.notChecked],
  };
}

/** The findings of one tool (the one-tool shortcut's re-check, incremental.ts). */
export function checkToolDocumentRules(root: SyntaxNode, tool: SyntaxNode, index: number): ToolDocumentFindings {
  const schema = collectNotChecked(() => checkToolSchema(root, tool, index));
  const semantics = collectNotChecked(() => checkToolSemantics(root, tool, index));
  return { schema: schema.result, semantics: semantics.result, notChecked: [...schema.notChecked, ...semantics.notChecked] };
}

function checkToolSemantics(root: SyntaxNode, tool: SyntaxNode, index: number): SemanticFinding[] {
  return [
    ...checkToolReferences(root, tool, index),
    ...checkClientRequirements(root, tool, 'tools', index),
    ...checkRequiredExtensions(root, tool, 'tools', index),
    ...checkInteractionSemantics(root, tool, index),
    ...checkToolExamples(root, tool, index),
    ...checkToolSchemas(root, tool, index),
    ...checkToolScopes(root, index),
    ...checkToolRevisionFields(root, tool, index),
    ...checkToolSecurityAndTags(root, tool, index),
    ...checkToolMeta(root, tool, index),
  ];
}

/** The clientRequirements findings of resources, resource templates and prompts (a tool's are the tool's). */
function otherPrimitivesRequirements(root: SyntaxNode): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (root.type !== 'object') return findings;
  for (const collection of ['resources', 'resourceTemplates', 'prompts']) {
    itemsOf(memberOf(root, collection)).forEach((primitive, index) => {
      for (const finding of checkClientRequirements(root, primitive, collection, index)) findings.push(finding);
      for (const finding of checkRequiredExtensions(root, primitive, collection, index)) findings.push(finding);
    });
  }
  return findings;
}
