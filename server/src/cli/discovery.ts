// From the paths on the command line to the files to look at. Which of those are mcpdesc documents
// is decided later (recognition needs the content); here only the file system is consulted.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseGlob, toPosixPath } from './globPattern';
import { describeFileError } from './fileErrors';
import { walkFiles } from './walkFiles';

export interface Candidate {
  absolutePath: string;
  /** Named on the command line (checked whatever its name); found in a directory or by a glob otherwise. */
  explicit: boolean;
}

export interface Discovery {
  candidates: Candidate[];
  /** One message per argument or directory that could not be used; each makes the run exit 2. */
  problems: string[];
}

export function discoverCandidates(argumentsGiven: readonly string[], cwd: string): Discovery {
  const candidates: Candidate[] = [];
  const problems: string[] = [];
  const byRealPath = new Map<string, Candidate>();

  const add = (absolutePath: string, explicit: boolean): void => {
    const key = realPathOrSelf(absolutePath);
    const known = byRealPath.get(key);
    if (known) {
      known.explicit ||= explicit;
      return;
    }
    const candidate = { absolutePath, explicit };
    byRealPath.set(key, candidate);
    candidates.push(candidate);
  };
  const walk = (root: string): string[] =>
    walkFiles(root, ({ path: unreadable, error }) => problems.push(`${displayOf(unreadable, cwd)}: ${describeFileError(error)}`));

  for (const argument of argumentsGiven.length > 0 ? argumentsGiven : ['.']) {
    const absolutePath = path.resolve(cwd, argument);
    let stats: fs.Stats | undefined;
    try {
      stats = fs.statSync(absolutePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        problems.push(`${argument}: ${describeFileError(error as NodeJS.ErrnoException)}`);
        continue;
      }
    }
    if (stats?.isDirectory()) {
      for (const file of walk(absolutePath)) add(file, false);
    } else if (stats) {
      add(absolutePath, true);
    } else {
      let glob;
      try {
        glob = parseGlob(argument);
      } catch (error) {
        problems.push((error as Error).message);
        continue;
      }
      if (!glob) {
        problems.push(`${argument}: no such file or directory`);
        continue;
      }
      const base = path.resolve(cwd, glob.base);
      const matched = isDirectory(base)
        ? walk(base).filter((file) => glob.matches(toPosixPath(path.relative(base, file))))
        : [];
      if (matched.length === 0) problems.push(`No files match the pattern '${argument}'`);
      for (const file of matched) add(file, false);
    }
  }
  return { candidates, problems };
}

function realPathOrSelf(filePath: string): string {
  try {
    return fs.realpathSync(filePath);
  } catch {
    return filePath;
  }
}

function isDirectory(filePath: string): boolean {
  try {
    return fs.statSync(filePath).isDirectory();
  } catch {
    return false;
  }
}

function displayOf(filePath: string, cwd: string): string {
  return toPosixPath(path.relative(cwd, filePath)) || '.';
}
