// Whether a file is an mcpdesc document: by its name, by an --include glob, or by its root member.
// The checker's isMcpdescDocument is the authority; the CLI adds its own name test so that YAML names
// are recognized even by a checker that does not know them yet, and --exclude wins over everything.
import picomatch from 'picomatch';
import { isMcpdescDocument } from '../checker';
import { hasMcpdescName } from './documentNames';

export interface RecognitionGlobs {
  include: string[];
  exclude: string[];
}

export class Recognizer {
  private readonly excluded: (path: string) => boolean;

  constructor(private readonly globs: RecognitionGlobs) {
    this.excluded = globs.exclude.length > 0 ? picomatch(globs.exclude, { dot: true }) : () => false;
  }

  /** `path` as recognitionPath() gives it. */
  isExcluded(path: string): boolean {
    return this.excluded(path);
  }

  /** Recognized without reading the file: an mcpdesc name or an --include glob. */
  byName(path: string): boolean {
    return !this.isExcluded(path) && (hasMcpdescName(path) || this.askChecker(path, ''));
  }

  /** Recognized by name, glob or the root `mcpdesc` member of `text`. */
  byContent(path: string, text: string): boolean {
    return this.byName(path) || this.askChecker(path, text);
  }

  private askChecker(path: string, text: string): boolean {
    try {
      return isMcpdescDocument({ path, text, include: this.globs.include, exclude: this.globs.exclude });
    } catch {
      return false; // text the checker cannot even sniff (e.g. a syntax it does not support) is not ours
    }
  }
}
