// Writing a file the CLI owns (the suppressions file, the cache, the --output-file report): its
// folder made first, the text written to a temporary file beside it and renamed over it, so that a
// kill or a full disk leaves the previous file whole and a reader never sees half of one. (Documents
// are replaced by replaceFile.ts, which also checks that nobody changed them meanwhile.)
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeFileError } from './fileErrors';

/** Undefined when written; else why not (the previous file, if any, is as it was). */
export function writeFileAtomically(filePath: string, text: string): string | undefined {
  const temporary = path.join(
    path.dirname(filePath),
    `.${path.basename(filePath)}.${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    fs.mkdirSync(path.dirname(filePath), { recursive: true });
    fs.writeFileSync(temporary, text, { flag: 'wx', mode: 0o644 });
    fs.renameSync(temporary, filePath);
    return undefined;
  } catch (error) {
    try {
      fs.unlinkSync(temporary);
    } catch {
      // Never created, or already gone.
    }
    return describeFileError(error);
  }
}
