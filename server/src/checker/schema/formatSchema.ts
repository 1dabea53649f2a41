// The format's schema read as a map of the document: which members an object may have, what values a
// member takes, for the node actually written there. It reads the same structural schema of MCP
// Description 0.8.0 the document-schema rule validates with (schemas/mcp-description-0.8.0.schema.json),
// so completion and hover never offer what that rule rejects. The schema chooses its variants by a
// discriminator through if/then (a transport's or a step's `type`, an object with `$componentRef`):
// each `if` is judged on the node written there; with no node yet, every branch counts.
//
// Each schema reached carries its owner: the `$defs` name it came from (`tool`, `transport`), or its
// owner and the member it sits under for an inline one (`tool.annotations`). Member documentation
// (memberDocs.ts) is keyed by owner.
import schemaJson from '../../../../schemas/mcp-description-0.8.0.schema.json';
import { itemsOf, memberOf, scalarOf, type SyntaxNode } from '../syntax/tree';

type JsonSchema = boolean | SchemaObject;

interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minProperties?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  enum?: unknown[];
  const?: unknown;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  else?: JsonSchema;
  $defs?: Record<string, JsonSchema>;
}

/** A schema object reached in the walk, with the name its documentation is filed under. */
export interface PlacedSchema {
  schema: SchemaObject;
  owner: string;
}

const ROOT = schemaJson as unknown as SchemaObject;
const DEFS = ROOT.$defs ?? {};
/** Nested schemas past this depth are not expanded (the schema has no cycle through these keywords; a bound all the same). */
const MAX_DEPTH = 32;

export const ROOT_OWNER = 'root';

export function rootSchemas(): PlacedSchema[] {
  return expand({ schema: ROOT, owner: ROOT_OWNER }, undefined);
}

/**
 * The schema objects that apply to `node` (undefined: not written yet): references followed,
 * `allOf`/`anyOf`/`oneOf` flattened (every branch may be the one meant), `if` judged on the node.
 */
export function expand(placed: PlacedSchema, node: SyntaxNode | undefined, depth = 0): PlacedSchema[] {
  const { schema } = placed;
  if (depth > MAX_DEPTH) return [];
  let owner = placed.owner;
  let current = schema;
  if (current.$ref !== undefined) {
    const name = current.$ref.replace(/^#\/\$defs\//, '');
    const target = DEFS[name];
    if (typeof target !== 'object') return [];
    owner = name;
    current = target;
  }
  const result: PlacedSchema[] = [{ schema: current, owner }];
  const branches: JsonSchema[] = [...(current.allOf ?? []), ...(current.anyOf ?? []), ...(current.oneOf ?? [])];
  if (current.if !== undefined) {
    const holds = node === undefined ? undefined : satisfies(current.if, node);
    if (holds !== false && current.then !== undefined) branches.push(current.then);
    if (holds !== true && current.else !== undefined) branches.push(current.else);
  }
  for (const branch of branches) {
    if (typeof branch === 'object') append(result, expand({ schema: branch, owner }, node, depth + 1));
  }
  return result;
}

/**
 * Whether `node` meets a condition of the shapes the schema's `if`s have: `type`, `required`, and
 * members' `const`/`enum` (with nested `if`s, anything else counts as met: a choice left open).
 */
function satisfies(condition: JsonSchema, node: SyntaxNode): boolean {
  if (typeof condition === 'boolean') return condition;
  if (condition.type !== undefined && !hasType(node, condition.type)) return false;
  if (condition.required?.some((key) => memberOf(node, key) === undefined)) return false;
  if (condition.const !== undefined && scalarOf(node) !== condition.const) return false;
  if (condition.enum !== undefined && !condition.enum.includes(scalarOf(node))) return false;
  for (const [key, member] of Object.entries(condition.properties ?? {})) {
    const value = memberOf(node, key);
    if (value !== undefined && !satisfies(member, value)) return false;
  }
  return true;
}

function hasType(node: SyntaxNode, type: string | string[]): boolean {
  const types = Array.isArray(type) ? type : [type];
  const actual = node.type === 'number' && Number.isInteger(node.value) ? ['number', 'integer'] : [node.type];
  return types.some((candidate) => actual.includes(candidate));
}

/** The schemas of member `key` of an object (`value` is its value node, if written). */
export function memberSchemas(parents: readonly PlacedSchema[], key: string, value: SyntaxNode | undefined): PlacedSchema[] {
  const result: PlacedSchema[] = [];
  for (const { schema, owner } of parents) {
    const own = schema.properties?.[key];
    const pattern = Object.entries(schema.patternProperties ?? {}).find(([source]) => new RegExp(source, 'u').test(key));
    const chosen = own ?? pattern?.[1] ?? schema.additionalProperties;
    // A map's values (additionalProperties) share one owner: `tool.interactionExamples.*`.
    const childOwner = own !== undefined ? `${owner}.${key}` : `${owner}.*`;
    if (typeof chosen === 'object') append(result, expand({ schema: chosen, owner: childOwner }, value));
  }
  return result;
}

/** The schemas of an array's elements. */
export function itemSchemas(parents: readonly PlacedSchema[], item: SyntaxNode | undefined): PlacedSchema[] {
  const result: PlacedSchema[] = [];
  for (const { schema, owner } of parents) {
    if (typeof schema.items === 'object') append(result, expand({ schema: schema.items, owner: `${owner}[]` }, item));
  }
  return result;
}

/**
 * The schemas of the node at a JSON pointer from `root` (each `if` judged on the nodes written on
 * the way), or undefined where the pointer leaves the document.
 */
export function schemasAtPointer(root: SyntaxNode, pointer: string): PlacedSchema[] | undefined {
  let placed = rootSchemas();
  let node: SyntaxNode | undefined = root;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node?.type === 'array') {
      node = itemsOf(node)[Number(segment)];
      placed = itemSchemas(placed, node);
    } else if (node?.type === 'object') {
      node = memberOf(node, segment);
      placed = memberSchemas(placed, segment, node);
    } else return undefined;
    if (node === undefined) return undefined;
  }
  return placed;
}

/** Appends one by one: a spread into push() puts every element on the stack (the schema bounds these lists, but the house rule holds). */
function append(into: PlacedSchema[], from: readonly PlacedSchema[]): void {
  for (const placed of from) into.push(placed);
}

export interface MemberInfo {
  name: string;
  /** The owner whose documentation describes it. */
  owner: string;
  required: boolean;
  /** What kind of value it takes, for the snippet inserted with the name. */
  valueKind: ValueKind;
  /** The values it may take, when the schema lists them. */
  values: readonly unknown[];
}

export type ValueKind = 'object' | 'array' | 'string' | 'boolean' | 'number' | 'any';

/** Every member the schemas name, in schema order (a member that only some variants have included). */
export function membersOf(placed: readonly PlacedSchema[]): MemberInfo[] {
  const members = new Map<string, MemberInfo>();
  for (const { schema, owner } of placed) {
    for (const [name, member] of Object.entries(schema.properties ?? {})) {
      // `true`: a member named here whose schema is another variant's (a step's or transport's `type`).
      const known = members.get(name);
      if (known && member === true) continue;
      const memberPlaced = typeof member === 'object' ? expand({ schema: member, owner: `${owner}.${name}` }, undefined) : [];
      const info: MemberInfo = {
        name,
        owner: known && typeof member !== 'object' ? known.owner : owner,
        required: (known?.required ?? false) || (schema.required?.includes(name) ?? false),
        valueKind: kindOf(memberPlaced),
        values: valuesOf(memberPlaced),
      };
      if (known && info.valueKind === 'any') info.valueKind = known.valueKind;
      if (known && info.values.length === 0) info.values = known.values;
      members.set(name, info);
    }
    for (const name of schema.required ?? []) {
      const known = members.get(name);
      if (known) known.required = true;
    }
  }
  return [...members.values()];
}

/** The enum and const values the schemas allow, in order, once each. */
export function valuesOf(placed: readonly PlacedSchema[]): unknown[] {
  const values: unknown[] = [];
  for (const { schema } of placed) {
    for (const value of [...(schema.enum ?? []), ...(schema.const !== undefined ? [schema.const] : [])]) {
      if (!values.includes(value)) values.push(value);
    }
  }
  return values;
}

export function kindOf(placed: readonly PlacedSchema[]): ValueKind {
  for (const { schema } of placed) {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === 'object' || type === 'array' || type === 'string' || type === 'boolean') return type;
    if (type === 'number' || type === 'integer') return 'number';
    if (schema.properties !== undefined || schema.additionalProperties !== undefined) return 'object';
    if (schema.items !== undefined) return 'array';
    const sample = schema.const ?? schema.enum?.[0];
    if (typeof sample === 'string') return 'string';
    if (typeof sample === 'boolean') return 'boolean';
  }
  return 'any';
}

/** Whether the schemas say what the object's members are (a map or an open object lists none). */
export function listsMembers(placed: readonly PlacedSchema[]): boolean {
  return placed.some(({ schema }) => schema.properties !== undefined && Object.keys(schema.properties).length > 0);
}
