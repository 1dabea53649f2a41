// The editor's formatting options per document, as the client reports them (see
// FORMATTING_OPTIONS_NOTIFICATION). Anything malformed is ignored: the checker then infers the
// document's own indentation.
import type { FormattingOptionsParams } from '../../../shared/src/constants';
import { usableFormatting, type FormattingOptions } from '../checker';

export function parseFormattingOptionsParams(params: unknown): { uri: string; options: FormattingOptions } | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const { uri, options } = params as Partial<FormattingOptionsParams>;
  const usable = usableFormatting(options);
  if (typeof uri !== 'string' || !usable) return undefined;
  return { uri, options: usable };
}
