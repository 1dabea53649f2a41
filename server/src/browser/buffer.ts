// The browser build's global Buffer (scripts/build.mjs injects it), for the two things the shared
// code asks of Node's: a fresh copy of a string (checker/syntax/detachedString.ts, which keeps long-lived
// values from pinning a document's text) and a string's UTF-8 size (host/sizeLimit.ts). Nothing
// else of Buffer is available; the build check finds no other use in the browser bundles.

/** A copy of `text` sharing no storage with it: V8 keeps no view into the source of a parsed string. Lone surrogates survive (JSON escapes them). */
function copyOf(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** UTF-8 bytes of `text`, as Node counts them (a lone surrogate is written as U+FFFD: 3 bytes). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

function unsupported(encoding: string): never {
  throw new Error(`the browser build's Buffer supports no ${encoding} encoding here`);
}

export const BufferStandIn = {
  from(text: string, encoding: string): { toString(encoding: string): string } {
    if (encoding !== 'utf16le') unsupported(encoding);
    return { toString: (back: string) => (back === 'utf16le' ? copyOf(text) : unsupported(back)) };
  },
  byteLength(text: string, encoding: string): number {
    return encoding === 'utf8' ? utf8Length(text) : unsupported(encoding);
  },
};

export { BufferStandIn as Buffer };
