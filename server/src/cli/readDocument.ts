// Writes a fixed document back: the byte order mark it was read with (see host/textDecoding) is
// written back too. Reading is the host layer's (server/src/host/readFile.ts).
import * as fs from 'node:fs';
import { describeFileError } from '../host';

const BOM = '\uFEFF';

export function writeDocument(absolutePath: string, text: string, hasBom: boolean): string | undefined {
  try {
    fs.writeFileSync(absolutePath, hasBom ? BOM + text : text);
    return undefined;
  } catch (error) {
    return describeFileError(error);
  }
}
