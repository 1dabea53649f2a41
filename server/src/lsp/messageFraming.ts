// The LSP base protocol's framing (header lines `Name: value` ended by CRLF, an empty line, then
// Content-Length bytes of body), checked on the raw input before vscode-jsonrpc's reader sees it.
// That reader is lenient in ways that wedge the server: a missing, non-numeric or negative length
// fires an error nobody listens to, and bytes without CRLF CRLF (LF-only headers, random bytes, the
// tail of a body whose length was given too short) are buffered forever, so the process stays alive
// and never answers. This check is stricter than the reader (everything it accepts, the reader frames
// the same way), knows the first byte that breaks the grammar, and bounds what one message may make
// the server buffer. The caller decides what a framing error does (see exitOnFramingError).

/**
 * The largest body accepted. VS Code never syncs a document over 50 MiB of text to extensions, and a
 * didOpen carries that text JSON-escaped (quotes and line breaks take two bytes, non-ASCII up to
 * three), so a real client's largest message stays well under twice that; anything bigger is a
 * broken or hostile header, and the reader would buffer every byte of it before parsing.
 */
export const MAX_MESSAGE_BYTES = 128 * 1024 * 1024;

/** Real headers are two short lines; this bounds what a stream that never ends its headers costs. */
const MAX_HEADER_BYTES = 8 * 1024;

const CR = 0x0d;
const LF = 0x0a;
const COLON = 0x3a;

/** RFC 9110 token characters: what a header name is made of. */
function isTokenByte(byte: number): boolean {
  if (byte >= 0x30 && byte <= 0x39) return true; // 0-9
  if ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) return true; // A-Z a-z
  return "!#$%&'*+-.^_`|~".includes(String.fromCharCode(byte));
}

/** A header value: visible ASCII, spaces and tabs. */
function isValueByte(byte: number): boolean {
  return byte === 0x09 || (byte >= 0x20 && byte < 0x7f);
}

function describeByte(byte: number): string {
  return byte >= 0x20 && byte < 0x7f ? `"${String.fromCharCode(byte)}"` : `0x${byte.toString(16).padStart(2, '0')}`;
}

type Phase = 'name' | 'value' | 'lineEnd' | 'body';

export class FramingCheck {
  private phase: Phase = 'name';
  /** The bytes of the header line being read (bounded by MAX_HEADER_BYTES). */
  private line: number[] = [];
  private headerBytes = 0;
  private contentLength: number | undefined;
  private bodyLeft = 0;
  /** Offset in the whole stream of the next byte, for the error message. */
  private offset = 0;
  private failure: string | undefined;

  /** The framing error, once there is one; after it, nothing else is looked at. */
  get error(): string | undefined {
    return this.failure;
  }

  /** Feeds the next bytes of the stream; returns the framing error they contain, if any. */
  push(chunk: Uint8Array): string | undefined {
    let index = 0;
    while (index < chunk.length && !this.failure) {
      if (this.phase === 'body') {
        const taken = Math.min(this.bodyLeft, chunk.length - index);
        this.bodyLeft -= taken;
        index += taken;
        this.offset += taken;
        if (this.bodyLeft === 0) this.startMessage();
        continue;
      }
      this.headerByte(chunk[index]);
      index++;
      this.offset++;
    }
    return this.failure;
  }

  private startMessage(): void {
    this.phase = 'name';
    this.line = [];
    this.headerBytes = 0;
    this.contentLength = undefined;
  }

  private fail(message: string): void {
    this.failure = `${message} (at byte ${this.offset} of the input)`;
  }

  private headerByte(byte: number): void {
    if (++this.headerBytes > MAX_HEADER_BYTES) return this.fail(`the message header is longer than ${MAX_HEADER_BYTES} bytes`);
    switch (this.phase) {
      case 'name':
        if (byte === CR && this.line.length === 0) {
          this.phase = 'lineEnd';
        } else if (byte === COLON && this.line.length > 0) {
          this.line.push(byte);
          this.phase = 'value';
        } else if (isTokenByte(byte)) {
          this.line.push(byte);
        } else if (byte === LF) {
          this.fail('a header line ends in LF without CR (header lines end in CRLF)');
        } else {
          this.fail(`expected a message header ("Content-Length: N"), got ${describeByte(byte)}`);
        }
        return;
      case 'value':
        if (byte === CR) {
          this.phase = 'lineEnd';
        } else if (isValueByte(byte)) {
          this.line.push(byte);
        } else if (byte === LF) {
          this.fail('a header line ends in LF without CR (header lines end in CRLF)');
        } else {
          this.fail(`a message header value contains ${describeByte(byte)}`);
        }
        return;
      case 'lineEnd':
        if (byte !== LF) return this.fail(`a header line has CR without LF, then ${describeByte(byte)}`);
        this.endLine();
        return;
    }
  }

  /** A header line (or the empty line that ends the headers) is complete. */
  private endLine(): void {
    const line = String.fromCharCode(...this.line);
    this.line = [];
    this.phase = 'name';
    if (line.length === 0) return this.endHeaders();
    const colon = line.indexOf(':');
    if (line.slice(0, colon).toLowerCase() !== 'content-length') return;
    const value = line.slice(colon + 1).trim();
    if (this.contentLength !== undefined) return this.fail('the message header has Content-Length twice');
    if (!/^[0-9]{1,12}$/.test(value)) return this.fail(`Content-Length "${value.slice(0, 40)}" is not a byte count`);
    const length = Number(value);
    if (length > MAX_MESSAGE_BYTES)
      return this.fail(`Content-Length ${length} is over the limit of ${MAX_MESSAGE_BYTES} bytes per message`);
    this.contentLength = length;
  }

  private endHeaders(): void {
    if (this.contentLength === undefined) return this.fail('the message header has no Content-Length');
    this.bodyLeft = this.contentLength;
    this.phase = 'body';
    if (this.bodyLeft === 0) this.startMessage();
  }
}

/**
 * Checks the framing of everything `input` delivers, ahead of every other reader of the stream
 * (the check's listener goes first, so a caller that ends the process on the error does so before
 * vscode-jsonrpc's reader sees the broken bytes).
 */
export function checkFramingOf(input: NodeJS.ReadableStream, onError: (error: string) => void): void {
  const check = new FramingCheck();
  input.prependListener('data', (chunk: Buffer | string) => {
    if (check.error) return;
    const error = check.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    if (error) onError(error);
  });
}
