// A member that a revision of its object's scope lacks (revisionFields.ts: field-, resource-annotation-
// and extensions-not-supported-by-version): "scope or remove". Either the object keeps the member
// and claims only the revisions that have it, or it keeps its scope and loses the member. Only the
// author knows which was meant, so neither is the fix fix-all takes.
import { MCP, type McpFeature } from '../../../mcp/revisions';
import { keyNodeOf, nodeAtPointer, propertyOf, type SyntaxNode } from '../../../syntax/tree';
import { normalizeEdits } from '../../../syntax/textEdits';
import type { DocumentEditor } from '../../../syntax/editor';
import type { FixPlan } from '../../fixPlan';
import type { SemanticFinding } from '../semanticFinding';
import { MEMBERS } from '../revisionFields';
import { scopeTo } from './scopeTo';

/** What each collection's element is called in a fix's title. */
const OWNERS: Readonly<Record<string, string>> = {
  tools: 'tool',
  resources: 'resource',
  resourceTemplates: 'resource template',
  prompts: 'prompt',
  capabilities: 'capabilities entry',
};

export function memberRevisionFixes(finding: SemanticFinding, root: SyntaxNode, editor: DocumentEditor): FixPlan[] {
  const segments = finding.pointer.split('/').slice(1);
  const [collection, index] = segments;
  const name = segments[segments.length - 1];
  const property = propertyOf(nodeAtPointer(root, `/${segments.slice(0, -1).join('/')}`), name);
  const owner = OWNERS[collection];
  const object = nodeAtPointer(root, `/${collection}/${index}`);
  // Only a member written here (an outputSchema's root type is a value, not a member the revision lacks).
  if (!property || keyNodeOf(property)?.offset !== finding.offset || !owner || object?.type !== 'object') return [];
  const feature = featureOf(segments);
  const scoped = feature ? scopeTo(object, owner, root, editor, (revision) => MCP.has(revision, feature)) : [];
  const removal = editor.isInherited?.(property) ? undefined : normalizeEdits(editor.removeMember(property));
  const removed: FixPlan[] =
    removal && removal.length > 0 ? [{ title: `Remove '${name}'`, isPreferred: false, edits: removal }] : [];
  return [...scoped, ...removed];
}

/**
 * The MCP feature a member is, read from revisionFields.ts' table; the few it checks one by one
 * (a tool's execution, a tool schema's dialect, a resource's lastModified, capability extensions)
 * by their place.
 */
function featureOf(segments: readonly string[]): McpFeature | undefined {
  const [collection] = segments;
  const name = segments[segments.length - 1];
  if (segments.length === 3) {
    if (collection === 'tools') return name === 'execution' ? 'tool.execution' : MEMBERS.tools[name];
    if (collection === 'capabilities') return name === 'extensions' ? 'capability.extensions' : MEMBERS.capability[name];
    return MEMBERS.others[name];
  }
  if (collection === 'tools' && name === '$schema') return 'tool-schema.dialect';
  if (segments[2] === 'annotations' && name === 'lastModified') return 'annotations.lastModified';
  if (collection === 'prompts' && segments[2] === 'arguments') return MEMBERS.argument[name];
  return undefined;
}
