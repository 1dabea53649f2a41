// Appending to a file another program reads after this step (GitHub's GITHUB_STEP_SUMMARY: each step
// appends its Markdown, the runner reads the file when the step ends).
import * as fs from 'node:fs';
import { describeFileError } from '../host';

/** Undefined when appended; else why not. */
export function appendToFile(filePath: string, text: string): string | undefined {
  try {
    fs.appendFileSync(filePath, text);
    return undefined;
  } catch (error) {
    return describeFileError(error);
  }
}
