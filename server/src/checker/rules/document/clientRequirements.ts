// A primitive's `clientRequirements` (MCP Description 0.8.0 §8.5) against the client capabilities
// each MCP revision of its effective scope defines: a capability a revision lacks, a member a
// capability does not have in that revision, a member that must be an object, and the
// capabilities MCP deprecates (sampling's `context`, roots and sampling: mcp/revisions.ts). One
// finding per node, naming every revision at fault. A capability value that is not an object is
// the schema rule's (mcpdesc.document.schema); unknown capabilities and `x-` members are left alone.
import { effectiveProperties, keyNodeOf, memberOf, propertyOf, type SyntaxNode } from '../../syntax/tree';
import { primitiveScope } from '../../model/protocolScope';
import { PRIMITIVE_COLLECTIONS, type Primitive } from '../../model/documentModel';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';
import { MCP, type McpFeature } from '../../mcp/revisions';

/** The client capabilities a requirement may name, and the feature of MCP each one is. */
const CAPABILITY_FEATURE: ReadonlyMap<string, McpFeature> = new Map([
  ['roots', 'client.roots'],
  ['sampling', 'client.sampling'],
  ['elicitation', 'elicitation'],
  ['tasks', 'tasks'],
  ['extensions', 'capability.extensions'],
  ['experimental', 'client.experimental'],
]);

type Path = ReadonlyArray<string | number>;

/** Findings keyed by kind and place, each remembering the revisions it holds for. */
class Collected {
  private readonly byKey = new Map<
    string,
    { finding: Omit<SemanticFinding, 'message'>; revisions: string[]; say: (revisions: string, plural: boolean) => string }
  >();

  add(
    kind: SemanticFinding['kind'],
    node: SyntaxNode,
    path: Path,
    revision: string,
    say: (revisions: string, plural: boolean) => string,
  ): void {
    const pointer = pointerOf(...path);
    const key = `${kind} ${pointer}`;
    const known = this.byKey.get(key);
    if (known) {
      if (!known.revisions.includes(revision)) known.revisions.push(revision);
      return;
    }
    this.byKey.set(key, { finding: { kind, offset: node.offset, length: node.length, pointer }, revisions: [revision], say });
  }

  findings(): SemanticFinding[] {
    return [...this.byKey.values()].map(({ finding, revisions, say }) => ({
      ...finding,
      message: say(`MCP ${revisions.join(' and ')}`, revisions.length > 1),
    }));
  }
}

/** The findings of the `clientRequirements` of a primitive. */
export function checkClientRequirements(primitive: Primitive): SemanticFinding[] {
  const requirements = primitive.clientRequirements;
  if (requirements?.type !== 'object') return [];
  const scope = primitiveScope(primitive.node, primitive.root)?.versions ?? [];
  const collection = PRIMITIVE_COLLECTIONS[primitive.kind];
  const base: Path = [collection, primitive.index, 'clientRequirements'];
  const collected = new Collected();
  for (const revision of scope) {
    if (!MCP.isKnown(revision)) continue;
    for (const capability of effectiveProperties(requirements).keys()) {
      const feature = CAPABILITY_FEATURE.get(capability);
      if (capability.startsWith('x-') || !feature) continue;
      const key = keyNodeOf(propertyOf(requirements, capability))!;
      const value = memberOf(requirements, capability)!;
      const path = [...base, capability];
      const where = readablePath(pointerOf(...path));
      if (!MCP.has(revision, feature)) {
        collected.add(
          'client-requirement-revision-mismatch',
          key,
          path,
          revision,
          (revisions, plural) =>
            `${where} is a client capability ${revisions} ${plural ? 'do' : 'does'} not define; split the ${collection.replace(/s$/, '')} into protocol-scoped variants when requirements differ.`,
        );
        continue;
      }
      if (value.type !== 'object') continue; // The schema rule's.
      const context: MemberContext = { collected, revision, path, where };
      if (capability === 'roots') {
        const hasListChanged = MCP.has(revision, 'client.roots.listChanged');
        closedMembers(value, hasListChanged ? ['listChanged'] : [], context);
        const listChanged = memberOf(value, 'listChanged');
        if (hasListChanged && listChanged && listChanged.type !== 'boolean') {
          collected.add(
            'invalid-client-requirement',
            listChanged,
            [...path, 'listChanged'],
            revision,
            (revisions) => `${where}.listChanged must be a boolean for ${revisions}.`,
          );
        }
      } else if (capability === 'sampling' && MCP.has(revision, 'client.sampling.members')) {
        closedMembers(value, ['context', 'tools'], context);
        objectMembers(value, ['context', 'tools'], context);
        const contextKey = keyNodeOf(propertyOf(value, 'context'));
        if (contextKey && MCP.deprecates(revision, 'client.sampling.context')) {
          collected.add(
            'deprecated-client-requirement',
            contextKey,
            [...path, 'context'],
            revision,
            (revisions, plural) =>
              `${where}.context requires context inclusion in sampling, which ${revisions} ${plural ? 'deprecate' : 'deprecates'}.`,
          );
        }
      } else if (capability === 'elicitation' && MCP.has(revision, 'client.elicitation.modes')) {
        closedMembers(value, ['form', 'url'], context);
        objectMembers(value, ['form', 'url'], context);
      } else if (capability === 'tasks') {
        checkTasks(value, context);
      }
      if (MCP.deprecates(revision, feature)) {
        collected.add(
          'deprecated-client-requirement',
          key,
          path,
          revision,
          (revisions, plural) =>
            `${where} requires a client capability that ${revisions} ${plural ? 'deprecate' : 'deprecates'}.`,
        );
      }
    }
  }
  return collected.findings();
}

interface MemberContext {
  collected: Collected;
  revision: string;
  path: Path;
  where: string;
}

function closedMembers(value: SyntaxNode, allowed: readonly string[], context: MemberContext): void {
  for (const member of effectiveProperties(value).keys()) {
    if (allowed.includes(member)) continue;
    const key = keyNodeOf(propertyOf(value, member))!;
    context.collected.add(
      'client-requirement-revision-mismatch',
      key,
      [...context.path, member],
      context.revision,
      (revisions, plural) =>
        `${context.where} has a member '${member}' that ${revisions} ${plural ? 'do' : 'does'} not define${allowed.length ? ` (defined: ${allowed.map((name) => `'${name}'`).join(', ')})` : ' (it has no members there)'}.`,
    );
  }
}

/** Members that, when present, must be objects; false when `value` itself is not one (reported). */
function objectMembers(value: SyntaxNode, members: readonly string[], context: MemberContext): void {
  for (const member of members) {
    const memberValue = memberOf(value, member);
    if (memberValue) requireObject(memberValue, [...context.path, member], `${context.where}.${member}`, context);
  }
}

function requireObject(node: SyntaxNode, path: Path, where: string, context: MemberContext): boolean {
  if (node.type === 'object') return true;
  context.collected.add(
    'invalid-client-requirement',
    node,
    path,
    context.revision,
    (revisions) => `${where} must be an object for ${revisions}.`,
  );
  return false;
}

function checkTasks(value: SyntaxNode, context: MemberContext): void {
  closedMembers(value, ['list', 'cancel', 'requests'], context);
  objectMembers(value, ['list', 'cancel'], context);
  const requests = memberOf(value, 'requests');
  if (!requests || !requireObject(requests, [...context.path, 'requests'], `${context.where}.requests`, context)) return;
  const requestsContext = { ...context, path: [...context.path, 'requests'], where: `${context.where}.requests` };
  closedMembers(requests, ['sampling', 'elicitation'], requestsContext);
  for (const [family, operation] of [
    ['sampling', 'createMessage'],
    ['elicitation', 'create'],
  ] as const) {
    const familyValue = memberOf(requests, family);
    if (!familyValue) continue;
    const familyContext = {
      ...requestsContext,
      path: [...requestsContext.path, family],
      where: `${requestsContext.where}.${family}`,
    };
    if (!requireObject(familyValue, familyContext.path, familyContext.where, familyContext)) continue;
    closedMembers(familyValue, [operation], familyContext);
    objectMembers(familyValue, [operation], familyContext);
  }
}
