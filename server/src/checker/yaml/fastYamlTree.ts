// The fast path of the YAML adapter: the plain YAML most mcpdesc documents are written in (one
// document, block mappings and sequences, plain and one-line quoted scalars, one-line flow
// collections, comments) read straight into the checker's tree, without the `yaml` package's CST
// and composed document (together about ten times the text's size, and most of a check's time).
//
// The tree is the one YamlTreeBuilder makes of the same text: same nodes, ranges, values (the
// YAML 1.2 core schema as the `yaml` package resolves it), key order and DUPLICATE_KEY errors
// (test/yaml/fastYamlTree.test.ts holds the two side by side on every fixture and on fuzzed text).
// Anchors on block values and aliases read as YamlTreeBuilder reads them (yamlAliases.ts).
// Whatever lies outside that subset — anchors elsewhere (keys, flow collections), tags, merge keys, block scalars, explicit
// keys, multi-line scalars or flow collections, directives, several documents, tabs, unusual
// characters — or could be a syntax error makes it give up (undefined) at the first such character,
// and the `yaml` package reads the text: its errors keep their messages and ranges.
import { YamlTreeNode } from './yamlTreeNode';
import { YamlAliases, type AnchorSlot } from './yamlAliases';
import { duplicateKeyError, type YamlSyntaxError } from './yamlSyntaxError';

export interface FastYamlDocument {
  root: YamlTreeNode;
  /** The document's extent, as the full path gives it. */
  offset: number;
  length: number;
  /** DUPLICATE_KEY errors only (anything else is a reason to give up), sorted by offset. */
  errors: YamlSyntaxError[];
}

/** The tree of `text` when it lies in the fast path's subset of YAML; undefined otherwise. `aliasExpansionLimit`: see YamlParseOptions. */
export function buildFastYamlTree(text: string, aliasExpansionLimit: number): FastYamlDocument | undefined {
  try {
    return new FastYamlReader(text, aliasExpansionLimit).read();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

/** Thrown (one shared object, no stack trace taken) wherever the text leaves the subset. */
const GIVE_UP: unknown = Object.freeze({ reason: 'outside the fast YAML subset' });

function giveUp(): never {
  throw GIVE_UP;
}

/** Far below MAX_NESTING_DEPTH: deeper text is left to the full path and its nesting guard. */
const MAX_FAST_DEPTH = 128;
/** The `yaml` package refuses implicit keys longer than this; here they are left to it. */
const MAX_IMPLICIT_KEY = 1024;
/** Up to this many members, duplicate keys are found by scanning (as YamlTreeBuilder's SMALL_MAP). */
const SMALL_MAP = 8;

const LF = 10;
const CR = 13;
const SPACE = 32;
const DOUBLE_QUOTE = 34;
const AMPERSAND = 38;
const ASTERISK = 42;
const HASH = 35;
const SINGLE_QUOTE = 39;
const COMMA = 44;
const DASH = 45;
const DOT = 46;
const COLON = 58;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** Characters the subset does not take anywhere: controls (tab included), DEL and C1, BOM, and the Unicode line separators. */
function isUnusual(code: number): boolean {
  return code < SPACE || (code >= 0x7f && code <= 0x9f) || code === 0xfeff || code === 0x2028 || code === 0x2029;
}

/** A space, a line break, or the end of the text (NaN): what must follow `-` and `:` indicators. */
function isSeparator(code: number): boolean {
  return code === SPACE || code === LF || code === CR || Number.isNaN(code);
}

function isFlowIndicator(code: number): boolean {
  return code === COMMA || code === OPEN_BRACKET || code === CLOSE_BRACKET || code === OPEN_BRACE || code === CLOSE_BRACE;
}

/**
 * Whether a scalar may start with this character here: indicators (`&*!|>%@` and the backquote, a
 * `?` or `:` start, `#`, flow closers and commas) are node properties, block scalars, reserved,
 * or errors, all outside the subset. Quotes and flow openers are read before this is asked.
 */
function isPlainStart(code: number, next: number): boolean {
  switch (code) {
    case 33: // !
    case 37: // %
    case 38: // &
    case 42: // *
    case 62: // >
    case 63: // ?
    case 64: // @
    case 96: // `
    case 124: // |
    case HASH:
    case COLON:
    case COMMA:
    case CLOSE_BRACKET:
    case CLOSE_BRACE:
      return false;
    case DASH:
      return !isSeparator(next);
    default:
      return !Number.isNaN(code) && !isUnusual(code);
  }
}

class FastYamlReader {
  /** The current content line: where its first non-blank character is, and that character's column (-1 past the end). */
  private pos = 0;
  private lineStart = 0;
  private indent = -1;
  /** Where the last scalar or flow collection read ended (quotes and brackets included, trailing blanks not). */
  private tokenEnd = 0;
  /** Where the last empty value (a null of length 0) stands, or -1. */
  private lastEmptyValue = -1;
  /** The `:` of the key readKey last found. */
  private colon = 0;
  private readonly errors: YamlSyntaxError[] = [];
  /** An alias the full path would report (unresolved, recursive, too deep) is left to it. */
  private readonly aliases: YamlAliases;

  constructor(private readonly text: string, aliasExpansionLimit: number) {
    this.aliases = new YamlAliases(aliasExpansionLimit, giveUp);
  }

  read(): FastYamlDocument | undefined {
    const text = this.text;
    this.toContentLine(0, true);
    if (this.indent < 0) return undefined;
    // As the `yaml` package ranges a document: from its `---`, else from the start of its first content line.
    const start = this.lineStart;
    if (this.indent === 0 && text.charCodeAt(start) === DOT && isDocumentMarker(text, start)) giveUp();
    if (this.indent === 0 && text.charCodeAt(start) === DASH && isDocumentMarker(text, start)) {
      let after = start + 3;
      while (text.charCodeAt(after) === SPACE) after++;
      const code = text.charCodeAt(after);
      if (code !== LF && code !== CR) giveUp();
      this.toContentLine(this.lineBreakEnd(after), false);
      if (this.indent < 0) giveUp();
    }
    const root = this.blockNode(undefined, -1, 1);
    if (this.indent >= 0) giveUp();
    // The document ends with the text, or where its last node is an empty value followed by blank lines only.
    let end = text.length;
    const empty = this.lastEmptyValue;
    if (empty >= 0 && /^[ \r\n]*$/.test(text.slice(empty))) end = empty;
    return { root, offset: start, length: end - start, errors: this.errors.sort((a, b) => a.offset - b.offset) };
  }

  /** The offset after the line break at `at` (a CR must be part of a CRLF). */
  private lineBreakEnd(at: number): number {
    const code = this.text.charCodeAt(at);
    if (code === LF) return at + 1;
    if (code === CR && this.text.charCodeAt(at + 1) === LF) return at + 2;
    if (Number.isNaN(code)) return at;
    return giveUp();
  }

  /**
   * From the start of a line, past blank and comment lines, to the next line with content: sets
   * pos, lineStart and indent (-1 at the end of the text). A document marker (`---`, `...`) at a
   * line start means a stream or an explicit end: given up, except the first `---` (`first`).
   */
  private toContentLine(from: number, first: boolean): void {
    const text = this.text;
    const length = text.length;
    let lineStart = from;
    for (;;) {
      let p = lineStart;
      while (text.charCodeAt(p) === SPACE) p++;
      if (p >= length) {
        this.pos = length;
        this.indent = -1;
        return;
      }
      const code = text.charCodeAt(p);
      if (code === LF || code === CR) {
        lineStart = this.lineBreakEnd(p);
        continue;
      }
      if (code === HASH) {
        lineStart = this.lineBreakEnd(this.commentEnd(p));
        continue;
      }
      if (isUnusual(code)) giveUp();
      if (p === lineStart && !first && (code === DASH || code === DOT) && isDocumentMarker(text, p)) giveUp();
      this.pos = p;
      this.lineStart = lineStart;
      this.indent = p - lineStart;
      return;
    }
  }

  /** Where the comment starting at `at` ends (its line break, or the end of the text). */
  private commentEnd(at: number): number {
    const text = this.text;
    let p = at + 1;
    for (let code = text.charCodeAt(p); code !== LF && code !== CR && !Number.isNaN(code); code = text.charCodeAt(++p)) {
      if (isUnusual(code)) giveUp();
    }
    return p;
  }

  /** After a value that ends its line at `at`: only blanks and a comment may follow; moves to the next content line. */
  private endLine(at: number): void {
    const text = this.text;
    let p = at;
    while (text.charCodeAt(p) === SPACE) p++;
    if (text.charCodeAt(p) === HASH) {
      if (text.charCodeAt(p - 1) !== SPACE) giveUp();
      p = this.commentEnd(p);
    }
    this.toContentLine(this.lineBreakEnd(p), false);
  }

  /** The node whose first line is the current content line, at a column deeper than `parentIndent`. */
  private blockNode(parent: YamlTreeNode | undefined, parentIndent: number, depth: number): YamlTreeNode {
    if (depth > MAX_FAST_DEPTH) giveUp();
    const p = this.pos;
    if (this.text.charCodeAt(p) === DASH && isSeparator(this.text.charCodeAt(p + 1))) return this.blockSequence(parent, depth);
    const key = this.readKey(p);
    if (key) return this.blockMapping(this.indent, key, parent, depth);
    // A scalar or flow collection on a line of its own (a root, or a value under its key).
    const node = this.inlineValue(p, parent, depth);
    this.endLine(this.tokenEnd);
    if (this.indent > parentIndent) giveUp();
    return node;
  }

  /**
   * The key of a `key: value` entry at `at`, with `colon` set; undefined when the line holds no key
   * (a scalar, a flow collection). Keys are plain or quoted scalars on one line; a key that is not
   * a string becomes the string a JS object would use, as in YamlTreeBuilder.
   */
  private readKey(at: number): YamlTreeNode | undefined {
    const text = this.text;
    const code = text.charCodeAt(at);
    let end: number;
    let value: string;
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      value = code === DOUBLE_QUOTE ? this.doubleQuoted(at) : this.singleQuoted(at);
      end = this.tokenEnd;
      let p = end;
      while (text.charCodeAt(p) === SPACE) p++;
      if (text.charCodeAt(p) !== COLON || !isSeparator(text.charCodeAt(p + 1))) return undefined;
      this.colon = p;
    } else {
      if (code === OPEN_BRACKET || code === OPEN_BRACE || code === ASTERISK) return undefined;
      if (!isPlainStart(code, text.charCodeAt(at + 1))) giveUp();
      const colon = this.plainBlockEnd(at);
      end = this.tokenEnd;
      if (colon < 0) return undefined;
      this.colon = colon;
      const raw = text.slice(at, end);
      if (raw === '<<') giveUp();
      const resolved = resolvePlain(raw);
      value = typeof resolved === 'string' ? resolved : resolved === null ? '' : String(resolved);
    }
    if (this.colon - at > MAX_IMPLICIT_KEY) giveUp();
    const key = new YamlTreeNode('string', at, end - at, undefined);
    key.value = value;
    return key;
  }

  private blockMapping(column: number, firstKey: YamlTreeNode, parent: YamlTreeNode | undefined, depth: number): YamlTreeNode {
    if (depth > MAX_FAST_DEPTH) giveUp();
    const text = this.text;
    const object = new YamlTreeNode('object', firstKey.offset, 0, parent);
    const properties: YamlTreeNode[] = [];
    let seen: Set<string> | undefined;
    let cursor: number;
    for (let key = firstKey; ;) {
      const colon = this.colon;
      const property = new YamlTreeNode('property', key.offset, 0, object);
      key.parent = property;
      property.colonOffset = colon;
      let p = skipSpaces(text, colon + 1);
      const anchor = text.charCodeAt(p) === AMPERSAND ? this.anchorName(p) : undefined;
      if (anchor !== undefined) p = skipSpaces(text, this.tokenEnd);
      const slot = this.aliases.open(anchor);
      const code = text.charCodeAt(p);
      let value: YamlTreeNode;
      if (code === LF || code === CR || Number.isNaN(code) || code === HASH) {
        // Nothing on the key's line: the value is on the lines below, or empty (a null where the blanks end).
        const emptyAt = p;
        this.endLine(p);
        if (this.indent > column) {
          value = this.blockNode(property, column, depth + 1);
        } else if (this.indent === column && text.charCodeAt(this.pos) === DASH && isSeparator(text.charCodeAt(this.pos + 1))) {
          value = this.blockSequence(property, depth + 1);
        } else {
          if (slot) giveUp();
          value = new YamlTreeNode('null', emptyAt, 0, property);
          value.value = null;
          this.lastEmptyValue = emptyAt;
        }
      } else {
        if (slot && code === ASTERISK) giveUp();
        value = this.inlineValue(p, property, depth + 1);
        this.endLine(this.tokenEnd);
      }
      if (slot) this.anchored(slot, anchor!, value);
      const keyEnd = key.offset + key.length;
      const end = Math.max(keyEnd, value.offset + value.length, colon + 1);
      property.length = end - key.offset;
      property.children = [key, value];
      properties.push(property);
      cursor = end;
      const name = key.value as string;
      if (properties.length > 1 && isDuplicate(name, properties, properties.length > SMALL_MAP ? (seen ??= namesOf(properties)) : undefined)) {
        this.errors.push(duplicateKeyError(key));
      }
      if (this.indent < column) break;
      if (this.indent > column) giveUp();
      const next = this.readKey(this.pos);
      // At the keys' column, anything but a key (`- x` included) is an error.
      if (!next) giveUp();
      key = next;
    }
    object.children = properties;
    object.length = cursor - object.offset;
    return object;
  }

  /** The block sequence whose first `-` is at pos (its column is indent). */
  private blockSequence(parent: YamlTreeNode | undefined, depth: number): YamlTreeNode {
    if (depth > MAX_FAST_DEPTH) giveUp();
    const text = this.text;
    const column = this.indent;
    const array = new YamlTreeNode('array', this.pos, 0, parent);
    const items: YamlTreeNode[] = [];
    let cursor = this.pos;
    for (;;) {
      let p = skipSpaces(text, this.pos + 1);
      const anchor = text.charCodeAt(p) === AMPERSAND ? this.anchorName(p) : undefined;
      if (anchor !== undefined) p = skipSpaces(text, this.tokenEnd);
      const slot = this.aliases.open(anchor);
      const code = text.charCodeAt(p);
      let item: YamlTreeNode;
      if (code === LF || code === CR || Number.isNaN(code) || code === HASH) {
        this.endLine(p);
        // An empty item (a null) is left to the full path.
        if (this.indent <= column) giveUp();
        item = this.blockNode(array, column, depth + 1);
      } else if (slot) {
        // `- &a key: value` anchors the key; anchored compact collections are left to the full path.
        if (code === ASTERISK || (code === DASH && isSeparator(text.charCodeAt(p + 1))) || this.readKey(p)) giveUp();
        item = this.inlineValue(p, array, depth + 1);
        this.endLine(this.tokenEnd);
      } else if (code === DASH && isSeparator(text.charCodeAt(p + 1))) {
        // `- - x`: a sequence in the item, at the column of its own `-`.
        this.pos = p;
        this.indent = p - this.lineStart;
        item = this.blockSequence(array, depth + 1);
      } else {
        const key = this.readKey(p);
        if (key) {
          item = this.blockMapping(p - this.lineStart, key, array, depth + 1);
        } else {
          item = this.inlineValue(p, array, depth + 1);
          this.endLine(this.tokenEnd);
        }
      }
      if (slot) this.anchored(slot, anchor!, item);
      items.push(item);
      cursor = Math.max(cursor, item.offset + item.length);
      if (this.indent < column) break;
      if (this.indent > column) giveUp();
      if (text.charCodeAt(this.pos) !== DASH || !isSeparator(text.charCodeAt(this.pos + 1))) break;
    }
    array.children = items;
    array.length = cursor - array.offset;
    return array;
  }

  /** A scalar or a flow collection starting at `at` on the current line (tokenEnd: where it ends). */
  private inlineValue(at: number, parent: YamlTreeNode | undefined, depth: number): YamlTreeNode {
    const text = this.text;
    const code = text.charCodeAt(at);
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) return this.quotedNode(at, code, parent);
    if (code === OPEN_BRACKET || code === OPEN_BRACE) return this.flowCollection(at, parent, depth);
    if (code === ASTERISK) return this.alias(at, parent, depth);
    if (!isPlainStart(code, text.charCodeAt(at + 1))) giveUp();
    // `a: b: c` (a mapping in a compact value) is an error.
    if (this.plainBlockEnd(at) >= 0) giveUp();
    return this.plainNode(at, this.tokenEnd, parent);
  }

  /** The name of the anchor (`&name`) at `at` (tokenEnd: after it). Names are kept to the characters plain text uses for them. */
  private anchorName(at: number): string {
    const end = this.nameEnd(at + 1);
    if (!isSeparator(this.text.charCodeAt(end))) giveUp();
    return this.text.slice(at + 1, end);
  }

  /** The alias (`*name`) at `at`: the anchored node it stands for (tokenEnd: after it). */
  private alias(at: number, parent: YamlTreeNode | undefined, depth: number): YamlTreeNode {
    const end = this.nameEnd(at + 1);
    const next = this.text.charCodeAt(end);
    if (!isSeparator(next) && next !== COMMA && next !== CLOSE_BRACKET && next !== CLOSE_BRACE) giveUp();
    this.tokenEnd = end;
    return this.aliases.resolve(this.text.slice(at + 1, end), at, end - at, parent, depth);
  }

  private nameEnd(from: number): number {
    const text = this.text;
    let p = from;
    while (isNameChar(text.charCodeAt(p))) p++;
    if (p === from) giveUp();
    this.tokenEnd = p;
    return p;
  }

  /** A value whose anchor was opened before it was read: a collection fills its slot, a scalar is defined now. */
  private anchored(slot: AnchorSlot, anchor: string, value: YamlTreeNode): void {
    if (value.children) slot.node = value;
    else this.aliases.define(anchor, value);
  }

  private quotedNode(at: number, quote: number, parent: YamlTreeNode | undefined): YamlTreeNode {
    const value = quote === DOUBLE_QUOTE ? this.doubleQuoted(at) : this.singleQuoted(at);
    const node = new YamlTreeNode('string', at, this.tokenEnd - at, parent);
    node.value = value;
    return node;
  }

  private plainNode(start: number, end: number, parent: YamlTreeNode | undefined): YamlTreeNode {
    const raw = this.text.slice(start, end);
    const node = new YamlTreeNode('string', start, end - start, parent);
    const value = resolvePlain(raw);
    if (typeof value === 'string') {
      node.value = value;
    } else {
      node.type = value === null ? 'null' : typeof value === 'number' ? 'number' : 'boolean';
      node.value = value;
    }
    return node;
  }

  /**
   * Reads a plain scalar of block context from `at` to the end of its line: sets tokenEnd to its
   * end (trailing spaces left out) and returns the offset of a `:` that ends it as a key, or -1
   * when it runs to a line break or a comment.
   */
  private plainBlockEnd(at: number): number {
    const text = this.text;
    let end = at + 1;
    for (let p = at + 1; ; p++) {
      const code = text.charCodeAt(p);
      if (code === SPACE) continue;
      if (code === LF || code === CR || Number.isNaN(code)) break;
      if (code === HASH && text.charCodeAt(p - 1) === SPACE) break;
      if (code === COLON && isSeparator(text.charCodeAt(p + 1))) {
        this.tokenEnd = end;
        return p;
      }
      if (isUnusual(code)) giveUp();
      end = p + 1;
    }
    this.tokenEnd = end;
    return -1;
  }

  /** A one-line double-quoted scalar at `at`: its value (tokenEnd: after the closing quote). */
  private doubleQuoted(at: number): string {
    const text = this.text;
    let p = at + 1;
    let value = '';
    let chunkStart = p;
    for (;;) {
      const code = text.charCodeAt(p);
      if (code === DOUBLE_QUOTE) break;
      if (code === BACKSLASH) {
        value += text.slice(chunkStart, p);
        const escape = text.charCodeAt(p + 1);
        const simple = SIMPLE_ESCAPES[escape];
        if (simple !== undefined) {
          value += simple;
          p += 2;
        } else {
          const digits = escape === 120 /* x */ ? 2 : escape === 117 /* u */ ? 4 : escape === 85 /* U */ ? 8 : giveUp();
          const hex = text.slice(p + 2, p + 2 + digits);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) giveUp();
          const codePoint = parseInt(hex, 16);
          if (codePoint > 0x10ffff) giveUp();
          value += String.fromCodePoint(codePoint);
          p += 2 + digits;
        }
        chunkStart = p;
        continue;
      }
      if (isUnusual(code) || Number.isNaN(code)) giveUp();
      p++;
    }
    this.tokenEnd = p + 1;
    return chunkStart === at + 1 ? text.slice(chunkStart, p) : value + text.slice(chunkStart, p);
  }

  /** A one-line single-quoted scalar at `at`: its value (`''` is a quote; tokenEnd: after the closing quote). */
  private singleQuoted(at: number): string {
    const text = this.text;
    let p = at + 1;
    let value = '';
    let chunkStart = p;
    for (;;) {
      const code = text.charCodeAt(p);
      if (code === SINGLE_QUOTE) {
        if (text.charCodeAt(p + 1) !== SINGLE_QUOTE) break;
        value += text.slice(chunkStart, p + 1);
        p += 2;
        chunkStart = p;
        continue;
      }
      if (isUnusual(code) || Number.isNaN(code)) giveUp();
      p++;
    }
    this.tokenEnd = p + 1;
    return value + text.slice(chunkStart, p);
  }

  /** A flow collection that opens at `at` and closes on the same line, without comments (tokenEnd: after its bracket). */
  private flowCollection(at: number, parent: YamlTreeNode | undefined, depth: number): YamlTreeNode {
    if (depth > MAX_FAST_DEPTH) giveUp();
    const text = this.text;
    const isMapping = text.charCodeAt(at) === OPEN_BRACE;
    const close = isMapping ? CLOSE_BRACE : CLOSE_BRACKET;
    const node = new YamlTreeNode(isMapping ? 'object' : 'array', at, 0, parent);
    const children: YamlTreeNode[] = [];
    let seen: Set<string> | undefined;
    let p = skipSpaces(text, at + 1);
    if (text.charCodeAt(p) !== close) {
      for (;;) {
        if (isMapping) {
          const key = this.flowScalar(p, undefined, true);
          if (key.type !== 'string') {
            key.type = 'string';
            key.value = key.value === null ? '' : String(key.value);
          }
          const colon = skipSpaces(text, this.tokenEnd);
          if (text.charCodeAt(colon) !== COLON || text.charCodeAt(colon + 1) !== SPACE || colon - p > MAX_IMPLICIT_KEY) giveUp();
          if ((key.value as string) === '<<' && text.charCodeAt(p) !== DOUBLE_QUOTE && text.charCodeAt(p) !== SINGLE_QUOTE) giveUp();
          const property = new YamlTreeNode('property', key.offset, 0, node);
          key.parent = property;
          property.colonOffset = colon;
          const valueAt = skipSpaces(text, colon + 1);
          const value = this.flowNode(valueAt, property, depth + 1);
          property.length = this.tokenEnd - key.offset;
          property.children = [key, value];
          children.push(property);
          const name = key.value as string;
          if (children.length > 1 && isDuplicate(name, children, children.length > SMALL_MAP ? (seen ??= namesOf(children)) : undefined)) {
            this.errors.push(duplicateKeyError(key));
          }
        } else {
          children.push(this.flowNode(p, node, depth + 1));
        }
        p = skipSpaces(text, this.tokenEnd);
        const code = text.charCodeAt(p);
        if (code === close) break;
        if (code !== COMMA) giveUp();
        p = skipSpaces(text, p + 1);
        // A trailing comma is left to the full path.
        if (text.charCodeAt(p) === close) giveUp();
      }
    }
    this.tokenEnd = p + 1;
    node.length = p + 1 - at;
    node.children = children;
    return node;
  }

  /** A value inside a flow collection: a nested one, or a scalar. */
  private flowNode(at: number, parent: YamlTreeNode, depth: number): YamlTreeNode {
    const code = this.text.charCodeAt(at);
    if (code === OPEN_BRACKET || code === OPEN_BRACE) return this.flowCollection(at, parent, depth);
    if (code === ASTERISK) return this.alias(at, parent, depth);
    return this.flowScalar(at, parent, false);
  }

  /** A scalar inside a flow collection; a plain one ends at a flow indicator or at a `:` before a blank (tokenEnd: its end). */
  private flowScalar(at: number, parent: YamlTreeNode | undefined, isKey: boolean): YamlTreeNode {
    const text = this.text;
    const code = text.charCodeAt(at);
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) return this.quotedNode(at, code, parent);
    if (code === OPEN_BRACKET || code === OPEN_BRACE || !isPlainStart(code, text.charCodeAt(at + 1))) giveUp();
    let end = at + 1;
    for (let p = at + 1; ; p++) {
      const c = text.charCodeAt(p);
      if (c === SPACE) continue;
      if (c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE) break;
      if (c === COLON) {
        const next = text.charCodeAt(p + 1);
        if (next === SPACE || isFlowIndicator(next)) {
          // A key's `:`; in a sequence (`[a: b]`, a pair) it is left to the full path.
          if (!isKey) giveUp();
          break;
        }
      }
      if (c === LF || c === CR || c === HASH || c === OPEN_BRACKET || c === OPEN_BRACE || isUnusual(c) || Number.isNaN(c)) giveUp();
      end = p + 1;
    }
    this.tokenEnd = end;
    return this.plainNode(at, end, parent);
  }
}

/** Letters, digits, `-`, `_` and `.`: anchor names outside these are left to the full path. */
function isNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === DASH || code === 95 || code === DOT;
}

function isDocumentMarker(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return text.charCodeAt(at + 1) === code && text.charCodeAt(at + 2) === code && isSeparator(text.charCodeAt(at + 3));
}

function skipSpaces(text: string, at: number): number {
  let p = at;
  while (text.charCodeAt(p) === SPACE) p++;
  return p;
}

/** Whether the last of `properties` repeats an earlier key (with `seen`: the names so far, which it then joins). */
function isDuplicate(name: string, properties: YamlTreeNode[], seen: Set<string> | undefined): boolean {
  if (seen) {
    if (seen.has(name)) return true;
    seen.add(name);
    return false;
  }
  for (let i = properties.length - 2; i >= 0; i--) if (properties[i].children![0].value === name) return true;
  return false;
}

/** The names of every property but the last (the one being checked). */
function namesOf(properties: YamlTreeNode[]): Set<string> {
  const names = new Set<string>();
  for (let i = 0; i < properties.length - 1; i++) names.add(properties[i].children![0].value as string);
  return names;
}

/** Double-quoted escapes of one character, by the character after the backslash. */
const SIMPLE_ESCAPES: Record<number, string> = {
  48: '\0', // 0
  97: '\x07', // a
  98: '\b', // b
  116: '\t', // t
  110: '\n', // n
  118: '\v', // v
  102: '\f', // f
  114: '\r', // r
  101: '\x1b', // e
  32: ' ',
  34: '"',
  47: '/',
  92: '\\',
  78: '\x85', // N
  95: '\xa0', // _
  76: '\u2028', // L
  80: '\u2029', // P
};

/**
 * A plain scalar's value under the YAML 1.2 core schema, as the `yaml` package resolves it (its
 * tags tried in its order: null, bool, octal, decimal and hex int, then .inf/.nan, exponent and
 * fraction floats; anything else a string).
 */
function resolvePlain(raw: string): string | number | boolean | null {
  const first = raw.charCodeAt(0);
  switch (first) {
    case 126: // ~
    case 110: // n
    case 78: // N
      return raw === '~' || raw === 'null' || raw === 'Null' || raw === 'NULL' ? null : raw;
    case 116: // t
    case 84: // T
      return raw === 'true' || raw === 'True' || raw === 'TRUE' ? true : raw;
    case 102: // f
    case 70: // F
      return raw === 'false' || raw === 'False' || raw === 'FALSE' ? false : raw;
    default:
      if ((first >= 48 && first <= 57) || first === 43 /* + */ || first === DASH || first === DOT) return resolveNumber(raw);
      return raw;
  }
}

function resolveNumber(raw: string): string | number {
  if (/^0o[0-7]+$/.test(raw)) return parseInt(raw.substring(2), 8);
  if (/^[-+]?[0-9]+$/.test(raw)) return parseInt(raw, 10);
  if (/^0x[0-9a-fA-F]+$/.test(raw)) return parseInt(raw.substring(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(raw)) {
    return raw.slice(-3).toLowerCase() === 'nan' ? NaN : raw[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(raw)) return parseFloat(raw);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(raw)) return parseFloat(raw);
  return raw;
}
