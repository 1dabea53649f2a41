// Rule mcpdesc.document.schema: the whole document against our structural schema of MCP
// Description 0.8.0 (schemas/mcp-description-0.8.0.schema.json, written from the specification
// text and shipped with the product: never fetched), compiled by ajv at build time (formatSchemaAjv.ts).
//
// The document is validated in parts that add up to the whole: the root with `tools` taken as an
// array of anything, then each tool against the schema's Tool definition. The parts' errors are
// exactly the whole's (a differential test holds them to one validation of the whole), and an edit
// inside one tool re-validates that tool alone (incremental.ts).
//
// Errors are collapsed to one per real problem: the schema chooses its variants by a
// discriminator (`type`, `$componentRef`) through if/then, so only the chosen variant speaks, and
// the few oneOf/anyOf left report their best-matching branch only.
//
// A document controls how many errors there are (64,000 bad tags): ajv gathers them in place
// (ajvLinear.ts) and the collapse looks at each error a bounded number of times. Each part is
// charged to the document's time budget (its validation and the reading of its errors): a part the
// budget leaves unchecked is a notice (notChecked.ts).
import type { ErrorObject } from 'ajv';
import { formatSchemaValidators } from '../../../../../build/generated/formatSchemaValidators';
import {
  FORMAT_SCHEMA,
  FORMAT_SCHEMA_ID,
  formatSchemaAjv,
  formatSchemaRuntime,
  type FormatSchemaValidators,
  type PrecompiledValidate,
  type SchemaObject,
} from '../../schema/formatSchemaAjv';
import { outsideBudget, runCharged } from '../../timeBudget';
import { checkOrNote } from '../../notChecked';
import {
  effectiveProperties,
  keyNodeOf,
  noticeAnchorOf,
  nodeAtPointer,
  propertyOf,
  valueOf,
  type JsonValue,
  itemsOf,
  type SyntaxNode,
} from '../../syntax/tree';
import { childAt, escapeSegment as escape, readablePath } from './pointers';
import { hintedMessage, type SchemaHint } from './schemaHints';
import { rememberedRootFindings } from './rootSchemaMemo';

/** The official validator's code for every structural finding. */
export const SCHEMA_OFFICIAL_CODE = 'schema-validation';

export interface SchemaFinding {
  offset: number;
  length: number;
  message: string;
  /** The ajv keyword at fault (tests and tools; never shown raw). */
  keyword: string;
  /**
   * Where the official validator reports it, as a JSON pointer: the value at fault, or for a
   * missing or disallowed member, that member's would-be path.
   */
  pointer: string;
  /**
   * Set when the value at fault is a component reached through a `$componentRef` at `pointer`'s use
   * site (referencedSchemas.ts): that component's pointer. The finding underlines the reference.
   */
  component?: string;
  /** The official validator's code when it is not schema-validation (a repeated key: document-parse). */
  officialCode?: string;
  /** What its fixes need (schemaHints.ts), when it has a fix. */
  hint?: SchemaHint;
}

const SCHEMA = FORMAT_SCHEMA;
/** How many findings of one validated part get a hint (schemaHints.ts). */
const MAX_HINTED = 100;

let validators: FormatSchemaValidators | undefined;

/**
 * The validators the build compiled (build/generated/, from formatSchemaAjv.ts' set-up), bound to
 * this process's formats and pattern engine once: nothing is compiled at run time, so start-up
 * pays no ajv compile and a host without 'unsafe-eval' runs them as well.
 */
function compiled(): FormatSchemaValidators {
  validators ??= outsideBudget(() => formatSchemaValidators(formatSchemaRuntime()));
  return validators;
}

let wholeValidator: PrecompiledValidate | undefined;

/**
 * The whole document in one validation, compiled at run time by ajv: the plain path the parts are
 * held to (tests only; never in a bundle's way, and never where eval is refused).
 */
function wholeCompiled(): PrecompiledValidate {
  wholeValidator ??= outsideBudget(() => formatSchemaAjv(formatSchemaRuntime()).getSchema(FORMAT_SCHEMA_ID)!);
  return wholeValidator;
}

/** The schema findings of a document root (an object or not), tools excluded. */
export function checkRootSchema(root: SyntaxNode): SchemaFinding[] {
  return rememberedRootFindings(root, () => checkRootSchemaPlain(root));
}

/** The plain path of checkRootSchema: the root validated now (rootSchemaMemo.ts is held to it). */
export function checkRootSchemaPlain(root: SyntaxNode): SchemaFinding[] {
  const value = root.type === 'object' ? rootValueWithoutTools(root) : valueOf(root);
  return validated(compiled().root, value, root, '');
}

/** The schema findings of the element `index` of the root's `tools` array. */
export function checkToolSchema(root: SyntaxNode, tool: SyntaxNode, index: number): SchemaFinding[] {
  return validated(compiled().tool, valueOf(tool), root, `/tools/${index}`, tool);
}

/** The plain path: the whole document in one validation (for the differential test). */
export function checkWholeSchema(root: SyntaxNode): SchemaFinding[] {
  return validated(wholeCompiled(), valueOf(root), root, '');
}

/** ajv's own errors for the whole document, before they are collapsed (for the differential test of collapse). */
export function wholeSchemaErrors(root: SyntaxNode): ErrorObject[] {
  const validate = wholeCompiled();
  return validate(valueOf(root)) ? [] : [...(validate.errors ?? [])];
}

/**
 * The findings of one validation. A part that outruns the document's time budget, or whose formats
 * or `propertyNames` patterns do (boundedFormats.ts, safeRegExp.ts), is recorded as not checked
 * (no findings), and the other parts and rules go on.
 */
function validated(
  validate: PrecompiledValidate,
  value: JsonValue,
  root: SyntaxNode,
  prefix: string,
  base?: SyntaxNode,
): SchemaFinding[] {
  return checkOrNote(
    'document-part',
    noticeAnchorOf(base ?? root),
    () => {
      // Linear in the part (its patterns and formats are short steps, each charged and refused once
      // the budget is spent, which ends the part): timed and charged, not run under the watchdog,
      // whose thread per call cost more than validating a tool (2,600 tools: a second). Reading its
      // errors is linear in them, so it is charged but never cut off half way.
      const valid = runCharged(() => validate(value));
      const errors = validate.errors ?? [];
      return valid ? [] : runCharged(() => findingsOf(errors, root, prefix, base), false);
    },
    [],
  );
}

/**
 * The root's value with every member but `tools` built, and `tools` (when an array) as an array
 * of as many nulls: each tool is validated on its own.
 */
function rootValueWithoutTools(root: SyntaxNode): JsonValue {
  const result: { [key: string]: JsonValue } = {};
  for (const [name, property] of effectiveProperties(root)) {
    const valueNode = property.value;
    const value =
      name === 'tools' && valueNode.type === 'array'
        ? new Array<JsonValue>(itemsOf(valueNode).length).fill(null)
        : valueOf(valueNode);
    Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// From ajv's errors to findings.

function findingsOf(errors: readonly ErrorObject[], root: SyntaxNode, prefix: string, base?: SyntaxNode): SchemaFinding[] {
  const findings: SchemaFinding[] = [];
  const seen = new Set<string>();
  for (const error of collapse(errors)) {
    const found = findingOf(error, root, prefix, base);
    if (!found) continue;
    // Hints read the schema along the path: bounded per part, as a part with hundreds of problems is no typo.
    const hinted = findings.length < MAX_HINTED ? hintedMessage(error, found.message, found.pointer, root) : undefined;
    const finding = { ...found, ...hinted };
    const key = `${finding.offset}:${finding.length}:${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return findings;
}

type Branching = ErrorObject & { keyword: 'oneOf' | 'anyOf' };

/**
 * One error per real problem. `if` errors only say that a `then` failed (its errors follow);
 * `propertyNames` says once what the inner `pattern` error repeats; of a failed oneOf/anyOf, the
 * branch that matched best speaks alone (innermost alternatives first, so an outer choice weighs
 * branches already reduced). The errors of a branching are those below its schema path at or below
 * its instance path: found through an index by both, so that each error is looked at once per
 * branching above it, not once per branching of the document.
 */
export function collapse(input: readonly ErrorObject[]): ErrorObject[] {
  const all = input.filter((error) => error.keyword !== 'if' && error.propertyName === undefined);
  const branchings = all
    .filter((error): error is Branching => error.keyword === 'oneOf' || error.keyword === 'anyOf')
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  const removed = new Set<ErrorObject>();
  const index = new BranchingIndex(branchings);
  for (const error of all) index.add(error);
  for (const branching of branchings) {
    if (removed.has(branching)) continue;
    const prefix = `${branching.schemaPath}/`;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const error of index.of(branching)) {
      if (error === branching || removed.has(error)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0];
      let list = byBranch.get(branch);
      if (!list) byBranch.set(branch, (list = []));
      list.push(error);
    }
    if (byBranch.size === 0) continue; // More than one branch matched: the oneOf error says so.
    const ranked = [...byBranch.values()].sort((a, b) => compareBranches(a, b, branching.instancePath));
    const best = ranked[0];
    removed.add(branching);
    for (const list of ranked.slice(1)) for (const error of list) removed.add(error);
    const replaceBest = (replacement: ErrorObject) => {
      for (const error of best) removed.add(error);
      all.push(replacement);
      index.add(replacement);
    };
    if (ranked.every((list) => wrongTypeAt(list, branching.instancePath))) {
      // No branch is even of the value's type: one error naming the types any branch allows.
      const types = new Set<string>();
      for (const list of ranked)
        for (const error of list)
          if (error.keyword === 'type' && error.instancePath === branching.instancePath) types.add(String(error.params.type));
      replaceBest({ ...branching, keyword: 'type', params: { type: [...types].join(',') } });
      continue;
    }
    if (
      ranked.every(
        (list) => list.length === 1 && list[0].keyword === 'required' && list[0].instancePath === branching.instancePath,
      )
    ) {
      // "one of these members": the branches differ only by which member they need.
      replaceBest({
        ...branching,
        keyword: 'required',
        params: { missingProperty: ranked.map((list) => String(list[0].params.missingProperty)).join(',') },
        message: 'one-of',
      });
    }
  }
  return all.filter((error) => !removed.has(error));
}

/**
 * The errors below each branching: those whose schema path continues the branching's and whose
 * instance path is the branching's or lies inside it, in the order they were added.
 */
class BranchingIndex {
  private readonly schemaPaths = new Set<string>();
  private readonly below = new Map<string, ErrorObject[]>();

  constructor(branchings: readonly ErrorObject[]) {
    for (const branching of branchings) {
      this.schemaPaths.add(branching.schemaPath);
      this.below.set(BranchingIndex.key(branching.schemaPath, branching.instancePath), []);
    }
  }

  private static key(schemaPath: string, instancePath: string): string {
    return `${schemaPath}\u0000${instancePath}`;
  }

  add(error: ErrorObject): void {
    const { schemaPath, instancePath } = error;
    for (let end = schemaPath.indexOf('/'); end >= 0; end = schemaPath.indexOf('/', end + 1)) {
      const above = schemaPath.slice(0, end);
      if (!this.schemaPaths.has(above)) continue;
      // The instance path itself, then each enclosing one ('/a/0' is inside '/a' and '').
      for (let cut = instancePath.length; cut >= 0; cut = instancePath.lastIndexOf('/', cut - 1)) {
        this.below.get(BranchingIndex.key(above, instancePath.slice(0, cut)))?.push(error);
        if (cut === 0) break;
      }
    }
  }

  of(branching: ErrorObject): readonly ErrorObject[] {
    return this.below.get(BranchingIndex.key(branching.schemaPath, branching.instancePath)) ?? [];
  }
}

export function wrongTypeAt(list: readonly ErrorObject[], instancePath: string): boolean {
  return list.some((error) => error.keyword === 'type' && error.instancePath === instancePath);
}

/** A branch that failed on the value's own type, or on its discriminator, matched least. */
export function compareBranches(a: readonly ErrorObject[], b: readonly ErrorObject[], instancePath: string): number {
  const rank = (list: readonly ErrorObject[]) => {
    const wrongType = wrongTypeAt(list, instancePath) ? 1 : 0;
    const wrongDiscriminator = list.some(
      (error) =>
        (error.keyword === 'const' || error.keyword === 'enum') &&
        /^\/(?:type|mode)$/.test(error.instancePath.slice(instancePath.length)),
    )
      ? 1
      : 0;
    let depth = -Infinity;
    for (const error of list) depth = Math.max(depth, error.instancePath.split('/').length);
    return { wrongType, wrongDiscriminator, depth, count: list.length };
  };
  const x = rank(a);
  const y = rank(b);
  return x.wrongType - y.wrongType || x.wrongDiscriminator - y.wrongDiscriminator || y.depth - x.depth || x.count - y.count;
}

/**
 * The UTF-16 length of the first character of a container: a YAML block mapping starts at its first
 * key, whose first character may be a surrogate pair that a one-unit range would split.
 */
function firstCharacterLength(container: SyntaxNode): number {
  const first = container.type === 'object' ? keyNodeOf(container.properties[0]) : undefined;
  if (!first || first.offset !== container.offset || first.length === 0) return 1;
  const code = first.value.codePointAt(0);
  return code !== undefined && code > 0xffff && first.length >= 2 ? 2 : 1;
}

/** Where the finding goes and what it says; undefined when the path leaves the tree (it never should). */
function findingOf(error: ErrorObject, root: SyntaxNode, prefix: string, base?: SyntaxNode): SchemaFinding | undefined {
  const start = base ?? root;
  const instancePath = error.instancePath;
  const node = nodeAtPointer(start, instancePath);
  if (!node) return undefined;
  const path = prefix + instancePath;
  const where = readablePath(path);
  const params = error.params as Record<string, unknown>;
  const anchor = (target: SyntaxNode) => ({ offset: target.offset, length: target.length });
  const containerAnchor = (target: SyntaxNode) => {
    // A whole object or array would underline pages: its key says it as well, else its first character.
    if (target.type !== 'object' && target.type !== 'array') return anchor(target);
    const key = target.parent?.type === 'property' ? keyNodeOf(target.parent) : undefined;
    return key ? anchor(key) : { offset: target.offset, length: firstCharacterLength(target) };
  };
  switch (error.keyword) {
    case 'required': {
      const names = String(params.missingProperty).split(',');
      const listed = names.map((name) => `'${name}'`).join(' or ');
      const subject = path === '' ? 'The document' : where;
      const message =
        error.message === 'one-of' ? `${subject} must have ${listed}.` : `${subject} is missing the required member ${listed}.`;
      return {
        ...containerAnchor(node),
        message,
        keyword: 'required',
        pointer: names.length === 1 ? `${path}/${escape(names[0])}` : path,
      };
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const key = keyNodeOf(propertyOf(node, name));
      const extensible = allowsExtensions(error.schemaPath);
      const message = `${path === '' ? 'The document' : where} has a member '${name}' that MCP Description 0.8.0 does not define there${extensible ? " (extensions must start with 'x-')" : ''}.`;
      return {
        ...(key ? anchor(key) : containerAnchor(node)),
        message,
        keyword: 'additionalProperties',
        pointer: `${path}/${escape(name)}`,
      };
    }
    case 'propertyNames': {
      const name = String(params.propertyName);
      const key = keyNodeOf(propertyOf(node, name));
      return {
        ...(key ? anchor(key) : containerAnchor(node)),
        message: `'${name}' is not a valid name in ${where}: ${nameRule(error.schemaPath)}.`,
        keyword: 'propertyNames',
        pointer: path,
      };
    }
    case 'uniqueItems': {
      const later = childAt(node, String(Math.max(Number(params.i), Number(params.j))));
      return {
        ...(later ? containerAnchor(later) : containerAnchor(node)),
        message: `${where} must not repeat an item (items ${params.j} and ${params.i} are equal).`,
        keyword: 'uniqueItems',
        pointer: path,
      };
    }
    default: {
      const message = `${path === '' ? 'The document' : where} ${requirement(error, node)}.`;
      return { ...containerAnchor(node), message, keyword: error.keyword, pointer: path };
    }
  }
}

const TYPE_WORDS: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
};

function actual(node: SyntaxNode): string {
  switch (node.type) {
    case 'string':
      return `the string ${clipJson(node.value)}`;
    case 'number':
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    default:
      return TYPE_WORDS[node.type] ?? node.type;
  }
}

/** What the value must be, in words ("must be a string, not 42"). */
function requirement(error: ErrorObject, node: SyntaxNode): string {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'type': {
      const types = String(params.type)
        .split(',')
        .map((type) => TYPE_WORDS[type] ?? type);
      return `must be ${types.join(' or ')}, not ${actual(node)}`;
    }
    case 'const':
      return `must be ${clipJson(params.allowedValue)}, not ${actual(node)}`;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(clipJson);
      return `must be ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`}, not ${actual(node)}`;
    }
    case 'minItems':
      return limit === 1 ? 'must not be empty (leave it out instead)' : `must have at least ${limit} items`;
    case 'minProperties':
      return limit === 1 ? 'must not be empty (leave it out instead)' : `must have at least ${limit} members`;
    case 'maxProperties':
      return limit === 0 ? 'must be an empty object' : `must have at most ${limit} members`;
    case 'minLength':
      return limit === 1 ? 'must not be an empty string' : `must have at least ${limit} characters`;
    case 'minimum':
      return `must be at least ${limit}, not ${actual(node)}`;
    case 'maximum':
      return `must be at most ${limit}, not ${actual(node)}`;
    case 'format':
      return `must be ${FORMAT_WORDS[String(params.format)] ?? `in the ${String(params.format)} format`}, not ${actual(node)}`;
    case 'pattern':
      return /componentRef/.test(error.schemaPath)
        ? `must be a local component reference such as '#/components/schemas/Name', not ${actual(node)}`
        : `must match the pattern ${String(params.pattern)}`;
    case 'oneOf':
      return 'matches more than one of the forms MCP Description 0.8.0 allows here; it must match exactly one';
    default:
      return `is not valid here (${error.keyword})`;
  }
}

const FORMAT_WORDS: Record<string, string> = { uri: 'an absolute URI', email: 'an email address' };

function nameRule(schemaPath: string): string {
  if (schemaPath.includes('/meta/'))
    return "a _meta key is an optional prefix of dot-separated labels and '/', then a name of letters, digits, '.', '_' and '-'";
  if (schemaPath.includes('/extensionMap/'))
    return "an extension identifier is dot-separated labels, '/', then a name, such as 'com.example/feature'";
  return "names use only letters, digits, '.', '_' and '-'";
}

function clipJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Per schema path of an additionalProperties error: whether its object admits `x-` members (140,000 errors share a handful of paths). */
const admitsExtensions = new Map<string, boolean>();

/** Whether the object schema at `schemaPath`'s parent admits `x-` members (the message then says so). */
function allowsExtensions(schemaPath: string): boolean {
  let known = admitsExtensions.get(schemaPath);
  if (known === undefined) admitsExtensions.set(schemaPath, (known = readsExtensions(schemaPath)));
  return known;
}

function readsExtensions(schemaPath: string): boolean {
  const segments = schemaPath.replace(/^#\//, '').split('/').slice(0, -1);
  let current: JsonValue | undefined = SCHEMA;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return false;
    current = (current as SchemaObject)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const patterns =
    current !== null && typeof current === 'object' && !Array.isArray(current)
      ? (current as SchemaObject).patternProperties
      : undefined;
  return patterns !== undefined && patterns !== null && typeof patterns === 'object' && '^x-' in patterns;
}
