// YAML as the checker reads it: the `yaml` package's parser builds the tree (yaml/) and its lexer
// finds the comments, the fixes edit with YamlEditor, and an edit inside one tool of a block
// sequence re-parses that tool's lines alone when they read alone as they do in place
// (incrementalYaml.ts says when).
import { growYamlAncestorsAndShiftFollowers, reparseYamlTool, yamlAllowsToolEdits } from './yaml/incrementalYaml';
import type { SyntaxNode, ValueNode } from './tree';
import { parseYamlDocuments, type YamlParseOptions } from './yaml/parseYamlDocuments';
import { yamlComments, yamlLineSpanningTokens } from './yaml/yamlComments';
import { YamlEditor } from './yaml/yamlEditor';
import { isYamlMcpdescText } from './yaml/yamlMcpdescSniff';
import type { ParsedDocument } from './json/jsonDocument';
import type { Syntax } from './syntax';

export const yamlSyntax: Syntax = {
  parse: (text) => parseYamlForCheck(text),
  editor: (text, formatting, readBack) => new YamlEditor(text, formatting, readBack),
  hasMcpdescRoot: isYamlMcpdescText,
  allowsToolEdits: yamlAllowsToolEdits,
  // A YAML tool owns its lines up to the next `- `, so an edit at the end of its last value is its own.
  toolHolding: (elements, change) => lastStartingBefore(elements, change.offset + 1),
  reparseTool: reparseYamlTool,
  placeTool: (replacement, delta, change, owed) => growYamlAncestorsAndShiftFollowers(replacement, delta, change.offset, owed),
  comments: yamlComments,
  strictErrors: () => [],
  lineCommentMarker: '#',
  lineSpanningTokens: yamlLineSpanningTokens,
  commentLinesBesideSyntaxErrors: false,
  writing: { itemsOnDashLines: true, stringQuote: '', membersOnIndentedLines: true, keyText: yamlKeyText },
  valueSourceText: () => undefined,
  keyWithoutColonBreaksParse: false,
};

/** A plain key when the name reads as itself unquoted, else the name as a JSON string (valid YAML). */
function yamlKeyText(name: string): string {
  return /^[A-Za-z_$][\w$.-]*$/.test(name) ? name : JSON.stringify(name);
}

/**
 * The roots of every non-empty document of the stream, and the syntax errors to report. Duplicate
 * keys are left out of those: the spec reads duplicates as JSON.parse does (the last one wins)
 * and reports nothing for them in JSON, so a YAML twin of a JSON document reports the same.
 */
export function parseYamlForCheck(text: string, options?: YamlParseOptions): ParsedDocument {
  const parsed = parseYamlDocuments(text, options);
  const roots: ValueNode[] = [];
  const documentOffsets: number[] = [];
  for (const document of parsed.documents) {
    if (document.root === undefined) continue;
    roots.push(document.root);
    documentOffsets.push(document.offset);
  }
  const syntaxErrors = parsed.errors
    .filter((error) => error.code !== 'DUPLICATE_KEY')
    .map(({ offset, length, message }) => ({ offset, length, message }));
  return { roots, syntaxErrors, documentOffsets };
}

/** Index of the last element starting before `offset`, or -1. */
function lastStartingBefore(elements: readonly SyntaxNode[], offset: number): number {
  let low = 0;
  let high = elements.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (elements[mid].offset < offset) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
