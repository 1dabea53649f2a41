// A tool's named examples (MCP Description 0.8.0 §9.3) and the input and result of its interaction
// examples (§9.4): a result that is the completed result object alone, fields and content every
// revision of the tool's scope defines, structuredContent exactly where the tool's outputSchema and
// isError call for it, and input and structuredContent valid against the tool's schemas. Revisions
// before tool schemas had a dialect (mcp/revisions.ts) define no JSON Schema dialect for them:
// there only what every reading agrees on is checked (object type, required, closed properties), with one warning that the rest
// could not be. An example given by a `$componentRef` is read through it (the findings then sit on
// the reference). A tool's findings read that tool and what lies outside every tool (components).
// Each of the tool's two schemas is read and prepared once for all its examples; a value the
// document's time budget leaves unchecked is a notice (notChecked.ts), never a finding.
import {
  AliasExpansionError,
  effectiveProperties,
  itemsOf,
  keyNodeOf,
  memberOf,
  nodeAtPointer,
  propertyOf,
  scalarOf,
  stringOf,
  valueOf,
  type JsonValue,
  type SyntaxNode,
} from '../../syntax/tree';
import { resolveSchemaNode, throughComponentRefs } from '../../model/componentRef';
import { interactionExamplesOf, type NamedExample, type Primitive } from '../../model/documentModel';
import { schemaCache } from '../../schema/sharedSchemaCache';
import { primitiveScope } from '../../model/protocolScope';
import { MCP, type McpFeature } from '../../mcp/revisions';
import { FindingCollector, type Path } from './findingCollector';
import { checkMeta } from './metaObject';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';
import type { CompiledSchema } from '../../schema/schemaValidator';
import { checkOrNote, noteNotChecked } from '../../notChecked';

const ENVELOPE = ['jsonrpc', 'id', 'error'];
const INCOMPLETE = ['task', 'inputRequests', 'requestState'];
/** Errors reported for one value: past these, the first ones say enough. */
const MAX_VALUE_ERRORS = 20;

interface ToolContext {
  root: SyntaxNode;
  tool: SyntaxNode;
  scope: readonly string[];
  collected: FindingCollector;
  /** The tool's schemas as its examples are checked against them, prepared on first use. */
  schemas: ToolSchemas;
}

/** What a tool's schema is to its examples: nothing to check against, or its value and validator (when it has one). */
type PreparedSchema =
  { usable: false } | { usable: true; schema: { [key: string]: JsonValue }; external: string[]; compiled?: CompiledSchema };

interface ExampleContext extends ToolContext {
  example: SyntaxNode;
  path: Path;
  where: () => string;
  /** The example's key in its map: where a finding about something missing goes. */
  keyNode: SyntaxNode;
  /** The `$componentRef` the example came through, where its findings go. */
  via?: SyntaxNode;
}

/** The findings of a tool's named examples (read through their `$componentRef`s) and interaction examples. */
export function checkToolExamples(tool: Primitive): SemanticFinding[] {
  const { root, node } = tool;
  const context: ToolContext = {
    root,
    tool: node,
    scope: primitiveScope(node, root)?.versions ?? [],
    collected: new FindingCollector(),
    schemas: new ToolSchemas(root, node),
  };
  const check = (field: 'examples' | 'interactionExamples', { name, property }: NamedExample) => {
    const written = property.value;
    const resolved = field === 'examples' ? throughComponentRefs(root, written, 'toolExamples') : { value: written };
    if (resolved?.value.type !== 'object') return;
    const path = ['tools', tool.index, field, name];
    checkExample({
      ...context,
      example: resolved.value,
      via: resolved.via,
      path,
      where: lazyText(() => readablePath(pointerOf(...path))),
      keyNode: keyNodeOf(property)!,
    });
  };
  for (const example of tool.namedExamples) check('examples', example);
  for (const example of interactionExamplesOf(tool)) check('interactionExamples', example);
  return context.collected.findings();
}

function checkExample(context: ExampleContext): void {
  const { example, collected, scope, where, path } = context;
  const at = (node: SyntaxNode | undefined) => context.via ?? node ?? context.keyNode;
  const resultProperty = propertyOf(example, 'result');
  const result = memberOf(example, 'result');
  const resultPath = [...path, 'result'];
  const members = result?.type === 'object' ? result : undefined;
  const memberKey = (name: string) => keyNodeOf(propertyOf(members, name));
  checkResultMembers(context, memberKey, resultPath, at);
  const structured = memberOf(members, 'structuredContent');
  for (const revision of scope) {
    const resultType = memberOf(members, 'resultType');
    // An example with no result is the schema rule's (a required member): there is nothing here to point at.
    if (MCP.has(revision, 'result.resultType') && resultProperty && stringOf(resultType) !== 'complete') {
      collected.add(
        'tool-example-result-version-mismatch',
        at(resultType ?? keyNodeOf(resultProperty)),
        [...resultPath, 'resultType'],
        (revisions) =>
          resultType
            ? `${where()}.result.resultType must be 'complete' for ${revisions}.`
            : `${where()}.result needs resultType 'complete' for ${revisions}.`,
        revision,
        'latest',
      );
    }
    if (!MCP.has(revision, 'result.resultType') && resultType) {
      collected.add(
        'tool-example-result-version-mismatch',
        at(memberKey('resultType')),
        [...resultPath, 'resultType'],
        (revisions, plural) =>
          `${where()}.result.resultType is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('result.resultType')}).`,
        revision,
        'older',
      );
    }
    if (structured && MCP.predates(revision, 'structured-output')) {
      collected.add(
        'tool-example-result-version-mismatch',
        at(memberKey('structuredContent')),
        [...resultPath, 'structuredContent'],
        (revisions, plural) =>
          `${where()}.result.structuredContent is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('structured-output')}).`,
        revision,
        'absent',
      );
    }
    if (structured && !MCP.has(revision, 'structured-output.any-root') && structured.type !== 'object') {
      collected.add(
        'tool-example-result-version-mismatch',
        at(structured),
        [...resultPath, 'structuredContent'],
        (revisions) => `${where()}.result.structuredContent must be an object for ${revisions}.`,
        revision,
        'object',
      );
    }
    itemsOf(memberOf(members, 'content')).forEach((content, contentIndex) =>
      checkContent(context, content, [...resultPath, 'content', contentIndex], revision, at),
    );
  }
  checkResultMeta(members, scope, resultPath, collected);

  const successful = scalarOf(memberOf(members, 'isError')) !== true;
  if (!successful && structured) {
    collected.add(
      'structured-tool-error-example',
      at(memberKey('structuredContent')),
      [...resultPath, 'structuredContent'],
      () => `${where()}.result has structuredContent, but isError is true: a tool error carries no structured content.`,
    );
  }
  const outputSchema = memberOf(context.tool, 'outputSchema');
  // An outputSchema whose reference does not resolve declares nothing to hold the result to (componentReferences.ts says why).
  const declaresOutput = outputSchema !== undefined && resolveSchemaNode(outputSchema, context.root).ok;
  if (successful && declaresOutput && !structured) {
    collected.add(
      'missing-tool-example-structured-content',
      at(keyNodeOf(resultProperty)),
      [...resultPath, 'structuredContent'],
      () =>
        `${where()}.result needs structuredContent: the tool declares an outputSchema, and a successful result must carry content valid against it.`,
    );
  }
  checkValue(context, memberOf(context.tool, 'inputSchema'), memberOf(example, 'input'), [...path, 'input'], 'inputSchema', at);
  if (successful && structured && outputSchema)
    checkValue(context, outputSchema, structured, [...resultPath, 'structuredContent'], 'outputSchema', at);
}

/** Members a completed call's result object never has: the JSON-RPC envelope's, an incomplete call's. */
function checkResultMembers(
  context: ExampleContext,
  memberKey: (name: string) => SyntaxNode | undefined,
  resultPath: Path,
  at: (node: SyntaxNode | undefined) => SyntaxNode,
): void {
  const { collected, where } = context;
  for (const field of ENVELOPE) {
    if (!memberKey(field)) continue;
    collected.add(
      'tool-example-json-rpc-envelope',
      at(memberKey(field)),
      [...resultPath, field],
      () =>
        `${where()}.result has '${field}', a member of the JSON-RPC envelope; an example's result is the result object alone.`,
    );
  }
  for (const field of INCOMPLETE) {
    if (!memberKey(field)) continue;
    collected.add(
      'incomplete-tool-example-result',
      at(memberKey(field)),
      [...resultPath, field],
      () =>
        `${where()}.result has '${field}', which only a call that has not completed returns; an example shows a completed call.`,
    );
  }
}

/** The _meta of the result, of each content item and of each embedded resource. */
function checkResultMeta(
  members: SyntaxNode | undefined,
  scope: ExampleContext['scope'],
  resultPath: Path,
  collected: ExampleContext['collected'],
): void {
  checkMeta(memberOf(members, '_meta'), 'result', scope, [...resultPath, '_meta'], collected);
  itemsOf(memberOf(members, 'content')).forEach((content, contentIndex) => {
    const contentPath = [...resultPath, 'content', contentIndex];
    checkMeta(memberOf(content, '_meta'), 'content', scope, [...contentPath, '_meta'], collected);
    if (stringOf(memberOf(content, 'type')) === 'resource')
      checkMeta(
        memberOf(memberOf(content, 'resource'), '_meta'),
        'content',
        scope,
        [...contentPath, 'resource', '_meta'],
        collected,
      );
  });
}

function checkContent(
  context: ExampleContext,
  content: SyntaxNode,
  contentPath: Path,
  revision: string,
  at: (node: SyntaxNode | undefined) => SyntaxNode,
): void {
  if (content.type !== 'object') return;
  const where = lazyText(() => readablePath(pointerOf(...contentPath)));
  const type = stringOf(memberOf(content, 'type'));
  // Reports only for a revision older than the feature: what it came with is named.
  const add = (node: SyntaxNode | undefined, relative: Path, feature: McpFeature, what: string, detail: string) => {
    if (!MCP.predates(revision, feature)) return;
    const since = MCP.introducedIn(feature);
    context.collected.add(
      'tool-example-content-version-mismatch',
      at(node),
      [...contentPath, ...relative],
      (revisions, plural) =>
        `${where()} ${what}, which ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${since}).`,
      revision,
      detail,
    );
  };
  const keyOf = (node: SyntaxNode | undefined, name: string) => keyNodeOf(propertyOf(node, name));
  if (type === 'audio') add(memberOf(content, 'type'), ['type'], 'content.audio', 'is audio content', 'audio');
  if (type === 'resource_link') add(memberOf(content, 'type'), ['type'], 'content.resource-link', 'is a resource link', 'link');
  if (propertyOf(content, '_meta')) add(keyOf(content, '_meta'), ['_meta'], '_meta', 'has _meta', 'meta');
  const resource = memberOf(content, 'resource');
  if (type === 'resource' && propertyOf(resource, '_meta'))
    add(keyOf(resource, '_meta'), ['resource', '_meta'], '_meta', 'has resource._meta', 'resource-meta');
  if (type === 'resource_link' && memberOf(content, 'icons')?.type === 'array')
    add(keyOf(content, 'icons'), ['icons'], 'icons', 'has icons', 'icons');
  const annotations = memberOf(content, 'annotations');
  if (propertyOf(annotations, 'lastModified'))
    add(
      keyOf(annotations, 'lastModified'),
      ['annotations', 'lastModified'],
      'annotations.lastModified',
      'has annotations.lastModified',
      'last-modified',
    );
}

/** `value` (at `path`) against the tool's schema `field`, read through a `$componentRef`. */
function checkValue(
  context: ExampleContext,
  written: SyntaxNode | undefined,
  value: SyntaxNode | undefined,
  path: Path,
  field: 'inputSchema' | 'outputSchema',
  at: (node: SyntaxNode | undefined) => SyntaxNode,
): void {
  // A missing input is the schema rule's (a required member); the official validator stops at it too.
  if (!written || !value) return;
  const prepared = context.schemas.of(field);
  if (!prepared.usable) return;
  const { schema, external } = prepared;
  let instance: JsonValue | undefined;
  try {
    instance = valueOf(value);
  } catch (error) {
    if (error instanceof AliasExpansionError) return;
    throw error;
  }
  const where = lazyText(() => readablePath(pointerOf(...path)));
  const legacy = context.scope.filter((revision) => MCP.predates(revision, 'tool-schema.dialect'));
  const modern = context.scope.some((revision) => MCP.has(revision, 'tool-schema.dialect'));
  const mismatch = (node: SyntaxNode | undefined, relative: Path, message: string) =>
    context.collected.add('tool-example-schema-mismatch', at(node), [...path, ...relative], () => message, '', message);
  if (legacy.length > 0) {
    checkLegacyShape(schema, value, instance, where, field, mismatch);
    context.collected.add(
      'incomplete-tool-example-validation',
      at(value),
      path,
      () =>
        `${where()} is checked only for its type, required and undeclared properties for MCP ${legacy.join(' and ')}: ${legacy.length > 1 ? 'those revisions define' : 'that revision defines'} no JSON Schema dialect for tool schemas (${MCP.introducedIn('tool-schema.dialect')} does).`,
    );
  }
  if (!modern) return;
  if (!isKnownDialect(schema)) return; // The tool schema's own problem, not the example's.
  if (external.length > 0) {
    context.collected.add(
      'incomplete-tool-example-validation',
      at(value),
      path,
      () =>
        `${where()} could not be validated completely: the tool's ${field} has $ref values outside the document (${external
          .slice(0, 3)
          .map((ref) => `'${ref}'`)
          .join(', ')}), which are never fetched.`,
      '',
      'external',
    );
    return;
  }
  const compiled = context.schemas.compiled(field);
  if (!compiled) return;
  const anchor = at(value);
  if (!compiled.ok) {
    // An invalid schema is the tool schema's problem (toolSchemas.ts); one past the compiler's bounds is not checked.
    if (/^too large/.test(compiled.reason)) noteNotChecked('tool-example', anchor, `the tool's ${field} is ${compiled.reason}`);
    return;
  }
  const errors = checkOrNote('tool-example', anchor, () => compiled.validate(instance === undefined ? null : instance), []);
  for (const error of errors.slice(0, MAX_VALUE_ERRORS)) {
    const node = value && nodeAtPointer(value, error.instancePath);
    const disallowed =
      error.disallowedProperty !== undefined && node ? keyNodeOf(propertyOf(node, error.disallowedProperty)) : undefined;
    const relative: Array<string | number> =
      error.instancePath === ''
        ? []
        : error.instancePath
            .slice(1)
            .split('/')
            .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    const place = readablePath(pointerOf(...path, ...relative));
    // The official validator reports the value once, at its own pointer, naming every error; each
    // error is underlined here where it is, with the value's pointer.
    mismatch(disallowed ?? node ?? value, [], `${place} ${error.detail} (the tool's ${field}).`);
  }
}

/**
 * A tool's inputSchema and outputSchema, each read (through its `$componentRef`), built and compiled
 * once for all the tool's examples: a tool with a 20,000-property schema and 1,000 examples built
 * and keyed it 1,000 times (66 s).
 */
class ToolSchemas {
  private readonly prepared = new Map<string, PreparedSchema>();

  constructor(
    private readonly root: SyntaxNode,
    private readonly tool: SyntaxNode,
  ) {}

  of(field: 'inputSchema' | 'outputSchema'): PreparedSchema {
    let known = this.prepared.get(field);
    if (!known) {
      known = this.prepare(field);
      this.prepared.set(field, known);
    }
    return known;
  }

  /** The validator of the schema (compiled on first use; none for a schema with external references). */
  compiled(field: 'inputSchema' | 'outputSchema'): CompiledSchema | undefined {
    const known = this.of(field);
    if (!known.usable || known.external.length > 0) return undefined;
    known.compiled ??= schemaCache.compile(known.schema);
    return known.compiled;
  }

  private prepare(field: 'inputSchema' | 'outputSchema'): PreparedSchema {
    const written = memberOf(this.tool, field);
    if (!written) return { usable: false };
    const resolution = resolveSchemaNode(written, this.root);
    if (!resolution.ok || resolution.node.type !== 'object') return { usable: false };
    let schema: JsonValue;
    try {
      schema = valueOf(resolution.node);
    } catch (error) {
      if (error instanceof AliasExpansionError) return { usable: false };
      throw error;
    }
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return { usable: false };
    return { usable: true, schema, external: externalReferences(schema) };
  }
}

type Mismatch = (node: SyntaxNode | undefined, relative: Path, message: string) => void;

/**
 * A place's readable path, made when a message first says it: every example, result content and
 * checked value has one, and most have nothing to report (on a 10 MB document, thousands of
 * paths written out for no finding).
 */
function lazyText(make: () => string): () => string {
  let text: string | undefined;
  return () => (text ??= make());
}

/** What every reading of a tool schema agrees on: an object, its required members, no undeclared member when it is closed. */
function checkLegacyShape(
  schema: { [key: string]: JsonValue },
  value: SyntaxNode | undefined,
  instance: JsonValue | undefined,
  where: () => string,
  field: string,
  mismatch: Mismatch,
): void {
  const isObject = instance !== null && typeof instance === 'object' && !Array.isArray(instance);
  if (schema.type === 'object' && !isObject) {
    mismatch(value, [], `${where()} must be an object (the tool's ${field} has type 'object').`);
    return;
  }
  if (!isObject || !value) return;
  const present = effectiveProperties(value);
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && !present.has(name))
        // At the missing member's pointer, as the official validator reports it; underlined on the value.
        mismatch(value, [name], `${where()} is missing '${name}', which the tool's ${field} requires.`);
    }
  }
  const properties = schema.properties;
  if (
    schema.additionalProperties === false &&
    properties !== null &&
    typeof properties === 'object' &&
    !Array.isArray(properties)
  ) {
    for (const name of present.keys()) {
      if (!Object.hasOwn(properties, name))
        mismatch(
          keyNodeOf(present.get(name)),
          [name],
          `${where()} has '${name}', which the tool's ${field} does not declare (its additionalProperties is false).`,
        );
    }
  }
}

function isKnownDialect(schema: { [key: string]: JsonValue }): boolean {
  const declared = schema.$schema;
  if (declared === undefined) return true;
  return typeof declared === 'string' && /^https?:\/\/json-schema\.org\/(?:draft\/2020-12|draft-07)\/schema#?$/.test(declared);
}

/** The `$ref` values of a schema that leave it (not starting with '#'). */
function externalReferences(schema: JsonValue): string[] {
  const found = new Set<string>();
  const visit = (value: JsonValue) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) found.add(child);
        else visit(child);
      }
    }
  };
  visit(schema);
  return [...found].sort();
}
