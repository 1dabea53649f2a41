// Turns one document of the `yaml` package's CST (its `Parser` tokens) into the position-annotated
// tree the checks walk, without composing the package's own nodes: composing costs a third of
// `parseDocument` and doubles the memory a large text takes while it is read.
//
// The tree is the one the composed document would give (test/support/yamlComposedReference.ts
// builds that one; the differential tests hold the two equal): the structure follows the CST as
// the package's composer reads it (which items it skips, where an empty value sits, how far each
// node's range reaches), scalars are resolved with the package's own CST helper
// (`CST.resolveAsScalar`) and the document's schema tags (core, or YAML 1.1 under `%YAML 1.1`),
// exactly as the composer picks them.
//
// Errors: the builder reports its own (duplicate keys, aliases, merge sources) and judges, as it
// reads, whether the composer could report anything on this text. It only ever says "clean" for
// token shapes where the composer has nothing to report (no error token, no tag, no tab, commas
// and indicators where they belong, ...); anything else sets `suspicious`, and the caller then
// takes the package's errors from composing the text (parseYamlDocuments.ts).
//
// Positions: a node's offset/length are its value's own text as the `yaml` package ranges it (node
// properties like `&anchor` and `!tag` are not included; quotes are). Block scalars span the header
// (`|`, `>-`, ...) through the last non-blank content character, so the range never ends with the
// line break. Block collections end where their last entry ends; flow collections at their closing
// bracket.
//
// Meaning follows the `yaml` package's toJS(): an alias stands for its anchored node (a copy whose
// every node has the alias's range, so a diagnostic inside it lands on `*name`; for a large
// collection, or past the copy budget, one node at the alias that shares the anchor's children, so
// that an alias never costs its anchor's size again and reads as the same value); merge keys (`<<`)
// add the source mappings' members that the mapping does not set itself (the first source wins);
// keys become strings as in JS objects (null is ''). Pairs whose key is a mapping or sequence are
// left out (a JSON object cannot have them, and no rule reads them).
import { CST, isScalar, type Document } from 'yaml';
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
} from '../treeNodes';
import { duplicateKeyError, type YamlSyntaxError } from './yamlSyntaxError';
import { YamlAliases } from './yamlAliases';
import { mergedProperties, type PendingMerge } from './yamlMerges';

/** A node's properties and indicator as the composer reads them from the tokens before it. */
interface Props {
  found: CST.SourceToken | null;
  anchor: CST.SourceToken | null;
  tag: CST.SourceToken | null;
  comma: CST.SourceToken | null;
  hasNewline: boolean;
  newlineAfterProp: CST.SourceToken | null;
  comment: boolean;
  /** End of the last token (or the given offset when there is none). */
  end: number;
  /** The first anchor or tag, else `end`. */
  start: number;
}

type Indicator = 'doc-start' | 'explicit-key-ind' | 'map-value-ind' | 'seq-item-ind';

/** A schema tag as the composer uses it (the package's own tag objects of the document's schema). */
interface ScalarTagLike {
  tag: string;
  default?: boolean | 'key';
  test?: RegExp;
  collection?: string;
  resolve?: (value: string, onError: (message: string) => void, options: unknown) => unknown;
}

interface CollectionTagLike {
  tag: string;
  collection?: string;
}

export type DocumentContext = Pick<Document, 'schema' | 'options'> & { directives: NonNullable<Document['directives']> };

const NO_TOKENS: CST.SourceToken[] = [];

function isBlankChar(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

function isBlock(token: CST.Token | null | undefined): boolean {
  return !!token && (token.type === 'block-map' || token.type === 'block-seq');
}

export class YamlTreeBuilder {
  private readonly aliases: YamlAliases;

  /** How much of the document's alias copy budget the document spent (see YamlAliases). */
  get aliasCopies(): number {
    return this.aliases.copiesMade;
  }
  /** Set when the composer might report an error on what was read (the caller composes then). */
  suspicious = false;
  /** The composed node's range[1] and range[2] of the node built last. */
  private valueEnd = 0;
  private nodeEnd = 0;
  /** Plain scalar texts to the default tag the schema gives them (most texts repeat). */
  private readonly plainTags = new Map<string, ScalarTagLike>();
  private readonly plainKeyTags = new Map<string, ScalarTagLike>();
  private readonly scalarTags: ScalarTagLike[];
  private readonly stringTag: ScalarTagLike;
  private readonly onScalarError = (): void => {
    this.suspicious = true;
  };

  constructor(
    private readonly text: string,
    private readonly errors: YamlSyntaxError[],
    aliasExpansionLimit: number,
    /** The document as the composer would start it: its directives, schema and options. */
    private readonly context: DocumentContext,
  ) {
    this.aliases = new YamlAliases(aliasExpansionLimit, (offset, length, message, code) =>
      this.error(offset, length, message, code),
    );
    const schema = context.schema as unknown as { tags: ScalarTagLike[] } & Record<symbol, ScalarTagLike>;
    this.scalarTags = schema.tags;
    const scalarSymbol = Object.getOwnPropertySymbols(schema).find((symbol) => symbol.description === 'scalar');
    this.stringTag = (scalarSymbol && schema[scalarSymbol]) || { tag: 'tag:yaml.org,2002:str' };
  }

  /**
   * The tree of a document token's contents (undefined for an empty document) and the document's
   * range end (before a `...` marker, which the caller adds).
   */
  buildDocument(document: CST.Document): { root: ValueNode | undefined; end: number } {
    const props = this.props(document.start, 'doc-start', document.offset, false, true, document.value ?? document.end?.[0], 0);
    if (props.found && isBlock(document.value) && !props.hasNewline) this.suspicious = true;
    const node = document.value
      ? this.node(document.value, props, undefined, document.offset, 1, false)
      : this.emptyNode(props.end, document.start, props, undefined, false);
    const root = isEmptyDocumentValue(node, props) ? undefined : node;
    let end = this.nodeEnd;
    if (document.end) end = this.endOf(document.end, end, false);
    return { root, end };
  }

  /**
   * Reads `tokens` as the composer's resolveProps does, marking the text suspicious wherever the
   * composer might report something (conservatively: a tag, a tab, a second anchor, ...).
   */
  private props(
    tokens: readonly CST.SourceToken[],
    indicator: Indicator,
    offset: number,
    flow: boolean,
    startOnNewline: boolean,
    next: CST.Token | undefined | null,
    parentIndent: number,
  ): Props {
    let hasSpace = startOnNewline;
    let reqSpace = false;
    let found: CST.SourceToken | null = null;
    let anchor: CST.SourceToken | null = null;
    let tag: CST.SourceToken | null = null;
    let comma: CST.SourceToken | null = null;
    let hasNewline = false;
    let newlineAfterProp: CST.SourceToken | null = null;
    let comment = false;
    let start = -1;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (reqSpace) {
        if (token.type !== 'space' && token.type !== 'newline' && token.type !== 'comma') this.suspicious = true;
        reqSpace = false;
      }
      switch (token.type) {
        case 'space':
          if (token.source.includes('\t')) this.suspicious = true;
          hasSpace = true;
          break;
        case 'comment':
          if (!hasSpace) this.suspicious = true;
          comment = true;
          break;
        case 'newline':
          hasNewline = true;
          if (anchor || tag) newlineAfterProp = token;
          hasSpace = true;
          break;
        case 'anchor':
          if (anchor || token.source.length < 2) this.suspicious = true;
          anchor = token;
          if (start < 0) start = token.offset;
          hasSpace = false;
          reqSpace = true;
          break;
        case 'tag':
          // Tags are resolved through the directives, which may fail: the composer judges them.
          this.suspicious = true;
          tag = token;
          if (start < 0) start = token.offset;
          hasSpace = false;
          reqSpace = true;
          break;
        case indicator:
          if (anchor || tag || found) this.suspicious = true;
          found = token;
          hasSpace = false;
          break;
        case 'comma':
          if (flow) {
            if (comma) this.suspicious = true;
            comma = token;
            hasSpace = false;
            break;
          }
          this.suspicious = true;
          hasSpace = false;
          break;
        default:
          this.suspicious = true;
          hasSpace = false;
      }
    }
    const last = tokens.length > 0 ? tokens[tokens.length - 1] : undefined;
    const end = last ? last.offset + last.source.length : offset;
    if (
      reqSpace &&
      next &&
      next.type !== 'space' &&
      next.type !== 'newline' &&
      next.type !== 'comma' &&
      (next.type !== 'scalar' || next.source !== '')
    ) {
      this.suspicious = true;
    }
    void parentIndent;
    return { found, anchor, tag, comma, hasNewline, newlineAfterProp, comment, end, start: start < 0 ? end : start };
  }

  /** The composer's resolveEnd: the offset after `end`'s tokens; anything it could object to is suspicious. */
  private endOf(end: readonly CST.SourceToken[], offset: number, requireSpace: boolean): number {
    let hasSpace = false;
    for (let i = 0; i < end.length; i++) {
      const token = end[i];
      switch (token.type) {
        case 'space':
        case 'newline':
          hasSpace = true;
          break;
        case 'comment':
          if (requireSpace && !hasSpace) this.suspicious = true;
          break;
        default:
          this.suspicious = true;
      }
      offset += token.source.length;
    }
    return offset;
  }

  /**
   * The node of `token` (with its properties `props`). `depth`: how many collections deep the node
   * sits, itself included if it is one (the root is 1). Sets valueEnd/nodeEnd to the composed range.
   */
  private node(
    token: CST.Token,
    props: Props,
    parent: ParentNode | undefined,
    fallbackOffset: number,
    depth: number,
    atKey: boolean,
  ): BuiltValue {
    switch (token.type) {
      case 'alias': {
        if (props.anchor || props.tag || token.source.length < 2) this.suspicious = true;
        const start = token.offset;
        const valueEnd = start + token.source.length;
        this.valueEnd = valueEnd;
        this.nodeEnd = token.end ? this.endOf(token.end, valueEnd, true) : valueEnd;
        return this.aliases.resolve(token.source.substring(1), start, valueEnd - start, parent, depth);
      }
      case 'scalar':
      case 'single-quoted-scalar':
      case 'double-quoted-scalar':
      case 'block-scalar': {
        const value = this.scalarValue(token, props.tag, atKey);
        return this.scalarNode(token.type === 'block-scalar', value, props, parent, this.valueStart);
      }
      case 'block-map':
        return this.collection(token, props, parent, depth, () => this.blockMap(token, parent, depth, props));
      case 'block-seq':
        if (props.anchor || props.tag) {
          const lastProp =
            props.anchor && props.tag
              ? props.anchor.offset > props.tag.offset
                ? props.anchor
                : props.tag
              : (props.anchor ?? props.tag);
          if (lastProp && (!props.newlineAfterProp || props.newlineAfterProp.offset < lastProp.offset)) this.suspicious = true;
        }
        return this.collection(token, props, parent, depth, () => this.blockSeq(token, parent, depth, props));
      case 'flow-collection':
        return this.collection(token, props, parent, depth, () => this.flowCollection(token, parent, depth, props));
      default:
        // An error token where a node should be (the parser's): an empty node there, as composed.
        this.suspicious = true;
        void fallbackOffset;
        return this.emptyNode(token.offset, undefined, props, parent, atKey);
    }
  }

  /** A collection, or what a collection tag of the schema makes of it (see collectionTag). */
  private collection(
    token: CST.BlockMap | CST.BlockSequence | CST.FlowCollection,
    props: Props,
    parent: ParentNode | undefined,
    depth: number,
    build: () => BuiltValue,
  ): BuiltValue {
    if (props.tag && this.collectionTagOf(token, props.tag) === 'pairs') return this.pairsSequence(token, props, parent, depth);
    return build();
  }

  /**
   * What a tag on a collection makes of it: the collection itself, or (`!!omap`, `!!pairs` on a
   * sequence) a sequence of pairs, whose items the composed reading has no node for.
   */
  private collectionTagOf(
    token: CST.BlockMap | CST.BlockSequence | CST.FlowCollection,
    tagToken: CST.SourceToken,
  ): 'plain' | 'pairs' {
    const tagName = this.context.directives.tagName(tagToken.source, () => undefined);
    const expected =
      token.type === 'block-map' ? 'map' : token.type === 'block-seq' ? 'seq' : token.start.source === '{' ? 'map' : 'seq';
    if (!tagName || tagName === '!' || tagName === 'tag:yaml.org,2002:map' || tagName === 'tag:yaml.org,2002:seq') return 'plain';
    const schema = this.context.schema as unknown as {
      tags: CollectionTagLike[];
      knownTags: Record<string, CollectionTagLike | undefined>;
    };
    const tag =
      schema.tags.find((t) => t.tag === tagName && t.collection === expected) ??
      (schema.knownTags[tagName]?.collection === expected ? schema.knownTags[tagName] : undefined);
    if (!tag || expected !== 'seq') return 'plain';
    return tag.tag === 'tag:yaml.org,2002:omap' || tag.tag === 'tag:yaml.org,2002:pairs' ? 'pairs' : 'plain';
  }

  /**
   * `!!omap` / `!!pairs` on a sequence: the composed sequence holds pairs, which the composed
   * reading turns into null nodes where the previous item ended.
   */
  private pairsSequence(
    token: CST.BlockMap | CST.BlockSequence | CST.FlowCollection,
    props: Props,
    parent: ParentNode | undefined,
    depth: number,
  ): BuiltArray {
    const scratch = new BuiltArray(token.offset, undefined);
    // Read it as the sequence it is, for its range and its anchors, then replace its items.
    const read =
      token.type === 'block-seq'
        ? this.blockSeq(token, scratch, depth, props)
        : this.flowCollection(token as CST.FlowCollection, scratch, depth, props);
    const count = read.type === 'array' ? read.items.length : read.properties.length;
    // A block sequence's range ends with its last item's, and these items have no length.
    const array = new BuiltArray(read.offset, parent);
    array.length = token.type === 'flow-collection' || count === 0 ? read.length : 0;
    const items: ValueNode[] = new Array(count);
    for (let i = 0; i < count; i++) items[i] = nullNode(read.offset, 0, array);
    array.items = items;
    return array;
  }

  /** The resolved text of the scalar resolved last (what non-JSON values read as), and its range[0]. */
  private valueSource = '';
  private valueStart = 0;

  /** Resolves a scalar token as the composer does; sets valueEnd/nodeEnd; returns the value. */
  private scalarValue(token: CST.FlowScalar | CST.BlockScalar, tagToken: CST.SourceToken | null, atKey: boolean): unknown {
    const resolved = CST.resolveAsScalar(token, true, this.onScalarError);
    if (!resolved) {
      this.suspicious = true;
      this.valueStart = this.valueEnd = this.nodeEnd = token.offset;
      return null;
    }
    this.valueStart = resolved.range[0];
    this.valueEnd = resolved.range[1];
    this.nodeEnd = resolved.range[2];
    return this.resolveTag(resolved.value, tagToken, token.type === 'scalar', atKey);
  }

  /** The value the document's schema gives `source` (with its tag, if any), as composeScalar picks it. */
  private resolveTag(source: string, tagToken: CST.SourceToken | null, plain: boolean, atKey: boolean): unknown {
    this.valueSource = source;
    let tag: ScalarTagLike;
    let tagName: string | null = null;
    if (tagToken) tagName = this.context.directives.tagName(tagToken.source, this.onScalarError);
    if (tagName) tag = this.tagByName(source, tagName);
    else if (plain) tag = this.tagByTest(source, atKey);
    else return source;
    if (tag === this.stringTag && !tag.resolve) return source;
    try {
      const result = tag.resolve ? tag.resolve(source, this.onScalarError, this.context.options) : source;
      return isScalar(result) ? result.value : result;
    } catch {
      this.suspicious = true;
      return source;
    }
  }

  private tagByTest(source: string, atKey: boolean): ScalarTagLike {
    const cache = atKey ? this.plainKeyTags : this.plainTags;
    const known = cache.get(source);
    if (known) return known;
    const tag =
      this.scalarTags.find((t) => (t.default === true || (atKey && t.default === 'key')) && t.test?.test(source)) ??
      this.stringTag;
    if (source.length <= 64 && cache.size < 4096) cache.set(source, tag);
    return tag;
  }

  private tagByName(source: string, tagName: string): ScalarTagLike {
    if (tagName === '!') return this.stringTag;
    const withTest: ScalarTagLike[] = [];
    for (const tag of this.scalarTags) {
      if (!tag.collection && tag.tag === tagName) {
        if (tag.default && tag.test) withTest.push(tag);
        else return tag;
      }
    }
    for (const tag of withTest) if (tag.test?.test(source)) return tag;
    const known = (this.context.schema as unknown as { knownTags: Record<string, ScalarTagLike | undefined> }).knownTags[tagName];
    if (known && !known.collection) return known;
    return this.stringTag;
  }

  /** The tree node of a resolved scalar (ranged by valueEnd). */
  private scalarNode(
    isBlockScalar: boolean,
    value: unknown,
    props: Props,
    parent: ParentNode | undefined,
    offset: number,
  ): BuiltScalarNode {
    const valueEnd = this.valueEnd;
    const length = (isBlockScalar ? this.blockScalarEnd(offset, valueEnd) : valueEnd) - offset;
    let node: BuiltScalarNode;
    switch (typeof value) {
      case 'string':
        node = stringNode(value, offset, length, parent);
        break;
      case 'number':
        node = numberNode(value, offset, length, parent);
        break;
      case 'boolean':
        node = booleanNode(value, offset, length, parent);
        break;
      case 'bigint':
        node = numberNode(Number(value), offset, length, parent);
        break;
      default:
        // Values JSON has no type for (dates, binary, ...): the text as written.
        node = value === null ? nullNode(offset, length, parent) : stringNode(this.valueSource, offset, length, parent);
    }
    if (props.anchor) this.aliases.define(props.anchor.source.substring(1), node);
    return node;
  }

  /** The composer's empty node (no token where a node is due): a plain empty scalar at the given position. */
  private emptyNode(
    offset: number,
    before: readonly CST.SourceToken[] | undefined,
    props: Props,
    parent: ParentNode | undefined,
    atKey: boolean,
  ): BuiltValue {
    const position = emptyScalarPosition(offset, before);
    const value = this.resolveTag('', props.tag, true, atKey);
    this.valueEnd = position;
    this.nodeEnd = props.comment ? props.end : position;
    return this.scalarNode(false, value, props, parent, position);
  }

  /** Like node(), for a key or value token that may be absent (then the empty node at `offset`). */
  private nodeOrEmpty(
    token: CST.Token | null | undefined,
    props: Props,
    emptyAt: number,
    before: readonly CST.SourceToken[] | undefined,
    parent: ParentNode | undefined,
    depth: number,
    atKey: boolean,
  ): BuiltValue {
    if (token) return this.node(token, props, parent, emptyAt, depth, atKey);
    return this.emptyNode(emptyAt, before, props, parent, atKey);
  }

  private blockMap(map: CST.BlockMap, parent: ParentNode | undefined, depth: number, props: Props): BuiltObject {
    const start = map.offset;
    const object = new BuiltObject(start, parent);
    const pairs = new PairCollector(this, object, depth, anchorName(props));
    let offset = map.offset;
    let commentEnd = -1;
    const items = map.items;
    for (let i = 0; i < items.length; i++) {
      const {
        start: startTokens,
        key,
        sep,
        value,
      } = items[i] as { start: CST.SourceToken[]; key?: CST.Token | null; sep?: CST.SourceToken[]; value?: CST.Token };
      const keyProps = this.props(startTokens, 'explicit-key-ind', offset, false, true, key ?? sep?.[0], map.indent);
      const implicitKey = !keyProps.found;
      if (implicitKey) {
        if (key) {
          if (key.type === 'block-seq' || ('indent' in key && key.indent !== map.indent)) this.suspicious = true;
        }
        if (!keyProps.anchor && !keyProps.tag && !sep) {
          // Comment lines (or a key without `:`, which the composer skips silently: judged by it).
          commentEnd = keyProps.end;
          if (key || i < items.length - 1) this.suspicious = true;
          continue;
        }
        if (keyProps.newlineAfterProp || containsNewline(key)) this.suspicious = true;
      } else {
        // Explicit keys (`? key`): valid, but left to the composer to judge.
        this.suspicious = true;
      }
      if (
        key &&
        key.type !== 'scalar' &&
        key.type !== 'single-quoted-scalar' &&
        key.type !== 'double-quoted-scalar' &&
        key.type !== 'alias'
      ) {
        this.suspicious = true;
      }
      const keyStart = keyProps.end;
      const valueProps = this.props(
        sep ?? NO_TOKENS,
        'map-value-ind',
        0,
        false,
        !key || key.type === 'block-scalar',
        value,
        map.indent,
      );
      const colonOffset = valueProps.found ? valueProps.found.offset : undefined;
      pairs.add(key, keyProps, keyStart, startTokens, colonOffset, () => {
        // valueProps.end defaults to the key's range end when sep is empty.
        const valueOffset = sep && sep.length > 0 ? valueProps.end : this.nodeEnd;
        offset = valueOffset;
        if (!valueProps.found) {
          if (implicitKey) this.suspicious = true;
          return undefined;
        }
        if (implicitKey) {
          if (value?.type === 'block-map' && !valueProps.hasNewline) this.suspicious = true;
          if (keyProps.start < valueProps.found.offset - 1000) this.suspicious = true;
        }
        return { token: value, props: valueProps, emptyAt: valueOffset, before: sep };
      });
      if (colonOffset !== undefined) offset = this.nodeEnd;
    }
    if (commentEnd >= 0 && commentEnd < offset) this.suspicious = true;
    const properties = pairs.finish();
    const cursor = pairs.cursor;
    const valueEnd = offset;
    const end = properties.length > 0 ? cursor : this.trimmedEnd(start, valueEnd);
    object.length = Math.max(end, cursor) - start;
    this.valueEnd = valueEnd;
    this.nodeEnd = commentEnd >= 0 ? commentEnd : offset;
    pairs.close();
    return object;
  }

  private blockSeq(sequence: CST.BlockSequence, parent: ParentNode | undefined, depth: number, props: Props): BuiltArray {
    const start = sequence.offset;
    const array = new BuiltArray(start, parent);
    const slot = this.aliases.open(anchorName(props));
    const items: ValueNode[] = [];
    let offset = sequence.offset;
    let commentEnd = -1;
    let cursor = start;
    for (const { start: startTokens, value } of sequence.items) {
      const itemProps = this.props(startTokens, 'seq-item-ind', offset, false, true, value, sequence.indent);
      if (!itemProps.found) {
        if (itemProps.anchor || itemProps.tag || value) {
          this.suspicious = true;
        } else {
          commentEnd = itemProps.end;
          continue;
        }
      }
      const item = this.nodeOrEmpty(value, itemProps, itemProps.end, startTokens, array, depth + 1, false);
      offset = this.nodeEnd;
      items.push(item);
      cursor = Math.max(cursor, item.offset + item.length);
    }
    array.items = items;
    const end = items.length > 0 ? cursor : this.trimmedEnd(start, offset);
    array.length = Math.max(end, cursor) - start;
    this.valueEnd = offset;
    this.nodeEnd = commentEnd >= 0 ? commentEnd : offset;
    if (slot) slot.node = array;
    return array;
  }

  private flowCollection(
    collection: CST.FlowCollection,
    parent: ParentNode | undefined,
    depth: number,
    props: Props,
  ): BuiltObject | BuiltArray {
    const isMap = collection.start.source === '{';
    const start = collection.offset;
    let offset = collection.offset + collection.start.source.length;
    const node = isMap ? new BuiltObject(start, parent) : new BuiltArray(start, parent);
    const pairs = node.type === 'object' ? new PairCollector(this, node, depth, anchorName(props)) : undefined;
    const slot = isMap ? undefined : this.aliases.open(anchorName(props));
    const items: ValueNode[] = [];
    let cursor = start;
    const collectionItems = collection.items;
    for (let i = 0; i < collectionItems.length; i++) {
      const { start: startTokens, key, sep, value } = collectionItems[i];
      const itemProps = this.props(startTokens, 'explicit-key-ind', offset, true, false, key ?? sep?.[0], collection.indent);
      if (!itemProps.found) {
        if (!itemProps.anchor && !itemProps.tag && !sep && !value) {
          if ((i === 0 && itemProps.comma) || i < collectionItems.length - 1) this.suspicious = true;
          offset = itemProps.end;
          continue;
        }
      } else {
        this.suspicious = true;
      }
      if (i === 0 ? itemProps.comma : !itemProps.comma) this.suspicious = true;
      if (!isMap && !sep && !itemProps.found) {
        const item = this.nodeOrEmpty(value, itemProps, itemProps.end, sep, node, depth + 1, false);
        if (isBlock(value)) this.suspicious = true;
        offset = this.nodeEnd;
        items.push(item);
        cursor = Math.max(cursor, item.offset + item.length);
        continue;
      }
      if (!isMap) this.suspicious = true;
      if (isBlock(key)) this.suspicious = true;
      const keyStart = itemProps.end;
      let valueProps: Props | undefined;
      const describeValue = () => {
        valueProps = this.props(sep ?? NO_TOKENS, 'map-value-ind', this.nodeEnd, true, false, value, collection.indent);
        if (!valueProps.found && value) this.suspicious = true;
        if (isBlock(value)) this.suspicious = true;
        if (!value && !valueProps.found) return undefined;
        return { token: value, props: valueProps, emptyAt: valueProps.end, before: sep };
      };
      const colonOffset = colonOf(sep);
      if (pairs) {
        pairs.add(key, itemProps, keyStart, startTokens, colonOffset, describeValue);
        offset = pairs.lastHadValue ? this.nodeEnd : valueProps!.end;
      } else {
        // A pair in a flow sequence (`[a: b]`): a one-pair flow mapping, ranged from its key.
        const keyAt = key ? key.offset : emptyScalarPosition(keyStart, startTokens);
        const map = new BuiltObject(keyAt, node);
        const single = new PairCollector(this, map, depth + 1);
        single.add(key, itemProps, keyStart, startTokens, colonOffset, describeValue);
        offset = single.lastHadValue ? this.nodeEnd : valueProps!.end;
        const mapValueEnd = this.valueEnd;
        const properties = single.finish();
        const end = this.trimmedEnd(keyAt, mapValueEnd);
        map.length = Math.max(end, single.cursor) - keyAt;
        single.close();
        void properties;
        this.nodeEnd = offset;
        items.push(map);
        cursor = Math.max(cursor, map.offset + map.length);
      }
    }
    const expectedEnd = isMap ? '}' : ']';
    const [closing, ...rest] = collection.end;
    let closingEnd = offset;
    if (closing?.source === expectedEnd) {
      closingEnd = closing.offset + closing.source.length;
    } else {
      this.suspicious = true;
      if (closing && closing.source.length !== 1) rest.unshift(closing);
    }
    const nodeEnd = rest.length > 0 ? this.endOf(rest, closingEnd, true) : closingEnd;
    if (pairs) {
      pairs.finish();
      const end = this.trimmedEnd(start, closingEnd);
      node.length = Math.max(end, pairs.cursor) - start;
      pairs.close();
    } else if (node.type === 'array') {
      node.items = items;
      const end = this.trimmedEnd(start, closingEnd);
      node.length = Math.max(end, cursor) - start;
      if (slot) slot.node = node;
    }
    this.valueEnd = closingEnd;
    this.nodeEnd = nodeEnd;
    return node;
  }

  /** Builds one pair of `object` (see PairCollector.add). */
  buildPair(
    collector: PairCollector,
    key: CST.Token | null | undefined,
    keyProps: Props,
    keyStart: number,
    startTokens: readonly CST.SourceToken[],
    colonOffset: number | undefined,
    describeValue: () =>
      { token: CST.Token | undefined; props: Props; emptyAt: number; before: readonly CST.SourceToken[] | undefined } | undefined,
  ): void {
    const object = collector.object;
    const depth = collector.depth;
    const cursor = collector.cursor;
    // The key as the composer resolves it: a plain `<<` is a merge key.
    let keyValue: unknown;
    let keyIsScalar = false;
    let keyIsBlockScalar = false;
    let keyAt: number;
    if (!key) {
      keyAt = emptyScalarPosition(keyStart, startTokens);
      keyValue = this.resolveTag('', keyProps.tag, true, true);
      this.valueEnd = keyAt;
      this.nodeEnd = keyProps.comment ? keyProps.end : keyAt;
      keyIsScalar = true;
    } else if (
      key.type === 'scalar' ||
      key.type === 'single-quoted-scalar' ||
      key.type === 'double-quoted-scalar' ||
      key.type === 'block-scalar'
    ) {
      keyAt = key.offset;
      keyValue = this.scalarValue(key, keyProps.tag, true);
      keyIsScalar = true;
      keyIsBlockScalar = key.type === 'block-scalar';
    } else {
      keyAt = key.offset;
    }
    if (keyIsScalar && typeof keyValue === 'symbol') {
      // `<<` (a merge key): its value is resolved now, in document order, and merged at the end.
      const keyEnd = this.valueEnd;
      const described = describeValue();
      const fallback = colonOffset === undefined ? keyEnd : colonOffset + 1;
      const source = described
        ? this.nodeOrEmpty(described.token, described.props, described.emptyAt, described.before, object, depth + 1, false)
        : this.noValue(fallback, object);
      collector.lastHadValue = !!described;
      const pairEnd = Math.max(keyEnd, colonOffset === undefined ? 0 : colonOffset + 1, source.offset + source.length);
      const pair: MergePairSpan = { offset: keyAt, length: pairEnd - keyAt, keys: [] };
      (object.mergePairs ??= []).push(pair);
      collector.merge(source, pair);
      collector.cursor = pairEnd;
      return;
    }
    let keyNode: BuiltValue;
    if (keyIsScalar) {
      keyNode = this.scalarNode(keyIsBlockScalar, keyValue, keyProps, undefined, key ? this.valueStart : keyAt);
    } else {
      keyNode = this.node(key!, keyProps, undefined, colonOffset ?? cursor, depth + 1, true);
    }
    const keyEnd = keyNode.offset + keyNode.length;
    const fallback = colonOffset === undefined ? keyEnd : colonOffset + 1;
    if (keyNode.type === 'object' || keyNode.type === 'array') {
      const described = describeValue();
      collector.lastHadValue = !!described;
      if (described)
        this.nodeOrEmpty(described.token, described.props, described.emptyAt, described.before, undefined, depth + 1, false);
      return;
    }
    const stringKey = keyNode.type === 'string' ? keyNode : this.stringKey(keyNode);
    const property = new BuiltProperty(stringKey, keyNode.offset, object, colonOffset);
    stringKey.parent = property;
    const described = describeValue();
    collector.lastHadValue = !!described;
    const value = described
      ? this.nodeOrEmpty(described.token, described.props, described.emptyAt, described.before, property, depth + 1, false)
      : this.noValue(fallback, property);
    const end = Math.max(keyEnd, value.offset + value.length, colonOffset === undefined ? 0 : colonOffset + 1);
    property.length = end - property.offset;
    property.value = value;
    collector.property(property, stringKey);
    collector.cursor = end;
  }

  /** A pair without a value: the composed reading's null node at the fallback position. */
  private noValue(offset: number, parent: ParentNode): BuiltScalarNode {
    return nullNode(offset, 0, parent);
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

  merged(object: BuiltObject, explicit: PropertyNode[], merges: PendingMerge[]): PropertyNode[] {
    return mergedProperties(object, explicit, merges, this.aliases, this.errors);
  }

  openAnchor(name: string | undefined): ReturnType<YamlAliases['open']> {
    return this.aliases.open(name);
  }

  duplicateKey(key: ScalarNode): void {
    this.errors.push(duplicateKeyError(key));
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

/**
 * The pairs of one mapping as they are built: properties in order, duplicate keys, `<<` merges,
 * and the mapping's anchor (set once the mapping is complete).
 */
class PairCollector {
  cursor: number;
  /** Whether the last pair added had a value (a `:` or a value token). */
  lastHadValue = false;
  private properties: PropertyNode[] = [];
  private merges: PendingMerge[] | undefined;
  private seenKeys: Set<string> | undefined;
  private readonly slot: ReturnType<YamlTreeBuilder['openAnchor']>;

  constructor(
    private readonly builder: YamlTreeBuilder,
    readonly object: BuiltObject,
    readonly depth: number,
    anchor?: string,
  ) {
    this.cursor = object.offset;
    this.slot = builder.openAnchor(anchor);
  }

  add(...args: Parameters<YamlTreeBuilder['buildPair']> extends [unknown, ...infer Rest] ? Rest : never): void {
    this.builder.buildPair(this, ...args);
  }

  property(property: PropertyNode, key: BuiltString): void {
    const properties = this.properties;
    properties.push(property);
    if (properties.length === 1) return;
    const name = key.value;
    let duplicate: boolean;
    if (this.seenKeys) {
      duplicate = this.seenKeys.has(name);
      this.seenKeys.add(name);
    } else {
      duplicate = isDuplicate(name, properties);
      if (properties.length >= SMALL_MAP) this.seenKeys = new Set(properties.map(keyOf));
    }
    if (duplicate) this.builder.duplicateKey(key);
  }

  merge(source: ValueNode, pair: MergePairSpan): void {
    (this.merges ??= []).push({ index: this.properties.length, source, pair });
  }

  finish(): PropertyNode[] {
    const properties = this.merges ? this.builder.merged(this.object, this.properties, this.merges) : this.properties;
    this.object.properties = properties;
    return properties;
  }

  close(): void {
    if (this.slot) this.slot.node = this.object;
  }
}

/** Up to this many pairs, duplicate keys are found by scanning (cheaper than a Set per mapping). */
const SMALL_MAP = 8;

/** Whether `name` is already the key of one of `properties` (the last of which is its own property). */
function isDuplicate(name: string, properties: PropertyNode[]): boolean {
  for (let i = properties.length - 2; i >= 0; i--) if (keyOf(properties[i]) === name) return true;
  return false;
}

function anchorName(props: Props): string | undefined {
  return props.anchor ? props.anchor.source.substring(1) : undefined;
}

function colonOf(sep: readonly CST.SourceToken[] | undefined): number | undefined {
  if (!sep) return undefined;
  for (let i = 0; i < sep.length; i++) if (sep[i].type === 'map-value-ind') return sep[i].offset;
  return undefined;
}

/** Whether the document's contents are nothing at all (no value, anchor or tag): an empty document. */
function isEmptyDocumentValue(node: ValueNode, props: Props): boolean {
  return node.type === 'null' && node.length === 0 && !props.anchor && !props.tag;
}

/** Where the composer places an empty value: after `offset`, or after the last node token before it. */
function emptyScalarPosition(offset: number, before: readonly CST.SourceToken[] | undefined): number {
  if (!before) return offset;
  for (let i = before.length - 1; i >= 0; --i) {
    const token = before[i];
    if (token.type === 'space' || token.type === 'comment' || token.type === 'newline') {
      offset -= token.source.length;
      continue;
    }
    // Just after the last token that is not blank, then after the spaces that follow it.
    for (let j = i + 1; j < before.length && before[j].type === 'space'; j++) offset += before[j].source.length;
    break;
  }
  return offset;
}

/** Whether a key token spans lines (the composer's rule for implicit keys). */
function containsNewline(key: CST.Token | null | undefined): boolean {
  if (!key) return false;
  switch (key.type) {
    case 'alias':
    case 'scalar':
    case 'double-quoted-scalar':
    case 'single-quoted-scalar':
      if (key.source.includes('\n')) return true;
      if (key.end) for (const token of key.end) if (token.type === 'newline') return true;
      return false;
    default:
      return true;
  }
}

function keyOf(property: PropertyNode): string {
  return property.key.value;
}
