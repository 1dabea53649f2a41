// From the paths on the command line to the files to look at. Which of those are mcpdesc documents
// is decided later (recognition needs the content); here only the file system is consulted, through
// the host layer's walk (the server's, with its symlink policy).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeFileError, isInside, realPathOf, toPosixPath, walkFiles } from '../host';
import { parseGlob } from './globPattern';

export interface Candidate {
  absolutePath: string;
  /** Named on the command line (checked whatever its name); found in a directory or by a glob otherwise. */
  explicit: boolean;
  /**
   * The real path of the root the file was found under, which reading must not leave: the directory
   * argument, the glob's base, or for a file named on the command line the current directory when
   * the file is in it (else the file's own folder).
   */
  realRoot: string;
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

  const add = (absolutePath: string, explicit: boolean, realRoot: string): void => {
    const key = realPathOf(absolutePath);
    const known = byRealPath.get(key);
    if (known) {
      known.explicit ||= explicit;
      return;
    }
    const candidate = { absolutePath, explicit, realRoot };
    byRealPath.set(key, candidate);
    candidates.push(candidate);
  };
  const walk = (root: string): string[] =>
    walkFiles(root, {
      onProblem: (unreadable, error) => problems.push(`${displayOf(unreadable, cwd)}: ${describeFileError(error)}`),
    });

  for (const argument of argumentsGiven.length > 0 ? argumentsGiven : ['.']) {
    const absolutePath = path.resolve(cwd, argument);
    let stats: fs.Stats | undefined;
    try {
      stats = fs.statSync(absolutePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        problems.push(`${argument}: ${describeFileError(error)}`);
        continue;
      }
    }
    if (stats?.isDirectory()) {
      const realRoot = realPathOf(absolutePath);
      for (const file of walk(absolutePath)) add(file, false, realRoot);
    } else if (stats) {
      add(absolutePath, true, realPathOf(isInside(cwd, absolutePath) ? cwd : path.dirname(absolutePath)));
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
      const matched = isDirectory(base) ? walk(base).filter((file) => glob.matches(toPosixPath(path.relative(base, file)))) : [];
      if (matched.length === 0) problems.push(`No files match the pattern '${argument}'`);
      const realRoot = realPathOf(base);
      for (const file of matched) add(file, false, realRoot);
    }
  }
  return { candidates, problems };
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
