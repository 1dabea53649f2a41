// The quick-fixes of the spec's section 3, built for one finding against a DocumentEditor, so the
// same fixes serve every syntax the editor backends know.
import { effectiveProperties, memberOf, propertyOf, stringOf, valueOf, type JsonValue, type SyntaxNode } from '../../syntax/tree';
import { normalizeEdits } from '../../syntax/textEdits';
import type { OffsetEdit } from '../../types';
import type { SchemaValidatorCache } from '../../schema/schemaValidator';
import type { Declaration, Step } from '../../model/documentModel';
import { resolveSchemaNode } from '../../model/componentRef';
import { isSyntacticallyValidUri } from '../declarationValidity/uriSyntax';
import type { ConsistencyFinding } from './findings';
import type { FixPlan, PlannedDeclaration } from '../fixPlan';
import { contentSkeleton } from './contentSkeleton';
import type { DocumentEditor, InsertValue } from '../../syntax/editor';
import { editDistance } from '../editDistance';
import { sameSchema } from '../../syntax/canonicalJson';

const MAX_CHANGE_TO = 5;
/** A same-mode declaration this close to an unknown name makes "Change to" the preferred fix. */
export const PREFER_CHANGE_WITHIN = 2;

export function fixesForFinding(finding: ConsistencyFinding, editor: DocumentEditor, schemas: SchemaValidatorCache): FixPlan[] {
  const step = finding.step;
  if (!step) return [];
  switch (finding.violation) {
    case 'unknown-declaration':
      return unknownDeclarationFixes(step, editor, schemas);
    case 'unexpected-content':
      return plan('Remove content', removeContent(step, editor));
    case 'missing-content':
      return plan('Add content', addContent(step, editor));
    case 'mode-mismatch':
    case 'schema-mismatch':
    case 'url-mismatch':
      return step.declaration?.name !== undefined
        ? plan(
            `Use the request of declaration '${step.declaration.name}'`,
            useDeclarationRequest(finding, step, step.declaration, editor),
          )
        : [];
    default:
      return [];
  }
}

function plan(title: string, edits: OffsetEdit[] | undefined): FixPlan[] {
  const normalized = edits && edits.length ? normalizeEdits(edits) : undefined;
  return normalized ? [{ title, isPreferred: true, edits: normalized }] : [];
}

interface Candidate {
  declaration: Declaration;
  distance: number;
}

// Per tool, per requested name and mode: fix-all asks for every step, and 5,000 steps with the same
// typo against 5,000 declarations must not compute 25 million edit distances.
const candidatesByTool = new WeakMap<Step['tool'], Map<string, Candidate[]>>();

function closestDeclarations(step: Step): Candidate[] {
  const name = step.declarationName ?? '';
  const key = `${step.requestMode ?? ''}\u0000${name}`;
  let byName = candidatesByTool.get(step.tool);
  if (!byName) {
    byName = new Map();
    candidatesByTool.set(step.tool, byName);
  }
  let candidates = byName.get(key);
  if (!candidates) {
    candidates = [...step.tool.declarationsByName.values()]
      .filter((declaration) => declaration.mode !== undefined && declaration.mode === step.requestMode)
      .map((declaration, order) => ({ declaration, order, distance: editDistance(name, declaration.name!) }))
      .sort((a, b) => a.distance - b.distance || a.order - b.order)
      .slice(0, MAX_CHANGE_TO)
      .map(({ declaration, distance }) => ({ declaration, distance }));
    byName.set(key, candidates);
  }
  return candidates;
}

function unknownDeclarationFixes(step: Step, editor: DocumentEditor, schemas: SchemaValidatorCache): FixPlan[] {
  const name = step.declarationName;
  const candidates = closestDeclarations(step);

  const changes: FixPlan[] = [];
  for (const { declaration } of candidates) {
    const edits = step.declarationNode
      ? step.declarationNode.type === 'string'
        ? editor.replaceString(step.declarationNode, declaration.name!)
        : editor.replaceValue(step.declarationNode, { json: declaration.name! })
      : editor.addMembers(step.node, [['declaration', { json: declaration.name! }]]);
    const normalized = edits.length > 0 ? normalizeEdits(edits) : undefined;
    if (normalized) changes.push({ title: `Change to '${declaration.name}'`, isPreferred: false, edits: normalized });
  }

  const declare = name !== undefined ? declareFix(step, name, editor, schemas) : undefined;
  const closeEnough = name !== undefined && candidates.length > 0 && candidates[0].distance <= PREFER_CHANGE_WITHIN;
  if (closeEnough || !declare) {
    if (changes.length) changes[0].isPreferred = true;
  } else {
    declare.isPreferred = true;
  }
  return declare ? [...(closeEnough ? [] : [declare]), ...changes, ...(closeEnough ? [declare] : [])] : changes;
}

/**
 * "Declare elicitation": offered only when the declaration built from the request is itself valid
 * and matches the request, since applying it must remove the diagnostic and add none. It is also
 * one the declaration-validity rule accepts wherever the request allows one: a non-empty message,
 * an explicit mode, the request's own schema, a url only when it is an absolute URI.
 */
function declareFix(step: Step, name: string, editor: DocumentEditor, schemas: SchemaValidatorCache): FixPlan | undefined {
  const request = step.request;
  if (!request) return undefined;
  const members: Array<[string, InsertValue]> = [['name', { json: name }]];
  const messageNode = memberOf(request, 'message');
  const message: InsertValue =
    messageNode && stringOf(messageNode) ? { copyOf: messageNode } : { json: `Elicitation '${name}'.` };
  if (step.requestMode === 'form') {
    const schema = memberOf(request, 'requestedSchema');
    const resolved = schema ? resolveSchemaNode(schema, step.tool.root) : undefined;
    if (!schema || !resolved?.ok || resolved.node.type !== 'object' || !schemas.compile(valueOf(resolved.node)).ok)
      return undefined;
    members.push(['mode', { json: 'form' }], ['message', message], ['requestedSchema', { copyOf: schema }]);
  } else if (step.requestMode === 'url') {
    // A url request without a string url mismatches every url declaration (kind 4): nothing to declare.
    const url = memberOf(request, 'url');
    if (url?.type !== 'string') return undefined;
    members.push(['mode', { json: 'url' }], ['message', message]);
    // A declaration without a url matches every url the steps send; one with a url that is not an
    // absolute URI would be the declaration-validity rule's invalid-url, so it is left out then.
    if (isSyntacticallyValidUri(stringOf(url) ?? '')) members.push(['url', { copyOf: url }]);
  } else {
    return undefined;
  }
  if (!othersMatchRequest(step, name)) return undefined;
  const element: InsertValue = { members };
  const edits = declarationEdits(step.tool, [element], editor);
  const normalized = edits && edits.length > 0 ? normalizeEdits(edits) : undefined;
  if (!normalized) return undefined;
  const declares: PlannedDeclaration = { tool: step.tool, name, mode: step.requestMode, element };
  return { title: `Declare elicitation '${name}' on tool ${step.tool.title}`, isPreferred: false, edits: normalized, declares };
}

/** Appends declarations to a tool's `elicitations` (made when absent); undefined when `elicitations` is not an array. */
export function declarationEdits(tool: Step['tool'], elements: InsertValue[], editor: DocumentEditor): OffsetEdit[] | undefined {
  const elicitations = tool.elicitationsProperty?.value;
  if (elicitations?.type === 'array') return editor.appendElements(elicitations, elements);
  if (!elicitations) {
    const before = propertyOf(tool.node, 'interactionExamples');
    return editor.addMembers(tool.node, [['elicitations', { elements }]], before);
  }
  // `elicitations` is there but not an array: replacing it would throw the author's text away.
  return undefined;
}

/**
 * Whether every other step naming `name` sends the same request as `step` (same mode, same schema
 * or url): a declaration built from this step's request must not put a mismatch on another step.
 * That holds for one step of the group exactly when it holds for all of them (every request present
 * and equal), so it is decided once per tool and name: fix-all asks for each of 5,000 steps.
 */
function othersMatchRequest(step: Step, name: string): boolean {
  let byName = requestsAgreeByTool.get(step.tool);
  if (!byName) {
    byName = new Map();
    requestsAgreeByTool.set(step.tool, byName);
  }
  let agree = byName.get(name);
  if (agree === undefined) {
    agree = requestsAgree(step.tool.steps.filter((other) => other.declarationName === name));
    byName.set(name, agree);
  }
  return agree;
}

const requestsAgreeByTool = new WeakMap<Step['tool'], Map<string, boolean>>();

function requestsAgree(group: Step[]): boolean {
  if (group.length <= 1) return true;
  const mode = group[0].requestMode;
  if (mode !== 'form' && mode !== 'url') return false;
  // A form request is compared by the schema it stands for; a url request by its url (absent for all, or the same string).
  const requestValue = (step: Step): JsonValue | undefined => {
    const node = memberOf(step.request, mode === 'form' ? 'requestedSchema' : 'url');
    if (mode === 'url') return node ? (node.type === 'string' ? valueOf(node) : undefined) : null;
    const resolved = node ? resolveSchemaNode(node, step.tool.root) : undefined;
    return resolved?.ok ? valueOf(resolved.node) : undefined;
  };
  const first = requestValue(group[0]);
  if (first === undefined) return false;
  return group.every((other) => {
    if (other.requestMode !== mode) return false;
    const theirs = requestValue(other);
    if (theirs === undefined) return false;
    return mode === 'form' ? sameSchema(theirs, first) : theirs === first;
  });
}

function removeContent(step: Step, editor: DocumentEditor): OffsetEdit[] | undefined {
  const response = step.response;
  if (!response) return undefined;
  // Every duplicate goes: removing only the last would make an earlier one the content.
  const contents = response.properties.filter((property) => property.key.value === 'content');
  const edits = contents.flatMap((property) => editor.removeMember(property));
  return normalizeEdits(edits) ?? (step.contentProperty ? editor.removeMember(step.contentProperty) : undefined);
}

function addContent(step: Step, editor: DocumentEditor): OffsetEdit[] | undefined {
  if (!step.response) return undefined;
  const schemaNode = memberOf(step.request, 'requestedSchema') ?? step.declaration?.requestedSchemaNode;
  const resolved = schemaNode ? resolveSchemaNode(schemaNode, step.tool.root) : undefined;
  return editor.addMembers(step.response, [
    ['content', { json: contentSkeleton(resolved?.ok ? valueOf(resolved.node) : undefined) }],
  ]);
}

/** Rewrites the step's request mode / requestedSchema / url from the declaration. */
function useDeclarationRequest(
  finding: ConsistencyFinding,
  step: Step,
  declaration: Declaration,
  editor: DocumentEditor,
): OffsetEdit[] | undefined {
  const mode = declaration.mode!;
  const wanted: Array<[string, InsertValue]> = [];
  if (finding.violation === 'mode-mismatch') wanted.push(['mode', { json: mode }]);
  if (mode === 'form' && declaration.requestedSchemaNode)
    wanted.push(['requestedSchema', { copyOf: declaration.requestedSchemaNode }]);
  if (mode === 'url' && declaration.urlNode) wanted.push(['url', { copyOf: declaration.urlNode }]);
  if (finding.violation === 'url-mismatch' && !declaration.urlNode) return undefined;

  const request = step.request;
  if (!request) {
    const members: Array<[string, InsertValue]> = [['mode', { json: mode }]];
    const message = declaration.messageNode;
    if (message) members.push(['message', { copyOf: message }]);
    members.push(...wanted.filter(([key]) => key !== 'mode'));
    const value: InsertValue = { members };
    return step.requestProperty
      ? editor.replaceValue(step.requestProperty.value, value)
      : editor.addMembers(step.node, [['request', value]]);
  }

  const edits: OffsetEdit[] = [];
  // An editor returns no edits for what it cannot edit (YAML text that is an alias's or a merge source's).
  let refused = false;
  const push = (made: OffsetEdit[]) => {
    if (made.length === 0) refused = true;
    edits.push(...made);
  };
  const additions: Array<[string, InsertValue]> = [];
  const replaced = new Set<SyntaxNode>();
  // Switching modes: the other mode's member is replaced in place by this mode's, or removed.
  // A member the request only inherits (YAML `<<`) is overridden by an added one, and cannot be
  // removed: a stale one from the other mode stays, and the rule ignores it.
  const otherKey = mode === 'form' ? 'url' : 'requestedSchema';
  const isInherited = (property: SyntaxNode) => editor.isInherited?.(property) ?? false;
  const found = finding.violation === 'mode-mismatch' ? propertyOf(request, otherKey) : undefined;
  const other = found && !isInherited(found) ? found : undefined;
  for (const [key, value] of wanted) {
    const existing = propertyOf(request, key);
    if (existing && !isInherited(existing)) {
      push(editor.replaceValue(existing.value, value));
    } else if (other && !replaced.has(other) && key !== 'mode') {
      replaced.add(other);
      push(editor.replaceMember(other, key, value));
    } else {
      additions.push([key, value]);
    }
  }
  if (other && !replaced.has(other)) push(editor.removeMember(other));
  if (additions.length) push(editor.addMembers(request, additions));
  if (!refused && normalizeEdits(edits)) return edits;
  // The piecewise edits collide (rare member layouts), or one cannot be made (its text is elsewhere:
  // a YAML alias or merge source): the request is rewritten as a whole instead, its members in
  // their order, the wanted ones replaced, then the wanted ones it lacked.
  const members: Array<[string, InsertValue]> = [];
  for (const [key, property] of effectiveProperties(request)) {
    if (found && key === otherKey) continue;
    const replacement = wanted.find(([wantedKey]) => wantedKey === key);
    members.push(replacement ?? [key, { copyOf: property.value }]);
  }
  members.push(...wanted.filter(([key]) => !members.some(([written]) => written === key)));
  return editor.replaceValue(request, { members });
}
