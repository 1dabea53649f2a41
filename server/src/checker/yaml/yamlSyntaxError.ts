// A problem found while reading YAML text: a syntax error from the `yaml` package, or one the tree
// builder reports (duplicate key, unresolved alias, bad merge source, alias expansion limit).
export interface YamlSyntaxError {
  offset: number;
  length: number;
  message: string;
  /** The `yaml` package's error code (e.g. BAD_INDENT), or the builder's own (e.g. DUPLICATE_KEY). */
  code: string;
}
