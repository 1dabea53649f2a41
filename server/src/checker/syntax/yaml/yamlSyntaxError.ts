// A problem found while reading YAML text: a syntax error from the `yaml` package, or one the tree
// builder reports (duplicate key, unresolved alias, bad merge source, alias expansion limit).
import { MAX_NESTING_DEPTH } from './yamlNestingGuard';

export interface YamlSyntaxError {
  offset: number;
  length: number;
  message: string;
  /** The `yaml` package's error code (e.g. BAD_INDENT), or the builder's own (e.g. DUPLICATE_KEY). */
  code: string;
}

/** A key that repeats an earlier one of its mapping (both YAML readers report it in these words). */
export function duplicateKeyError(key: { offset: number; length: number; value: unknown }): YamlSyntaxError {
  return {
    offset: key.offset,
    length: key.length,
    message: `Map keys must be unique: '${String(key.value)}' appears more than once (the last one is used)`,
    code: 'DUPLICATE_KEY',
  };
}

/** Collections nested too deep to read: the text is not checked (yamlNestingGuard.ts). */
export function tooDeep(offset: number): YamlSyntaxError {
  const message = `YAML collections nested deeper than ${MAX_NESTING_DEPTH} levels are not supported; the text is not checked`;
  return { offset, length: 0, message, code: 'NESTING_TOO_DEEP' };
}

export function sortedByOffset(errors: YamlSyntaxError[]): YamlSyntaxError[] {
  return errors.sort((a, b) => a.offset - b.offset);
}

/**
 * `offset`, moved off the middle of a CRLF (back to the end of its line: a position between \r and
 * \n is past the line's length) and off the middle of a surrogate pair (in `direction`). The yaml
 * package reports some errors one code unit into either.
 */
export function characterBoundary(text: string, offset: number, direction: -1 | 1): number {
  if (text.charCodeAt(offset - 1) === 13 && text.charCodeAt(offset) === 10) return offset - 1;
  const before = text.charCodeAt(offset - 1);
  const at = text.charCodeAt(offset);
  if (before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff) return direction < 0 ? offset - 1 : offset + 1;
  return offset;
}
