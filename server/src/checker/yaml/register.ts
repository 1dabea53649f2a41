// Plugs the YAML adapter into the checker's syntax backends: YAML text to trees, and the YAML fix
// editor. Imported once for its effect by the checker's entry point.
import { backends } from '../check';
import type { ParsedDocument } from '../parse/jsonDocument';
import type { SyntaxNode } from '../tree';
import { parseYamlDocuments, type YamlParseOptions } from './parseYamlDocuments';
import { YamlEditor } from './yamlEditor';

/**
 * The roots of every non-empty document of the stream, and the syntax errors to report. Duplicate
 * keys are left out of those: the spec reads duplicates as JSON.parse does (the last one wins)
 * and reports nothing for them in JSON, so a YAML twin of a JSON document reports the same.
 */
export function parseYamlForCheck(text: string, options?: YamlParseOptions): ParsedDocument {
  const parsed = parseYamlDocuments(text, options);
  const roots = parsed.documents.map((document) => document.root).filter((root): root is SyntaxNode => root !== undefined);
  const syntaxErrors = parsed.errors
    .filter((error) => error.code !== 'DUPLICATE_KEY')
    .map(({ offset, length, message }) => ({ offset, length, message }));
  return { roots, syntaxErrors };
}

backends.yaml = { parse: (text) => parseYamlForCheck(text), editor: (text, formatting, deferReadBack) => new YamlEditor(text, formatting, deferReadBack) };
