// The whole-document rules on one root: the schema rule (mcpdesc.document.schema) and the
// semantic checks (mcpdesc.document.semantics). Each tool's findings are kept apart, so that an
// edit inside one tool re-checks that tool alone (incremental.ts). Every part runs on what it can
// read: a schema error never stops the semantic checks, nor the other rules.
import { itemsOf, memberOf, type SyntaxNode } from '../../syntax/tree';
import { checkRootSchema, checkToolSchema, type SchemaFinding } from './documentSchema';
import { checkClientRequirements } from './clientRequirements';
import { checkRootReferences, checkToolReferences } from './componentReferences';
import { checkPromptAndCompletionExamples } from './promptAndCompletionExamples';
import { checkToolSemantics, type SemanticFinding } from './interactionSemantics';
import { checkToolExamples } from './toolExamples';
import { checkToolSchemas } from './toolSchemas';
import { checkRootScopes, checkToolScopes } from './protocolScopes';
import { checkRootRevisionFields, checkToolRevisionFields } from './revisionFields';
import { checkRootSecurityAndTags, checkToolSecurityAndTags } from './securityAndTags';
import { checkRootMeta, checkToolMeta } from './metaKeys';
import { checkResourceExamples } from './resourceExamples';

export interface ToolDocumentFindings {
  schema: SchemaFinding[];
  semantics: SemanticFinding[];
}

export interface DocumentFindings {
  /** The root's own schema findings (everything outside the elements of `tools`). */
  root: SchemaFinding[];
  /** The semantic findings outside the elements of `tools` (component references). */
  rootSemantics: SemanticFinding[];
  /** Per element of `tools` (empty when `tools` is not an array). */
  tools: ToolDocumentFindings[];
}

export function checkDocumentRules(root: SyntaxNode): DocumentFindings {
  const findings: DocumentFindings = {
    root: checkRootSchema(root),
    rootSemantics: [
      ...checkRootReferences(root),
      ...otherPrimitivesRequirements(root),
      ...checkPromptAndCompletionExamples(root),
      ...checkRootScopes(root),
      ...checkRootRevisionFields(root),
      ...checkRootSecurityAndTags(root),
      ...checkRootMeta(root),
      ...checkResourceExamples(root),
    ],
    tools: [],
  };
  const tools = root.type === 'object' ? memberOf(root, 'tools') : undefined;
  itemsOf(tools).forEach((tool, index) => findings.tools.push(checkToolDocumentRules(root, tool, index)));
  return findings;
}

export function checkToolDocumentRules(root: SyntaxNode, tool: SyntaxNode, index: number): ToolDocumentFindings {
  return {
    schema: checkToolSchema(root, tool, index),
    semantics: [
      ...checkToolReferences(root, tool, index),
      ...checkClientRequirements(root, tool, 'tools', index),
      ...checkToolSemantics(root, tool, index),
      ...checkToolExamples(root, tool, index),
      ...checkToolSchemas(root, tool, index),
      ...checkToolScopes(root, index),
      ...checkToolRevisionFields(root, tool, index),
      ...checkToolSecurityAndTags(root, tool, index),
      ...checkToolMeta(root, tool, index),
    ],
  };
}

/** The clientRequirements findings of resources, resource templates and prompts (a tool's are the tool's). */
function otherPrimitivesRequirements(root: SyntaxNode): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (root.type !== 'object') return findings;
  for (const collection of ['resources', 'resourceTemplates', 'prompts']) {
    itemsOf(memberOf(root, collection)).forEach((primitive, index) =>
      findings.push(...checkClientRequirements(root, primitive, collection, index)),
    );
  }
  return findings;
}
