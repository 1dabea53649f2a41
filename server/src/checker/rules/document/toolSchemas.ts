// A tool's inputSchema and outputSchema as schemas (MCP Description 0.8.0 §9.2), read through a
// `$componentRef`: for revisions before tool schemas had a dialect (mcp/revisions.ts) the shape
// every reading agrees on (`properties` an object of objects, `required` an array of strings); from
// then on a dialect the validator supports (JSON Schema 2020-12, the default, or draft-07) and a
// schema valid in it, external `$ref`s preserved with a warning that they could not be followed; and
// the `x-mcp-header` annotations (in the revisions that have them) on properties reached through `properties` alone, of a scalar type, named by a
// unique HTTP field-name token. A tool's findings read that tool and the components.
import {
  effectiveProperties,
  itemsOf,
  keyNodeOf,
  memberOf,
  propertyOf,
  stringOf,
  valueOf,
  AliasExpansionError,
  type JsonValue,
  type SyntaxNode,
} from '../../syntax/tree';
import { resolveSchemaNode } from '../../model/componentRef';
import { schemaCache } from '../../schema/sharedSchemaCache';
import { primitiveScope } from '../../model/protocolScope';
import { FindingCollector, type Path } from './findingCollector';
import { MCP } from '../../mcp/revisions';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';
import { noteNotChecked } from '../../notChecked';
import { NO_CODE_GENERATION } from '../../schema/codeGeneration';

const SUPPORTED_DIALECT = /^https?:\/\/json-schema\.org\/(?:draft\/2020-12|draft-07)\/schema#?$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['boolean', 'integer', 'string']);

const SINGLE_KEYWORDS = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP_KEYWORDS = ['$defs', 'definitions', 'dependentSchemas', 'patternProperties'];

export function checkToolSchemas(root: SyntaxNode, tool: SyntaxNode, index: number): SemanticFinding[] {
  if (tool.type !== 'object') return [];
  const collected = new FindingCollector();
  const scope = primitiveScope(tool, root)?.versions ?? [];
  for (const field of ['inputSchema', 'outputSchema'] as const) {
    const written = memberOf(tool, field);
    if (!written) continue;
    const resolution = resolveSchemaNode(written, root);
    if (!resolution.ok || resolution.node.type !== 'object') continue;
    const schema = resolution.node;
    const path = ['tools', index, field];
    // Findings inside a schema reached through a reference sit on the reference the tool wrote.
    const at = (node: SyntaxNode) => (resolution.via ? written : node);
    if (scope.some((revision) => MCP.predates(revision, 'tool-schema.dialect'))) legacyShape(schema, path, at, collected);
    if (scope.some((revision) => MCP.has(revision, 'tool-schema.dialect')))
      dialectAndValidity(schema, keyNodeOf(propertyOf(tool, field))!, path, at, collected);
    if (field === 'inputSchema') headers(schema, path, scope, at, collected);
  }
  return collected.findings();
}

type At = (node: SyntaxNode) => SyntaxNode;

function legacyShape(schema: SyntaxNode, path: Path, at: At, collected: FindingCollector): void {
  const where = readablePath(pointerOf(...path));
  const add = (node: SyntaxNode, relative: Path, message: string, detail = '') =>
    collected.add(
      'invalid-legacy-tool-schema-shape',
      at(node),
      [...path, ...relative],
      () => `${message} for MCP revisions before ${MCP.introducedIn('tool-schema.dialect')}.`,
      '',
      detail,
    );
  const properties = memberOf(schema, 'properties');
  if (properties && properties.type !== 'object') add(properties, ['properties'], `${where}.properties must be an object`);
  for (const name of effectiveProperties(properties?.type === 'object' ? properties : undefined).keys()) {
    const value = memberOf(properties, name)!;
    if (value.type !== 'object')
      add(
        value,
        ['properties', name],
        `${readablePath(pointerOf(...path, 'properties', name))} must be an object (a property schema)`,
      );
  }
  const required = memberOf(schema, 'required');
  if (!required) return;
  if (required.type !== 'array') {
    add(required, ['required'], `${where}.required must be an array of strings`);
    return;
  }
  itemsOf(required).forEach((element, elementIndex) => {
    if (element.type !== 'string')
      // The official validator points at the list ("an array of strings"); the range is the element.
      add(element, ['required'], `${where}.required[${elementIndex}] must be a string (a property name)`, String(elementIndex));
  });
}

/** `fieldKey`: the tool's key of the schema, where a schema that is not valid as a whole is reported. */
function dialectAndValidity(schema: SyntaxNode, fieldKey: SyntaxNode, path: Path, at: At, collected: FindingCollector): void {
  const where = readablePath(pointerOf(...path));
  const dialectNode = memberOf(schema, '$schema');
  if (dialectNode && !SUPPORTED_DIALECT.test(stringOf(dialectNode) ?? '')) {
    const written = stringOf(dialectNode);
    collected.add(
      'unsupported-tool-schema-dialect',
      at(dialectNode),
      [...path, '$schema'],
      () =>
        `${where}.$schema ${written === undefined ? 'must be a string' : `names '${written.length > 80 ? `${written.slice(0, 79)}…` : written}'`}: tool schemas are checked as JSON Schema 2020-12 (the default) or draft-07, and a schema of another dialect is rejected.`,
    );
    return;
  }
  let value: JsonValue;
  try {
    value = valueOf(schema);
  } catch (error) {
    if (error instanceof AliasExpansionError) return;
    throw error;
  }
  const external = externalRefs(schema, [], []);
  // The official validator reports the schema once, naming its external references; each is
  // underlined here, with the schema's pointer.
  for (const { node, relative } of external) {
    collected.add(
      'unresolved-external-tool-schema-reference',
      at(node),
      path,
      () =>
        `${readablePath(pointerOf(...path, ...relative.slice(0, -1)))}.$ref '${stringOf(node)}' lies outside the document and is never fetched: the schema is kept as written, but it could not be validated completely.`,
      '',
      pointerOf(...relative),
    );
  }
  const compiled = schemaCache.compile(external.length > 0 ? withoutExternalRefs(value) : value);
  if (compiled.ok) {
    // Where only generated code is refused, the schema was still judged valid (the meta-schemas are
    // precompiled): what goes unchecked is what it validates, which the examples' notices say.
    if (compiled.notCompiled && compiled.notCompiled.reason !== NO_CODE_GENERATION)
      noteNotChecked('tool-schema', fieldKey, compiled.notCompiled.reason);
    return;
  }
  if (/^too large/.test(compiled.reason)) {
    noteNotChecked('tool-schema', fieldKey, `it is ${compiled.reason}`);
    return;
  }
  collected.add('invalid-tool-schema', at(fieldKey), path, () => `${where} is not a valid JSON Schema: ${compiled.reason}.`);
}

/** The `$ref` string nodes of a schema that do not start with '#', with their place in it. */
function externalRefs(
  node: SyntaxNode,
  relative: Path,
  found: Array<{ node: SyntaxNode; relative: Path }>,
): Array<{ node: SyntaxNode; relative: Path }> {
  if (node.type === 'array') itemsOf(node).forEach((element, index) => externalRefs(element, [...relative, index], found));
  else if (node.type === 'object') {
    for (const name of effectiveProperties(node).keys()) {
      const child = memberOf(node, name)!;
      const ref = name === '$ref' ? stringOf(child) : undefined;
      if (ref !== undefined && !ref.startsWith('#')) found.push({ node: child, relative: [...relative, name] });
      else externalRefs(child, [...relative, name], found);
    }
  }
  return found;
}

function withoutExternalRefs(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutExternalRefs);
  if (value === null || typeof value !== 'object') return value;
  const copy: { [key: string]: JsonValue } = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) continue;
    Object.defineProperty(copy, key, { value: withoutExternalRefs(child), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

interface Header {
  keyNode: SyntaxNode;
  value: SyntaxNode;
  path: Path;
  type: string | undefined;
  reachable: boolean;
}

function collectHeaders(
  node: SyntaxNode | undefined,
  path: Path,
  propertiesOnly: boolean,
  isProperty: boolean,
  found: Header[],
): void {
  if (node?.type !== 'object') return;
  const annotation = propertyOf(node, 'x-mcp-header');
  if (annotation) {
    found.push({
      keyNode: keyNodeOf(annotation)!,
      value: memberOf(node, 'x-mcp-header')!,
      path: [...path, 'x-mcp-header'],
      type: stringOf(memberOf(node, 'type')),
      reachable: propertiesOnly && isProperty,
    });
  }
  const properties = memberOf(node, 'properties');
  for (const name of effectiveProperties(properties?.type === 'object' ? properties : undefined).keys()) {
    collectHeaders(memberOf(properties, name), [...path, 'properties', name], propertiesOnly, propertiesOnly, found);
  }
  for (const keyword of MAP_KEYWORDS) {
    const map = memberOf(node, keyword);
    for (const name of effectiveProperties(map?.type === 'object' ? map : undefined).keys())
      collectHeaders(memberOf(map, name), [...path, keyword, name], false, false, found);
  }
  for (const keyword of ARRAY_KEYWORDS)
    itemsOf(memberOf(node, keyword)).forEach((child, index) =>
      collectHeaders(child, [...path, keyword, index], false, false, found),
    );
  for (const keyword of SINGLE_KEYWORDS) {
    const child = memberOf(node, keyword);
    if (child?.type === 'array')
      itemsOf(child).forEach((item, index) => collectHeaders(item, [...path, keyword, index], false, false, found));
    else collectHeaders(child, [...path, keyword], false, false, found);
  }
  const dependencies = memberOf(node, 'dependencies');
  for (const name of effectiveProperties(dependencies?.type === 'object' ? dependencies : undefined).keys()) {
    collectHeaders(memberOf(dependencies, name), [...path, 'dependencies', name], false, false, found);
  }
}

function headers(schema: SyntaxNode, path: Path, scope: readonly string[], at: At, collected: FindingCollector): void {
  const found: Header[] = [];
  collectHeaders(schema, path, true, false, found);
  const byName = new Map<string, Header>();
  for (const header of found) {
    const where = readablePath(pointerOf(...header.path));
    for (const revision of scope) {
      if (MCP.has(revision, 'tool-schema.x-mcp-header')) continue;
      // The official validator reports the schema once ("uses x-mcp-header"); each annotation is
      // underlined here, with the schema's pointer.
      collected.add(
        'field-not-supported-by-version',
        at(header.keyNode),
        path,
        (revisions, plural) =>
          `${where} is an annotation ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('tool-schema.x-mcp-header')}).`,
        revision,
        pointerOf(...header.path),
      );
    }
    if (!header.reachable) {
      collected.add(
        'invalid-x-mcp-header',
        at(header.keyNode),
        header.path,
        () =>
          `${where} is not on a property reached from the schema's root through 'properties' alone (not through arrays, composition, conditionals or $defs).`,
        '',
        'reachable',
      );
    }
    const name = stringOf(header.value);
    if (name === undefined || !TOKEN.test(name)) {
      collected.add(
        'invalid-x-mcp-header',
        at(header.value),
        header.path,
        () => `${where} must be a non-empty HTTP field-name token (letters, digits and !#$%&'*+-.^_\`|~).`,
        '',
        'token',
      );
      continue;
    }
    if (!HEADER_TYPES.has(header.type ?? '')) {
      collected.add(
        'invalid-x-mcp-header',
        at(header.keyNode),
        header.path,
        () =>
          `${where} is on a property of type ${header.type === undefined ? '(none)' : `'${header.type}'`}; it may annotate only a boolean, integer or string property.`,
        '',
        'type',
      );
    }
    const earlier = byName.get(name.toLowerCase());
    if (earlier) {
      collected.add(
        'duplicate-x-mcp-header',
        at(header.value),
        header.path,
        () =>
          `${where} names the header '${name}', as ${readablePath(pointerOf(...earlier.path))} does (header names are compared without case).`,
      );
    } else byName.set(name.toLowerCase(), header);
  }
}
