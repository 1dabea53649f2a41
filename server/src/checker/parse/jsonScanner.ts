// A JSON/JSONC scanner with jsonc-parser's contract (`createScanner`: the same tokens, offsets,
// lengths, values, scan errors and line numbers, held to it token by token by
// test/checker/jsonScanner.test.ts) that allocates only what a caller reads. jsonc-parser builds each
// token's value as it scans, a character at a time for whitespace and line breaks: on indented JSON
// that is most of the garbage a check makes (over half of the memory allocated while checking a
// workspace of 55 KB documents), and the collector's time with it. Here a value is a slice of the
// text taken when asked for, and only strings, whose value every caller reads, are decoded as they
// are scanned.
import type { JSONScanner, ScanError, SyntaxKind } from 'jsonc-parser';
import {
  BLOCK_COMMENT, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, EOF, FALSE, LINE_BREAK, LINE_COMMENT, NULL, NUMBER, OPEN_BRACE,
  OPEN_BRACKET, SCAN_OK, STRING, TRUE, UNKNOWN, WHITESPACE,
} from './tokenKinds';

const UNEXPECTED_END_OF_COMMENT: ScanError.UnexpectedEndOfComment = 1;
const UNEXPECTED_END_OF_STRING: ScanError.UnexpectedEndOfString = 2;
const UNEXPECTED_END_OF_NUMBER: ScanError.UnexpectedEndOfNumber = 3;
const INVALID_UNICODE: ScanError.InvalidUnicode = 4;
const INVALID_ESCAPE_CHARACTER: ScanError.InvalidEscapeCharacter = 5;
const INVALID_CHARACTER: ScanError.InvalidCharacter = 6;

const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const DOUBLE_QUOTE = 34;
const ASTERISK = 42;
const PLUS = 43;
const COMMA_CODE = 44;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const COLON_CODE = 58;
const UPPER_E = 69;
const OPEN_BRACKET_CODE = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET_CODE = 93;
const LOWER_E = 101;
const OPEN_BRACE_CODE = 123;
const CLOSE_BRACE_CODE = 125;

function isWhiteSpace(code: number): boolean {
  return code === SPACE || code === TAB;
}

function isLineBreak(code: number): boolean {
  return code === LINE_FEED || code === CARRIAGE_RETURN;
}

function isDigit(code: number): boolean {
  return code >= DIGIT_0 && code <= DIGIT_9;
}

/** Whether `code` continues a word (a keyword, or an unknown run of characters). */
function continuesWord(code: number): boolean {
  switch (code) {
    case SPACE:
    case TAB:
    case LINE_FEED:
    case CARRIAGE_RETURN:
    case CLOSE_BRACE_CODE:
    case CLOSE_BRACKET_CODE:
    case OPEN_BRACE_CODE:
    case OPEN_BRACKET_CODE:
    case DOUBLE_QUOTE:
    case COLON_CODE:
    case COMMA_CODE:
    case SLASH:
      return false;
  }
  return true;
}

/** A scanner over `text`; with `ignoreTrivia`, whitespace, line breaks and comments are passed over. */
export function createJsonScanner(text: string, ignoreTrivia = false): JSONScanner {
  return new JsonScanner(text, ignoreTrivia);
}

class JsonScanner implements JSONScanner {
  private readonly length: number;
  private pos = 0;
  private token: SyntaxKind = UNKNOWN;
  private tokenOffset = 0;
  private scanError: ScanError = SCAN_OK;
  /** A string token's decoded value. */
  private stringValue = '';
  /** Every other token's value is text.substring(valueStart, valueEnd). */
  private valueStart = 0;
  private valueEnd = 0;
  private lineNumber = 0;
  private tokenLineStartOffset = 0;
  private tokenStartLine = 0;
  private previousTokenLineStartOffset = 0;

  constructor(
    private readonly text: string,
    private readonly ignoreTrivia: boolean,
  ) {
    this.length = text.length;
  }

  setPosition(position: number): void {
    this.pos = position;
    this.tokenOffset = 0;
    this.token = UNKNOWN;
    this.scanError = SCAN_OK;
    this.valueStart = this.valueEnd = 0;
  }

  getPosition(): number {
    return this.pos;
  }

  scan(): SyntaxKind {
    if (!this.ignoreTrivia) return this.scanNext();
    let token: SyntaxKind;
    do token = this.scanNext();
    while (token >= LINE_COMMENT && token <= WHITESPACE);
    return token;
  }

  getToken(): SyntaxKind {
    return this.token;
  }

  getTokenValue(): string {
    return this.token === STRING ? this.stringValue : this.text.substring(this.valueStart, this.valueEnd);
  }

  getTokenOffset(): number {
    return this.tokenOffset;
  }

  getTokenLength(): number {
    return this.pos - this.tokenOffset;
  }

  getTokenStartLine(): number {
    return this.tokenStartLine;
  }

  getTokenStartCharacter(): number {
    return this.tokenOffset - this.previousTokenLineStartOffset;
  }

  getTokenError(): ScanError {
    return this.scanError;
  }

  private scanNext(): SyntaxKind {
    const text = this.text;
    const length = this.length;
    this.scanError = SCAN_OK;
    this.tokenStartLine = this.lineNumber;
    this.previousTokenLineStartOffset = this.tokenLineStartOffset;
    let pos = this.pos;
    this.tokenOffset = this.valueStart = this.valueEnd = pos;
    if (pos >= length) {
      this.tokenOffset = this.valueStart = this.valueEnd = length;
      return (this.token = EOF);
    }
    let code = text.charCodeAt(pos);
    if (isWhiteSpace(code)) {
      do code = text.charCodeAt(++pos);
      while (isWhiteSpace(code));
      this.pos = this.valueEnd = pos;
      return (this.token = WHITESPACE);
    }
    if (isLineBreak(code)) {
      pos++;
      if (code === CARRIAGE_RETURN && text.charCodeAt(pos) === LINE_FEED) pos++;
      this.lineNumber++;
      this.tokenLineStartOffset = this.pos = this.valueEnd = pos;
      return (this.token = LINE_BREAK);
    }
    switch (code) {
      case OPEN_BRACE_CODE:
        this.pos = pos + 1;
        return (this.token = OPEN_BRACE);
      case CLOSE_BRACE_CODE:
        this.pos = pos + 1;
        return (this.token = CLOSE_BRACE);
      case OPEN_BRACKET_CODE:
        this.pos = pos + 1;
        return (this.token = OPEN_BRACKET);
      case CLOSE_BRACKET_CODE:
        this.pos = pos + 1;
        return (this.token = CLOSE_BRACKET);
      case COLON_CODE:
        this.pos = pos + 1;
        return (this.token = COLON);
      case COMMA_CODE:
        this.pos = pos + 1;
        return (this.token = COMMA);
      case DOUBLE_QUOTE:
        this.pos = pos + 1;
        this.stringValue = this.scanString();
        return (this.token = STRING);
      case SLASH:
        return this.scanSlash();
      case MINUS:
        if (pos + 1 === length || !isDigit(text.charCodeAt(pos + 1))) {
          this.pos = this.valueEnd = pos + 1;
          return (this.token = UNKNOWN);
        }
        this.pos = pos + 1;
        this.valueEnd = this.scanNumber();
        return (this.token = NUMBER);
    }
    if (isDigit(code)) {
      this.valueEnd = this.scanNumber();
      return (this.token = NUMBER);
    }
    // A keyword, or a run of characters no token starts with (one at the least).
    do pos++;
    while (pos < length && continuesWord(text.charCodeAt(pos)));
    this.pos = this.valueEnd = pos;
    return (this.token = this.keywordAt(this.tokenOffset, pos - this.tokenOffset));
  }

  private keywordAt(offset: number, wordLength: number): SyntaxKind {
    const text = this.text;
    if (wordLength === 4) {
      if (text.startsWith('true', offset)) return TRUE;
      if (text.startsWith('null', offset)) return NULL;
    } else if (wordLength === 5 && text.startsWith('false', offset)) {
      return FALSE;
    }
    return UNKNOWN;
  }

  /** From the current position (a digit): where the number's value ends; the token may go further. */
  private scanNumber(): number {
    const text = this.text;
    const length = this.length;
    let pos = this.pos;
    if (text.charCodeAt(pos) === DIGIT_0) pos++;
    else {
      pos++;
      while (pos < length && isDigit(text.charCodeAt(pos))) pos++;
    }
    if (pos < length && text.charCodeAt(pos) === DOT) {
      pos++;
      if (!(pos < length && isDigit(text.charCodeAt(pos)))) {
        this.scanError = UNEXPECTED_END_OF_NUMBER;
        return (this.pos = pos);
      }
      pos++;
      while (pos < length && isDigit(text.charCodeAt(pos))) pos++;
    }
    let end = pos;
    const exponent = text.charCodeAt(pos);
    if (pos < length && (exponent === UPPER_E || exponent === LOWER_E)) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === PLUS || sign === MINUS) pos++;
      if (pos < length && isDigit(text.charCodeAt(pos))) {
        pos++;
        while (pos < length && isDigit(text.charCodeAt(pos))) pos++;
        end = pos;
      } else {
        this.scanError = UNEXPECTED_END_OF_NUMBER;
      }
    }
    this.pos = pos;
    return end;
  }

  /** From just after the opening quote: the decoded value; ends after the closing quote, or where the string breaks off. */
  private scanString(): string {
    const text = this.text;
    const length = this.length;
    let pos = this.pos;
    let start = pos;
    let result = '';
    for (;;) {
      if (pos >= length) {
        result += text.substring(start, pos);
        this.scanError = UNEXPECTED_END_OF_STRING;
        break;
      }
      const code = text.charCodeAt(pos);
      if (code === DOUBLE_QUOTE) {
        result += text.substring(start, pos);
        pos++;
        break;
      }
      if (code === BACKSLASH) {
        result += text.substring(start, pos);
        pos++;
        if (pos >= length) {
          this.scanError = UNEXPECTED_END_OF_STRING;
          break;
        }
        const escaped = text.charCodeAt(pos++);
        switch (escaped) {
          case DOUBLE_QUOTE:
            result += '"';
            break;
          case BACKSLASH:
            result += '\\';
            break;
          case SLASH:
            result += '/';
            break;
          case 98: // b
            result += '\b';
            break;
          case 102: // f
            result += '\f';
            break;
          case 110: // n
            result += '\n';
            break;
          case 114: // r
            result += '\r';
            break;
          case 116: // t
            result += '\t';
            break;
          case 117: {
            // u: exactly four hex digits, or an error (and the digits there were are kept out of the value)
            let unit = 0;
            let digits = 0;
            for (; digits < 4; digits++) {
              const hex = text.charCodeAt(pos);
              const digit = hex >= 48 && hex <= 57 ? hex - 48 : hex >= 65 && hex <= 70 ? hex - 55 : hex >= 97 && hex <= 102 ? hex - 87 : -1;
              if (digit < 0) break;
              unit = unit * 16 + digit;
              pos++;
            }
            if (digits === 4) result += String.fromCharCode(unit);
            else this.scanError = INVALID_UNICODE;
            break;
          }
          default:
            this.scanError = INVALID_ESCAPE_CHARACTER;
        }
        start = pos;
        continue;
      }
      if (code <= 0x1f) {
        if (isLineBreak(code)) {
          result += text.substring(start, pos);
          this.scanError = UNEXPECTED_END_OF_STRING;
          break;
        }
        // A control character is an error, and the string goes on.
        this.scanError = INVALID_CHARACTER;
      }
      pos++;
    }
    this.pos = pos;
    return result;
  }

  /** At a slash: a line comment, a block comment, or an unknown character. */
  private scanSlash(): SyntaxKind {
    const text = this.text;
    const length = this.length;
    let pos = this.pos;
    // jsonc-parser's value of a comment starts one character before the comment (at its start, the comment).
    this.valueStart = pos - 1;
    const second = text.charCodeAt(pos + 1);
    if (second === SLASH) {
      pos += 2;
      while (pos < length && !isLineBreak(text.charCodeAt(pos))) pos++;
      this.pos = this.valueEnd = pos;
      return (this.token = LINE_COMMENT);
    }
    if (second === ASTERISK) {
      pos += 2;
      let closed = false;
      while (pos < length - 1) {
        const code = text.charCodeAt(pos);
        if (code === ASTERISK && text.charCodeAt(pos + 1) === SLASH) {
          pos += 2;
          closed = true;
          break;
        }
        pos++;
        if (isLineBreak(code)) {
          if (code === CARRIAGE_RETURN && text.charCodeAt(pos) === LINE_FEED) pos++;
          this.lineNumber++;
          this.tokenLineStartOffset = pos;
        }
      }
      if (!closed) {
        // As jsonc-parser: one past where the scan stopped, which may be one past the text.
        pos++;
        this.scanError = UNEXPECTED_END_OF_COMMENT;
      }
      this.pos = this.valueEnd = pos;
      return (this.token = BLOCK_COMMENT);
    }
    this.valueStart = pos;
    this.pos = this.valueEnd = pos + 1;
    return (this.token = UNKNOWN);
  }
}
