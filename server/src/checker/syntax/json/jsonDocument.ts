// JSON and JSONC text to the position-annotated tree every check walks.
import { printParseErrorCode, type ParseError } from 'jsonc-parser';
import { buildJsonTree } from './jsonTree';
import type { ValueNode } from '../tree';

export interface SyntaxError {
  offset: number;
  length: number;
  message: string;
}

export interface ParsedDocument {
  /** One tree per document: JSON has one, a YAML stream may have several. */
  roots: ValueNode[];
  syntaxErrors: SyntaxError[];
  /**
   * Where the document of each root starts, markers (`---`) included, for a syntax whose text may
   * hold several documents; absent where each root is its own document's start.
   */
  documentOffsets?: number[];
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Invalid symbol',
  InvalidNumberFormat: 'Invalid number format',
  PropertyNameExpected: 'Property name expected',
  ValueExpected: 'Value expected',
  ColonExpected: 'Colon expected',
  CommaExpected: 'Comma expected',
  CloseBraceExpected: 'Closing brace expected',
  CloseBracketExpected: 'Closing bracket expected',
  EndOfFileExpected: 'End of file expected',
  InvalidCommentToken: 'Invalid comment token',
  UnexpectedEndOfComment: 'Unexpected end of comment',
  UnexpectedEndOfString: 'Unexpected end of string',
  UnexpectedEndOfNumber: 'Unexpected end of number',
  InvalidUnicode: 'Invalid unicode sequence in string',
  InvalidEscapeCharacter: 'Invalid escape character in string',
  InvalidCharacter: 'Invalid characters in string. Control characters must be escaped',
};

function describeParseError(error: ParseError): SyntaxError {
  const name = printParseErrorCode(error.error);
  return { offset: error.offset, length: error.length, message: SYNTAX_MESSAGES[name] ?? name };
}

export function parseJsonDocument(text: string): ParsedDocument {
  // A byte order mark is not JSON; blank it (same length, so every offset still points into `text`).
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  // What jsonc-parser's parseTree gives with { allowTrailingComma, comments allowed, allowEmptyContent }, faster.
  const { root, errors } = buildJsonTree(source);
  return { roots: root ? [root] : [], syntaxErrors: errors.map(describeParseError) };
}
