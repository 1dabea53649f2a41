// Reading YAML text back, as the fix editor does before it offers text it wrote: a copied value
// moved to a new place, or an edited document against its old reading. The text is read by the
// checker's own YAML reader (parseYamlDocuments.ts: the `yaml` package's parser, its errors and
// its meaning), so a read-back means what a check of the edited text would see.
import { childrenOf, valueOf, type SyntaxNode } from '../tree';
import { parseYamlDocuments } from './parseYamlDocuments';

const UNREADABLE_VALUE = new Set(['UNRESOLVED_ALIAS', 'RECURSIVE_ALIAS', 'NESTING_TOO_DEEP', 'BAD_MERGE_SOURCE']);

export interface ReadDocument {
  /** The document's extent, markers included (at least one character). */
  start: number;
  end: number;
  errors: number;
  value: unknown;
}

export interface ReadStream {
  documents: ReadDocument[];
}

/**
 * Every document of the stream as the checker reads YAML (merge keys, duplicates allowed): its
 * extent, how many errors it has (syntax and alias errors; duplicate keys are allowed, the last one
 * wins) and its value; undefined when the text cannot be read, or a value cannot be built (an
 * alias without its anchor, aliases repeating too much).
 */
export function readYamlStream(text: string): ReadStream | undefined {
  const parsed = parseYamlDocuments(text);
  const documents: ReadDocument[] = [];
  for (const document of parsed.documents) {
    const value = readValue(document.root);
    if (!value) return undefined;
    documents.push({
      start: document.offset,
      end: Math.max(document.offset + document.length, document.offset + 1),
      errors: 0,
      value: value.value,
    });
  }
  for (const error of parsed.errors) {
    if (error.code === 'DUPLICATE_KEY') continue;
    // An alias that cannot stand for its anchor, a merge of what is not a mapping: the value would not be the text's.
    if (UNREADABLE_VALUE.has(error.code)) return undefined;
    // The document it is in or after (an error past a document's end, at the end of the text, is its).
    let index = 0;
    while (index + 1 < documents.length && documents[index + 1].start <= error.offset) index++;
    if (documents[index]) documents[index].errors++;
  }
  // Errors outside every document (a stream of only comments and a stray marker) count for none: as before.
  if (
    parsed.documents.length === 0 &&
    parsed.errors.some((error) => error.code === 'UNREADABLE' || error.code === 'NESTING_TOO_DEEP')
  )
    return undefined;
  return { documents };
}

/**
 * The value of `source` read alone as one YAML document with no problem at all: no syntax error,
 * no duplicate key, no merge key (read as YAML 1.2 with the `yaml` package's defaults, `<<` is an
 * ordinary key); undefined otherwise.
 */
export function readYamlValue(source: string): { value: unknown } | undefined {
  const parsed = parseYamlDocuments(source);
  if (parsed.errors.length > 0 || parsed.documents.length !== 1) return undefined;
  const root = parsed.documents[0].root;
  if (root && source.includes('<<') && hasMergeKey(root)) return undefined;
  return readValue(root);
}

function readValue(root: SyntaxNode | undefined): { value: unknown } | undefined {
  if (!root) return { value: null };
  try {
    return { value: valueOf(root) };
  } catch {
    return undefined;
  }
}

function hasMergeKey(root: SyntaxNode): boolean {
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'object' && node.mergePairs) return true;
    if (!node.origin) for (const child of childrenOf(node)) pending.push(child);
  }
  return false;
}
