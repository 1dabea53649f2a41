// How the bytes of a file become the text both fronts check: UTF-8, decoded as an editor opens a
// file. VS Code (and the LSP clients that follow it) decode leniently: an invalid byte sequence is
// shown as U+FFFD and the rest of the file is there to be edited. The server sees exactly that text
// for an open document, so a file on disk is decoded the same way by the workspace scan and by the
// CLI; refusing the file would make the CLI disagree with the Problems panel about a file the user
// can see and fix. The one thing an editor would do next, save the U+FFFD back, the CLI's --fix
// does not: `lossy` tells it the text is not the file's bytes.
//
// The byte order mark is set aside: editors hide it, LSP positions do not count it, and --fix must
// write it back.
import { isUtf8 } from 'node:buffer';

export interface DecodedText {
  text: string;
  hasBom: boolean;
  /** Some bytes were not valid UTF-8 and were replaced by U+FFFD: the text does not round-trip. */
  lossy: boolean;
}

const BOM = 0xfeff;

export function decodeText(bytes: Buffer): DecodedText {
  const decoded = bytes.toString('utf8');
  const hasBom = decoded.charCodeAt(0) === BOM;
  return { text: hasBom ? decoded.slice(1) : decoded, hasBom, lossy: !isUtf8(bytes) };
}
