// The reference reading of YAML for the differential tests: the `yaml` package composes the text
// (`Composer`, as `parseDocument` does) and the tree is built from its composed nodes. This is how
// the checker read YAML before it built its trees from the CST (server/src/checker/syntax/yaml/
// yamlTreeBuilder.ts); the tests hold that reader to this one: the same trees (every member of
// every node), document ranges and errors (codes, messages and ranges).
import {
  Composer,
  isAlias,
  parseAllDocuments,
  parseDocument,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Parser,
  Scalar,
  type Alias,
  type CST,
  type Document,
  type DocumentOptions,
  type Pair,
  type ParseOptions,
  type SchemaOptions,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import {
  DEFAULT_ALIAS_EXPANSION_LIMIT,
  type ParsedYaml,
  type YamlDocument,
} from '../../server/src/checker/syntax/yaml/parseYamlDocuments';
import {
  booleanNode,
  BuiltArray,
  BuiltObject,
  BuiltProperty,
  nullNode,
  numberNode,
  stringNode,
  type BuiltScalarNode,
  type BuiltString,
  type BuiltValue,
  type MergePairSpan,
  type ParentNode,
  type PropertyNode,
  type ScalarNode,
  type ValueNode,
} from '../../server/src/checker/syntax/treeNodes';
import {
  characterBoundary,
  duplicateKeyError,
  sortedByOffset,
  tooDeep,
  type YamlSyntaxError,
} from '../../server/src/checker/syntax/yaml/yamlSyntaxError';
import { YamlAliases } from '../../server/src/checker/syntax/yaml/yamlAliases';
import { mergedProperties, type PendingMerge } from '../../server/src/checker/syntax/yaml/yamlMerges';
import {
  ABSURD_TEXT_NESTING,
  firstAbsurdNesting,
  firstTooDeepCollection,
  MAX_NESTING_DEPTH,
} from '../../server/src/checker/syntax/yaml/yamlNestingGuard';

/** From this many characters on, the CST is released before the tree is built (see below). */

export const RELEASE_CST_CHARS = 2_000_000;

const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  // Pairs keep their CST token, which has the `:` position.
  keepSourceTokens: true,
  // YAML 1.1 merge keys (`<<: *base`), which mcpdesc authors use to share declarations.
  merge: true,
  // Raw messages; the caller shows them at a range of its own.
  prettyErrors: false,
  // Duplicates are reported by the tree builder in one pass (yaml's own check is quadratic per mapping).
  uniqueKeys: false,
  logLevel: 'silent',
};

export function parseYamlDocumentsComposed(
  text: string,
  options: { aliasExpansionLimit?: number; releaseCst?: boolean } = {},
): ParsedYaml {
  const limit = options.aliasExpansionLimit ?? DEFAULT_ALIAS_EXPANSION_LIMIT;
  const documents: YamlDocument[] = [];
  const errors: YamlSyntaxError[] = [];
  const addYamlError = (error: { pos: [number, number]; message: string; code: string }): void => {
    const start = characterBoundary(text, Math.max(0, Math.min(error.pos[0], text.length)), -1);
    const end = Math.max(start, characterBoundary(text, Math.min(error.pos[1], text.length), 1));
    errors.push({ offset: start, length: end - start, message: error.message, code: error.code });
  };
  const absurd = firstAbsurdNesting(text, ABSURD_TEXT_NESTING);
  if (absurd !== undefined) return { documents, errors: [tooDeep(absurd)] };
  // What parseAllDocuments does, with the nesting guard between the two stages.
  let parsed: Document.Parsed[];
  let colons: ColonOffsets | undefined;
  const composer = new Composer(YAML_OPTIONS);
  try {
    let tokens: CST.Token[] | undefined = Array.from(new Parser().parse(text));
    const deep = firstTooDeepCollection(tokens, MAX_NESTING_DEPTH);
    if (deep !== undefined) return { documents, errors: [tooDeep(deep)] };
    parsed = Array.from(composer.compose(tokens));
    // The CST is needed for the `:` offsets only. On a large text, read them now and let it go
    // before the tree is built: it is larger than the document and the tree together (~200 MB for
    // 7.5 MB of text). Walking every node for that costs ~5 % of the parse, so small texts do not.
    tokens = undefined;
    colons = (options.releaseCst ?? text.length >= RELEASE_CST_CHARS) ? takeColonOffsets(parsed) : undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      documents,
      errors: [{ offset: 0, length: 0, message: `The YAML text could not be read: ${reason}`, code: 'UNREADABLE' }],
    };
  }
  if (parsed.length === 0) {
    for (const error of composer.streamInfo().errors) addYamlError(error);
    return { documents, errors: sortedByOffset(errors) };
  }
  for (const document of parsed) {
    for (const error of document.errors) addYamlError(error);
    const [start, , end] = document.range ?? [0, 0, text.length];
    let root: ValueNode | undefined;
    try {
      root = new ComposedTreeBuilder(text, errors, limit, colons).buildRoot(document.contents, start);
    } catch (error) {
      // Only a stack overflow on absurdly deep nesting gets here; the document is skipped, not the server.
      const reason = error instanceof Error ? error.message : String(error);
      errors.push({
        offset: start,
        length: 0,
        message: `This YAML document could not be read: ${reason}`,
        code: 'RESOURCE_EXHAUSTION',
      });
      root = undefined;
    }
    documents.push({ root, offset: start, length: end - start });
  }
  return { documents, errors: sortedByOffset(errors) };
}

type Ranged = { range?: readonly [number, number, number] | null };

function isBlankChar(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

class ComposedTreeBuilder {
  private readonly aliases: YamlAliases;

  constructor(
    private readonly text: string,
    private readonly errors: YamlSyntaxError[],
    aliasExpansionLimit: number,
    /** Taken from the CST already (large texts, see takeColonOffsets); else read from each pair's token. */
    private readonly colons: ColonOffsets | undefined,
  ) {
    this.aliases = new YamlAliases(aliasExpansionLimit, (offset, length, message, code) =>
      this.error(offset, length, message, code),
    );
  }

  /** The tree of a document's contents; undefined for an empty document. */
  buildRoot(contents: unknown, documentStart: number): BuiltValue | undefined {
    if (contents === null || contents === undefined) return undefined;
    if (isScalar(contents) && contents.source === '' && contents.value === null && !contents.anchor && !contents.tag) {
      return undefined;
    }
    return this.node(contents, undefined, documentStart, 1);
  }

  /** `depth`: how many collections deep the node sits, itself included if it is one (the root is 1). */
  private node(source: unknown, parent: ParentNode | undefined, fallbackOffset: number, depth: number): BuiltValue {
    if (isScalar(source)) return this.scalar(source, parent);
    if (isMap(source)) return this.map(source, parent, depth);
    if (isSeq(source)) return this.sequence(source, parent, depth);
    if (isAlias(source)) return this.alias(source, parent, depth);
    return nullNode(fallbackOffset, 0, parent);
  }

  private scalar(scalar: Scalar, parent: ParentNode | undefined): BuiltScalarNode {
    const [start, valueEnd] = rangeOf(scalar, 0);
    const isBlock = scalar.type === Scalar.BLOCK_LITERAL || scalar.type === Scalar.BLOCK_FOLDED;
    const length = (isBlock ? this.blockScalarEnd(start, valueEnd) : valueEnd) - start;
    const value: unknown = scalar.value;
    let node: BuiltScalarNode;
    switch (typeof value) {
      case 'string':
        node = stringNode(value, start, length, parent);
        break;
      case 'number':
        node = numberNode(value, start, length, parent);
        break;
      case 'boolean':
        node = booleanNode(value, start, length, parent);
        break;
      case 'bigint':
        node = numberNode(Number(value), start, length, parent);
        break;
      default:
        // Values JSON has no type for (dates, binary, ...): the text as written.
        node =
          value === null
            ? nullNode(start, length, parent)
            : stringNode(typeof scalar.source === 'string' ? scalar.source : String(value), start, length, parent);
    }
    if (scalar.anchor) this.aliases.define(scalar.anchor, node);
    return node;
  }

  private map(map: YAMLMap, parent: ParentNode | undefined, depth: number): BuiltObject {
    const [start, valueEnd] = rangeOf(map, 0);
    const object = new BuiltObject(start, parent);
    const slot = this.aliases.open(map.anchor);
    let properties: PropertyNode[] = [];
    let merges: PendingMerge[] | undefined;
    let seenKeys: Set<string> | undefined;
    let cursor = start;
    for (const item of map.items as Pair<unknown, unknown>[]) {
      if (isScalar(item.key) && typeof item.key.value === 'symbol') {
        // `<<` (a merge key): its value is resolved now, in document order, and merged at the end.
        const [keyStart, keyEnd] = rangeOf(item.key, cursor);
        const colonOffset = this.colons ? this.colons.get(item) : colonOffsetOf(item);
        const source = this.node(item.value, object, colonOffset === undefined ? keyEnd : colonOffset + 1, depth + 1);
        const pairEnd = Math.max(keyEnd, colonOffset === undefined ? 0 : colonOffset + 1, source.offset + source.length);
        const pair: MergePairSpan = { offset: keyStart, length: pairEnd - keyStart, keys: [] };
        (object.mergePairs ??= []).push(pair);
        (merges ??= []).push({ index: properties.length, source, pair });
        cursor = pairEnd;
        continue;
      }
      const colonOffset = this.colons ? this.colons.get(item) : colonOffsetOf(item);
      const key = this.node(item.key, undefined, colonOffset ?? cursor, depth + 1);
      const keyEnd = key.offset + key.length;
      if (key.type === 'object' || key.type === 'array') {
        this.node(item.value, undefined, colonOffset === undefined ? keyEnd : colonOffset + 1, depth + 1);
        continue;
      }
      const keyNode = key.type === 'string' ? key : this.stringKey(key);
      const property = new BuiltProperty(keyNode, key.offset, object, colonOffset);
      keyNode.parent = property;
      const value = this.node(item.value, property, colonOffset === undefined ? keyEnd : colonOffset + 1, depth + 1);
      const end = Math.max(keyEnd, value.offset + value.length, colonOffset === undefined ? 0 : colonOffset + 1);
      property.length = end - property.offset;
      property.value = value;
      properties.push(property);
      cursor = end;
      if (map.items.length > 1) {
        const name = keyNode.value;
        if (isDuplicate(name, properties, map.items.length > SMALL_MAP ? (seenKeys ??= new Set()) : undefined)) {
          this.errors.push(duplicateKeyError(keyNode));
        }
      }
    }
    if (merges) properties = this.merged(object, properties, merges);
    object.properties = properties;
    const end = !map.flow && properties.length > 0 ? cursor : this.trimmedEnd(start, valueEnd);
    object.length = Math.max(end, cursor) - start;
    if (slot) slot.node = object;
    return object;
  }

  /**
   * A key that is not a string, as the string a JS object would use (`1` -> "1", null -> ""). A new
   * node: the scalar itself may be anchored, and an alias to it must still see a number.
   */
  private stringKey(key: ScalarNode): BuiltString {
    const node = stringNode(key.value === null ? '' : String(key.value), key.offset, key.length, undefined);
    if (key.origin) node.origin = key.origin;
    return node;
  }

  private merged(object: BuiltObject, explicit: PropertyNode[], merges: PendingMerge[]): PropertyNode[] {
    return mergedProperties(object, explicit, merges, this.aliases, this.errors);
  }

  private sequence(sequence: YAMLSeq, parent: ParentNode | undefined, depth: number): BuiltArray {
    const [start, valueEnd] = rangeOf(sequence, 0);
    const array = new BuiltArray(start, parent);
    const slot = this.aliases.open(sequence.anchor);
    const items: ValueNode[] = new Array(sequence.items.length);
    let cursor = start;
    for (let i = 0; i < items.length; i++) {
      const item = this.node(sequence.items[i], array, cursor, depth + 1);
      items[i] = item;
      cursor = Math.max(cursor, item.offset + item.length);
    }
    array.items = items;
    const end = !sequence.flow && items.length > 0 ? cursor : this.trimmedEnd(start, valueEnd);
    array.length = Math.max(end, cursor) - start;
    if (slot) slot.node = array;
    return array;
  }

  private alias(alias: Alias, parent: ParentNode | undefined, depth: number): BuiltValue {
    const [start, end] = rangeOf(alias, 0);
    return this.aliases.resolve(alias.source, start, end - start, parent, depth);
  }

  /** `end` moved back over trailing blanks and line breaks, not before `start`. */
  private trimmedEnd(start: number, end: number): number {
    const text = this.text;
    let result = Math.min(end, text.length);
    while (result > start && isBlankChar(text.charCodeAt(result - 1))) result--;
    return result;
  }

  /**
   * Where a block scalar's text ends: after its last line that has content (trailing spaces of that
   * line included), so neither the final line break nor kept trailing blank lines are covered.
   */
  private blockScalarEnd(start: number, end: number): number {
    const text = this.text;
    const limit = Math.min(end, text.length);
    let result = this.trimmedEnd(start, limit);
    while (result < limit && (text.charCodeAt(result) === 32 || text.charCodeAt(result) === 9)) result++;
    return result;
  }

  private error(offset: number, length: number, message: string, code: string): void {
    this.errors.push({ offset, length, message, code });
  }
}

/** Up to this many pairs, duplicate keys are found by scanning (cheaper than a Set per mapping). */
const SMALL_MAP = 8;

/**
 * Whether `name` is already the key of one of `properties` (the last of which is its own property).
 * With `seen`, the lookup is in the set (which it then adds `name` to) instead of a scan.
 */
function isDuplicate(name: string, properties: PropertyNode[], seen: Set<string> | undefined): boolean {
  if (seen) {
    if (seen.has(name)) return true;
    seen.add(name);
    return false;
  }
  for (let i = properties.length - 2; i >= 0; i--) if (keyOf(properties[i]) === name) return true;
  return false;
}

function colonOffsetOf(pair: Pair<unknown, unknown>): number | undefined {
  const separator = pair.srcToken?.sep;
  if (!separator) return undefined;
  for (let i = 0; i < separator.length; i++) if (separator[i].type === 'map-value-ind') return separator[i].offset;
  return undefined;
}

/** The offset of each pair's `:` (pairs without one are not in it). */
type ColonOffsets = Map<Pair<unknown, unknown>, number>;

/**
 * The `:` offsets of every pair of the documents, read from the CST tokens the pairs keep
 * (`keepSourceTokens`), which are then dropped from every node: nothing holds the CST afterwards.
 */
function takeColonOffsets(documents: readonly Document.Parsed[]): ColonOffsets {
  const colons: ColonOffsets = new Map();
  const pending: unknown[] = documents.map((document) => document.contents);
  while (pending.length > 0) {
    const node = pending.pop() as { srcToken?: unknown } | null | undefined;
    if (!node || typeof node !== 'object') continue;
    if (isPair(node)) {
      const colon = colonOffsetOf(node);
      if (colon !== undefined) colons.set(node, colon);
      pending.push(node.key, node.value);
    } else if (isCollection(node)) {
      for (const item of node.items) pending.push(item);
    }
    node.srcToken = undefined;
  }
  return colons;
}

function rangeOf(node: Ranged, fallback: number): readonly [number, number, number] {
  return node.range ?? [fallback, fallback, fallback];
}

function keyOf(property: PropertyNode): string {
  return property.key.value;
}

/** Streams aliasing more than this were not read back (and the edit was not offered). */
const MAX_ALIAS_COUNT = 10_000;

/**
 * How the fix editor read YAML back with the `yaml` package before it read with the checker's
 * reader: every document's extent, error count and toJS() value (merge keys on, duplicates
 * allowed); undefined when the text could not be read or a value not built.
 */
export function readYamlStreamByPackage(
  text: string,
): { documents: Array<{ start: number; end: number; errors: number; value: unknown }> } | undefined {
  try {
    const documents = parseAllDocuments(text, { merge: true, uniqueKeys: false, prettyErrors: false, logLevel: 'silent' });
    if (!Array.isArray(documents)) return { documents: [] };
    return {
      documents: documents.map((document) => {
        const [start, , end] = document.range ?? [0, 0, text.length];
        return {
          start,
          end: Math.max(end, start + 1),
          errors: document.errors.length,
          value: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }),
        };
      }),
    };
  } catch {
    return undefined;
  }
}

/** `source` read alone with the `yaml` package's defaults (YAML 1.2, no merge keys, duplicate keys an error). */
export function readYamlValueByPackage(source: string): { value: unknown } | undefined {
  const document = parseDocument(source, { prettyErrors: false });
  if (document.errors.length > 0) return undefined;
  try {
    return { value: document.toJS() };
  } catch {
    return undefined;
  }
}
