// A problem found while reading YAML text: a syntax error from the `yaml` package, or one the tree
// builder reports (duplicate key, unresolved alias, bad merge source, alias expansion limit).
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
