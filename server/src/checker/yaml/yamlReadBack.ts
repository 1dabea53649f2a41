// Reading YAML text back, as the fix editor does before it offers text it wrote: a copied value
// moved to a new place, or an edited document against its old reading. Most of what it reads lies
// in the fast reader's subset (fastYamlTree.ts), which builds the tree the `yaml` package's path
// builds, with its ranges, values and errors (test/yaml/fastYamlTree.test.ts); reading that tree
// is the `yaml` package's reading at a fraction of its cost (a fix-all reads back thousands of
// texts). The fast reading is taken only where it cannot differ: text without anchors (so without
// aliases, whose expansion the `yaml` package counts and may refuse) that the fast reader reads
// without a single error (so without duplicate keys, which the two readings treat differently).
// Anything else is read by the `yaml` package, as before; test/yaml/yamlFastReadBack.test.ts
// holds the two to the same verdicts.
import { parseAllDocuments, parseDocument, type Document } from 'yaml';
import { valueOf } from '../tree';
import { buildFastYamlTree } from './fastYamlTree';

/** As the checker reads YAML: merge keys on, duplicate keys allowed (the last wins). */
const STREAM_OPTIONS = { merge: true, uniqueKeys: false, prettyErrors: false, logLevel: 'silent' } as const;
/** Streams aliasing more than this are not read (and the edit is not offered). */
const MAX_ALIAS_COUNT = 10_000;
/** The fast reader's alias budget: never reached, since text with anchors is not read fast. */
const NO_ALIASES = 0;

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

/** The single document of `text` with no error, as the fast reader reads it; undefined when it may not be the `yaml` package's reading. */
function fastDocument(text: string): ReadDocument | undefined {
  if (text.includes('&')) return undefined;
  const fast = buildFastYamlTree(text, NO_ALIASES);
  if (!fast || fast.errors.length > 0) return undefined;
  return { start: fast.offset, end: Math.max(fast.offset + fast.length, fast.offset + 1), errors: 0, value: valueOf(fast.root) };
}

/**
 * Every document of the stream as the checker reads YAML (merge keys, duplicates allowed): its
 * extent, how many errors it has and its value; undefined when the text cannot be read.
 * `fastReader: false` leaves it all to the `yaml` package (what tests compare with).
 */
export function readYamlStream(text: string, fastReader = true): ReadStream | undefined {
  const fast = fastReader ? fastDocument(text) : undefined;
  if (fast) return { documents: [fast] };
  try {
    const documents = parseAllDocuments(text, STREAM_OPTIONS);
    if (!Array.isArray(documents)) return { documents: [] };
    return { documents: documents.map((document) => summary(document, text.length)) };
  } catch {
    return undefined;
  }
}

function summary(document: Document.Parsed, textLength: number): ReadDocument {
  const [start, , end] = document.range ?? [0, 0, textLength];
  // toJS throws on an alias whose anchor is missing and past the alias budget: such a document is unreadable here.
  return { start, end: Math.max(end, start + 1), errors: document.errors.length, value: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
}

/**
 * The value of `source` read alone as one YAML document with the `yaml` package's defaults (YAML
 * 1.2: no merge keys, duplicate keys an error); undefined when it has an error or its value cannot
 * be built (an alias whose anchor is not in the text).
 */
export function readYamlValue(source: string, fastReader = true): { value: unknown } | undefined {
  const fast = fastReader ? fastDocument(source) : undefined;
  if (fast) return { value: fast.value };
  const document = parseDocument(source, { prettyErrors: false });
  if (document.errors.length > 0) return undefined;
  try {
    return { value: document.toJS() };
  } catch {
    return undefined;
  }
}
