// MCP Description Reference Objects (`{ "$componentRef": "#/components/schemas/NAME" }`) where a
// requested schema is expected. A reference is resolved inside the same parsed document only: never
// fetched, never followed outside `#/components/schemas/`, and a chain of references that comes back
// to itself is unusable rather than followed forever.
import { quote } from '../syntax/describe';
import { effectiveProperties, memberOf, propertyOf, stringOf, type SyntaxNode } from '../syntax/tree';

export type SchemaResolution =
  | { ok: true; node: SyntaxNode; /** Set when the schema came through at least one reference. */ via?: string }
  | { ok: false; reason: string };

const SCHEMAS_PREFIX = '#/components/schemas/';
/** References followed before giving up: a real document uses one, rarely two. */
const MAX_HOPS = 64;

/** Whether `node` is a Reference Object: an object whose only (effective) member is `$componentRef`. */
export function isComponentRef(node: SyntaxNode | undefined): boolean {
  if (!node || node.type !== 'object' || node.properties.length === 0) return false;
  const members = effectiveProperties(node);
  return members.size === 1 && members.has('$componentRef');
}

/** The schema a requestedSchema node stands for: itself, or the component its reference names. */
export function resolveSchemaNode(node: SyntaxNode, root: SyntaxNode | undefined): SchemaResolution {
  let current = node;
  let via: string | undefined;
  const seen = new Set<string>();
  for (let hop = 0; isComponentRef(current); hop++) {
    const refNode = memberOf(current, '$componentRef');
    const ref = stringOf(refNode);
    if (ref === undefined) return { ok: false, reason: `its $componentRef must be a string` };
    if (!ref.startsWith(SCHEMAS_PREFIX)) {
      return { ok: false, reason: `$componentRef ${quote(ref)} is not a local reference to '${SCHEMAS_PREFIX}NAME'` };
    }
    if (seen.has(ref) || hop >= MAX_HOPS)
      return { ok: false, reason: `$componentRef ${quote(ref)} leads to a cycle of references` };
    seen.add(ref);
    const target = schemaComponent(root, ref.slice(SCHEMAS_PREFIX.length));
    if (!target) return { ok: false, reason: `$componentRef ${quote(ref)} names no schema in components.schemas` };
    via ??= ref;
    current = target;
  }
  return via === undefined ? { ok: true, node: current } : { ok: true, node: current, via };
}

/** `components.schemas[NAME]` for a pointer tail `NAME` (one segment, `~1` and `~0` unescaped). */
function schemaComponent(root: SyntaxNode | undefined, tail: string): SyntaxNode | undefined {
  if (tail === '' || tail.includes('/')) return undefined;
  const name = tail.replace(/~1/g, '/').replace(/~0/g, '~');
  return componentNamed(root, 'schemas', name);
}

/** The map of one namespace of the root's `components` (`schemas`, `toolExamples`, …) as written, whatever its type. */
export function componentNamespace(root: SyntaxNode | undefined, namespace: string): SyntaxNode | undefined {
  return memberOf(memberOf(root, 'components'), namespace);
}

/** The component `name` of a namespace of the root's `components`, when there is one. */
export function componentNamed(root: SyntaxNode | undefined, namespace: string, name: string): SyntaxNode | undefined {
  return memberOf(componentNamespace(root, namespace), name);
}

/** What an example of the document stands for: itself, or the component its references end at. */
export interface ReferencedValue {
  value: SyntaxNode;
  /** The first `$componentRef` value it came through (findings about the example are anchored there). */
  via?: SyntaxNode;
}

/**
 * A value (a tool's, resource's, template's or prompt's example) through its `$componentRef`s into
 * `components[namespace]`: undefined when one names no component there (the reference rule,
 * rules/document/componentReferences.ts, reports it) or the chain runs on past MAX_HOPS.
 * `emptyNameResolves`: `#/components/<namespace>/` names the component keyed "" (how the resource
 * example rules read it); otherwise it names none.
 */
export function throughComponentRefs(
  root: SyntaxNode,
  value: SyntaxNode,
  namespace: string,
  emptyNameResolves = false,
): ReferencedValue | undefined {
  const prefix = `#/components/${namespace}/`;
  let current = value;
  let via: SyntaxNode | undefined;
  for (let hops = 0; current.type === 'object' && propertyOf(current, '$componentRef'); hops++) {
    via ??= memberOf(current, '$componentRef');
    const ref = stringOf(memberOf(current, '$componentRef')) ?? '';
    const name = ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
    const named = name !== undefined && !name.includes('/') && (name !== '' || emptyNameResolves);
    const target = named ? componentNamed(root, namespace, name) : undefined;
    if (!target || hops > MAX_HOPS) return undefined;
    current = target;
  }
  return via === undefined ? { value: current } : { value: current, via };
}
