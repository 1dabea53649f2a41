// The editor's formatting options per document, as the client reports them (see
// FORMATTING_OPTIONS_NOTIFICATION). Anything malformed is ignored: the checker then infers the
// document's own indentation.
import type { FormattingOptionsParams } from '../../../shared/src/constants';
import type { FormattingOptions } from '../checker';

export function parseFormattingOptionsParams(params: unknown): { uri: string; options: FormattingOptions } | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const { uri, options } = params as Partial<FormattingOptionsParams>;
  if (typeof uri !== 'string' || !options || typeof options !== 'object') return undefined;
  const { tabSize, insertSpaces } = options;
  if (typeof tabSize !== 'number' || !Number.isInteger(tabSize) || tabSize < 1 || tabSize > 32) return undefined;
  if (typeof insertSpaces !== 'boolean') return undefined;
  return { uri, options: { tabSize, insertSpaces } };
}
