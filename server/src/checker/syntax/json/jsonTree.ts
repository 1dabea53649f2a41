// The JSON/JSONC tree every check walks, built from the tokens of jsonc-parser's own scanner
// (`createScanner`, as vscode-json-languageservice builds its tree). It yields exactly what
// jsonc-parser's `parseTree` yields with { allowTrailingComma: true, disallowComments: false,
// allowEmptyContent: true } (same nodes, same errors in the same order, same recovery from broken
// input; test/checker/jsonTree.test.ts holds the two side by side), in less time: parseTree goes
// through the generic visitor (a callback per token, JSON paths, fresh skip lists per error) and
// then tracks its position in the tree; here the recursion is the position. Like parseTree it
// recurses for each level of nesting, so absurd nesting ends in the engine's RangeError, which the
// check reports as "nested too deeply".
import { createScanner, ParseErrorCode, ScanError, SyntaxKind, type JSONScanner, type ParseError } from 'jsonc-parser';
import {
  booleanNode,
  BuiltArray,
  BuiltObject,
  BuiltProperty,
  nullNode,
  numberNode,
  stringNode,
  type BuiltString,
  type ParentNode,
  type PropertyNode,
  type ValueNode,
} from '../treeNodes';

// jsonc-parser's enums read once into constants: the bundler does not inline another package's
// const enums, and these are compared for every token.
const OPEN_BRACE = SyntaxKind.OpenBraceToken;
const CLOSE_BRACE = SyntaxKind.CloseBraceToken;
const OPEN_BRACKET = SyntaxKind.OpenBracketToken;
const CLOSE_BRACKET = SyntaxKind.CloseBracketToken;
const COMMA = SyntaxKind.CommaToken;
const COLON = SyntaxKind.ColonToken;
const NULL = SyntaxKind.NullKeyword;
const TRUE = SyntaxKind.TrueKeyword;
const FALSE = SyntaxKind.FalseKeyword;
const STRING = SyntaxKind.StringLiteral;
const NUMBER = SyntaxKind.NumericLiteral;
const UNKNOWN = SyntaxKind.Unknown;
const EOF = SyntaxKind.EOF;
const SCAN_OK = ScanError.None;

export interface JsonTree {
  root: ValueNode | undefined;
  errors: ParseError[];
}

/** The parse error a scan error is reported as (parseTree's mapping). */
function scanErrorCode(error: ScanError): ParseErrorCode {
  switch (error) {
    case ScanError.UnexpectedEndOfComment:
      return ParseErrorCode.UnexpectedEndOfComment;
    case ScanError.UnexpectedEndOfString:
      return ParseErrorCode.UnexpectedEndOfString;
    case ScanError.UnexpectedEndOfNumber:
      return ParseErrorCode.UnexpectedEndOfNumber;
    case ScanError.InvalidUnicode:
      return ParseErrorCode.InvalidUnicode;
    case ScanError.InvalidEscapeCharacter:
      return ParseErrorCode.InvalidEscapeCharacter;
    default:
      return ParseErrorCode.InvalidCharacter;
  }
}

/**
 * Sets `scanner` (over `text`) past the spaces, tabs and line breaks at its position, and returns
 * where it now is. jsonc-parser's scanner builds the value of every run of whitespace a character
 * at a time, also when it passes trivia over: on indented JSON, that was half of what a workspace
 * scan allocated. Those characters are exactly its whitespace and line-break trivia, which carry
 * no errors, so the tokens that follow are the ones it would have given; only its line counts
 * (unused here) miss the lines stepped over.
 */
export function stepOverWhitespace(scanner: JSONScanner, text: string): number {
  let position = scanner.getPosition();
  let code = text.charCodeAt(position);
  if (code === 32 || code === 10 || code === 13 || code === 9) {
    do code = text.charCodeAt(++position);
    while (code === 32 || code === 10 || code === 13 || code === 9);
    scanner.setPosition(position);
  }
  return position;
}

export function buildJsonTree(text: string): JsonTree {
  return new TreeBuilder(text).build();
}

class TreeBuilder {
  private readonly scanner: JSONScanner;
  /** The current significant token (trivia, comments and unknown symbols are never current). */
  private token: SyntaxKind = EOF;
  readonly errors: ParseError[] = [];
  /**
   * The properties of every open object and the items of every open array, innermost last; each
   * takes its own off the top when it closes. Their arrays then have exactly their length: arrays
   * grown by push carry room for 17 or more, and a large document's tree is mostly such arrays.
   */
  private readonly propertyStack: PropertyNode[] = [];
  private pendingProperties = 0;
  private readonly itemStack: ValueNode[] = [];
  private pendingItems = 0;

  constructor(private readonly text: string) {
    // Comments are passed over by the scanner, whitespace by `next` (see there).
    this.scanner = createScanner(text, true);
  }

  build(): JsonTree {
    this.next();
    // allowEmptyContent: nothing but trivia and comments is no document and no error.
    if (this.token === EOF) return { root: undefined, errors: this.errors };
    const root = this.value(undefined);
    if (!root) {
      this.report(ParseErrorCode.ValueExpected);
      return { root: undefined, errors: this.errors };
    }
    // Only the first token after the value is looked at (and scanned): one error, the rest ignored.
    if ((this.token as SyntaxKind) !== EOF) this.report(ParseErrorCode.EndOfFileExpected);
    return { root, errors: this.errors };
  }

  /**
   * Moves to the next significant token. Errors come in jsonc-parser's order: a token's scan error
   * before anything about the token itself; comments are allowed; unknown symbols are reported and
   * passed over. Only strings, numbers and block comments ever carry a scan error.
   */
  private next(): void {
    const scanner = this.scanner;
    const text = this.text;
    for (;;) {
      const position = stepOverWhitespace(scanner, text);
      const token = scanner.scan();
      if (token === STRING || token === NUMBER) {
        const scanError = scanner.getTokenError();
        if (scanError !== SCAN_OK) this.report(scanErrorCode(scanError));
      } else if (token === UNKNOWN) {
        this.report(ParseErrorCode.InvalidSymbol);
        continue;
      } else if (token === EOF && position < text.length) {
        this.reportUnterminatedComment(position);
      }
      this.token = token;
      return;
    }
  }

  /**
   * Only trivia lay between `from` and the end, and the scanner passed it over with its errors. The
   * one error trivia can carry is a block comment's that runs to the end of the text: it comes last,
   * and parseTree reports it before anything about the end. Rare, and short: what follows the last
   * token, scanned again with its trivia.
   */
  private reportUnterminatedComment(from: number): void {
    const trivia = createScanner(this.text, false);
    trivia.setPosition(from);
    for (let token = trivia.scan(); token !== EOF; token = trivia.scan()) {
      const error = trivia.getTokenError();
      if (error !== SCAN_OK) this.reportAt(scanErrorCode(error), trivia.getTokenOffset(), trivia.getTokenLength());
    }
  }

  /** An error on the current token. */
  private report(code: ParseErrorCode): void {
    this.reportAt(code, this.scanner.getTokenOffset(), this.scanner.getTokenLength());
  }

  private reportAt(code: ParseErrorCode, offset: number, length: number): void {
    this.errors.push({ error: code, offset, length });
  }

  /** An error on the current token, then on to the first `stopA`, `stopB` or the end (not past it). */
  private reportAndSkip(code: ParseErrorCode, stopA: SyntaxKind, stopB: SyntaxKind): void {
    this.report(code);
    while (this.token !== EOF && this.token !== stopA && this.token !== stopB) this.next();
  }

  /**
   * The value at the current token, or undefined (nothing consumed) when the token starts none.
   * Objects and arrays make this same choice inline for their members and elements, so that each
   * level of nesting costs one stack frame (theirs) and the builder runs out of stack at about the
   * depth parseTree does (which spends two or three smaller ones).
   */
  private value(parent: ParentNode | undefined): ValueNode | undefined {
    if (this.token === OPEN_BRACE) return this.object(parent);
    if (this.token === OPEN_BRACKET) return this.array(parent);
    return this.literal(parent);
  }

  /** A string, number, boolean or null at the current token, or undefined (nothing consumed). */
  private literal(parent: ParentNode | undefined): ValueNode | undefined {
    const scanner = this.scanner;
    let node: ValueNode;
    switch (this.token) {
      case STRING:
        node = stringNode(scanner.getTokenValue(), scanner.getTokenOffset(), scanner.getTokenLength(), parent);
        break;
      case NUMBER: {
        let value = Number(scanner.getTokenValue());
        if (isNaN(value)) {
          this.report(ParseErrorCode.InvalidNumberFormat);
          value = 0;
        }
        node = numberNode(value, scanner.getTokenOffset(), scanner.getTokenLength(), parent);
        break;
      }
      case TRUE:
        node = booleanNode(true, scanner.getTokenOffset(), scanner.getTokenLength(), parent);
        break;
      case FALSE:
        node = booleanNode(false, scanner.getTokenOffset(), scanner.getTokenLength(), parent);
        break;
      case NULL:
        node = nullNode(scanner.getTokenOffset(), scanner.getTokenLength(), parent);
        break;
      default:
        return undefined;
    }
    this.next();
    return node;
  }

  private array(parent: ParentNode | undefined): BuiltArray {
    const scanner = this.scanner;
    const node = new BuiltArray(scanner.getTokenOffset(), parent);
    const first = this.pendingItems;
    this.next();
    let needsComma = false;
    while (this.token !== CLOSE_BRACKET && this.token !== EOF) {
      if (this.token === COMMA) {
        if (!needsComma) this.report(ParseErrorCode.ValueExpected);
        this.next();
        if ((this.token as SyntaxKind) === CLOSE_BRACKET) break; // a trailing comma is allowed
      } else if (needsComma) {
        this.report(ParseErrorCode.CommaExpected);
      }
      // The value, inlined (see `value`).
      const token = this.token;
      const element = token === OPEN_BRACE ? this.object(node) : token === OPEN_BRACKET ? this.array(node) : this.literal(node);
      if (element) this.itemStack[this.pendingItems++] = element;
      else this.reportAndSkip(ParseErrorCode.ValueExpected, CLOSE_BRACKET, COMMA);
      needsComma = true;
    }
    node.items = this.itemStack.slice(first, this.pendingItems);
    this.pendingItems = first;
    // The array ends with its bracket, or with the text when the bracket never comes.
    node.length = scanner.getTokenOffset() + scanner.getTokenLength() - node.offset;
    if (this.token === CLOSE_BRACKET) this.next();
    else this.report(ParseErrorCode.CloseBracketExpected);
    return node;
  }

  private object(parent: ParentNode | undefined): BuiltObject {
    const scanner = this.scanner;
    const node = new BuiltObject(scanner.getTokenOffset(), parent);
    const first = this.pendingProperties;
    this.next();
    let needsComma = false;
    while (this.token !== CLOSE_BRACE && this.token !== EOF) {
      if (this.token === COMMA) {
        if (!needsComma) this.report(ParseErrorCode.ValueExpected);
        this.next();
        if ((this.token as SyntaxKind) === CLOSE_BRACE) break; // a trailing comma is allowed
      } else if (needsComma) {
        this.report(ParseErrorCode.CommaExpected);
      }
      needsComma = true;
      // One member; its value chosen inline (see `value`).
      if (this.token !== STRING) {
        this.reportAndSkip(ParseErrorCode.PropertyNameExpected, CLOSE_BRACE, COMMA);
        this.report(ParseErrorCode.ValueExpected);
        continue;
      }
      const property = this.propertyName(node);
      if (property.colonOffset !== undefined) {
        const token = this.token as SyntaxKind;
        const value =
          token === OPEN_BRACE ? this.object(property) : token === OPEN_BRACKET ? this.array(property) : this.literal(property);
        if (value) {
          property.value = value;
          property.length = value.offset + value.length - property.offset;
          continue;
        }
        this.reportAndSkip(ParseErrorCode.ValueExpected, CLOSE_BRACE, COMMA);
      } else {
        this.reportAndSkip(ParseErrorCode.ColonExpected, CLOSE_BRACE, COMMA);
      }
      this.propertyWithoutValue(property);
    }
    node.properties = this.propertyStack.slice(first, this.pendingProperties);
    this.pendingProperties = first;
    // The object ends with its brace, or with the text when the brace never comes.
    node.length = scanner.getTokenOffset() + scanner.getTokenLength() - node.offset;
    if (this.token === CLOSE_BRACE) this.next();
    else this.report(ParseErrorCode.CloseBraceExpected);
    return node;
  }

  /**
   * The member of `object` whose name is the current token: its new property node, which has
   * `colonOffset` only when a colon follows, which is then consumed too; its value is set once it
   * is known whether one comes.
   */
  private propertyName(object: BuiltObject): BuiltProperty {
    const scanner = this.scanner;
    const value = scanner.getTokenValue();
    const offset = scanner.getTokenOffset();
    const length = scanner.getTokenLength();
    this.next();
    const name: BuiltString = stringNode(value, offset, length, undefined);
    const colonOffset = (this.token as SyntaxKind) === COLON ? scanner.getTokenOffset() : undefined;
    const property = new BuiltProperty(name, offset, object, colonOffset);
    name.parent = property;
    this.propertyStack[this.pendingProperties++] = property;
    if (colonOffset !== undefined) this.next();
    return property;
  }

  /**
   * A member that got no value ends where the skip stopped: before a comma, or with the object's
   * closing brace (or the end of the text) included, as parseTree closes it.
   */
  private propertyWithoutValue(property: BuiltProperty): void {
    const stop = this.scanner.getTokenOffset();
    property.length = ((this.token as SyntaxKind) === COMMA ? stop : stop + this.scanner.getTokenLength()) - property.offset;
  }
}
