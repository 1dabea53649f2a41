// Reading an edited YAML text back before offering it: for insertions into layouts the editor does
// not know well (explicit `? key` entries, sequences after `: `, anchored collections), placing the
// text by columns alone could give a document that does not parse, or one that means something
// else (a member that lands in the wrong mapping, an anchored list that other places alias). The
// edit is kept only when the `yaml` package reads the new text as the old one with exactly the
// intended change at the intended place, and with no new error.
import { parseAllDocuments, type Document } from 'yaml';
import { valueOf, type JsonValue, type SyntaxNode } from '../tree';
import type { InsertValue } from '../fixes/editor';
import type { OffsetEdit } from '../types';
import { applyOffsetEdits, normalizeEdits } from '../textEdits';
import { sameJson } from './yamlValueText';

/** As the checker reads YAML: merge keys on, duplicate keys allowed (the last wins). */
const READ_OPTIONS = { merge: true, uniqueKeys: false, prettyErrors: false, logLevel: 'silent' } as const;
/** Documents aliasing more than this are not read back (and the edit is not offered). */
const MAX_ALIAS_COUNT = 10_000;

type Segment = string | number;

interface ReadStream {
  documents: Array<{ start: number; end: number; errors: number; value: unknown }>;
}

export class YamlEditCheck {
  private original: ReadStream | undefined | null = null;
  private readonly verdicts = new Map<string, boolean>();

  constructor(private readonly text: string) {}

  /**
   * Whether applying `edits` changes only the collection `container`, into what `change` makes of
   * its old value (a copy the function may modify and return).
   */
  confirms(edits: OffsetEdit[], container: SyntaxNode, change: (old: unknown) => unknown): boolean {
    const normalized = normalizeEdits(edits);
    if (!normalized) return false;
    const key = JSON.stringify(normalized) + '\u0000' + container.offset;
    const known = this.verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = this.decide(normalized, container, change);
    this.verdicts.set(key, verdict);
    return verdict;
  }

  private decide(edits: OffsetEdit[], container: SyntaxNode, change: (old: unknown) => unknown): boolean {
    const before = this.originalStream();
    const after = read(applyOffsetEdits(this.text, edits));
    if (!before || !after || before.documents.length !== after.documents.length) return false;
    const path = pathOf(container);
    if (!path) return false;
    const target = before.documents.findIndex((document) => container.offset >= document.start && container.offset < document.end);
    if (target < 0) return false;
    return before.documents.every((document, index) => {
      const edited = after.documents[index];
      if (edited.errors > document.errors) return false;
      if (index !== target) return sameJson(edited.value as JsonValue, document.value as JsonValue);
      const expected = replacedAt(document.value, path, change);
      return expected !== undefined && sameJson(edited.value as JsonValue, expected as JsonValue);
    });
  }

  private originalStream(): ReadStream | undefined {
    if (this.original === null) this.original = read(this.text);
    return this.original;
  }
}

/** The JSON value an InsertValue stands for. */
export function intendedValue(value: InsertValue): JsonValue {
  if ('json' in value) return value.json;
  if ('copyOf' in value) return valueOf(value.copyOf);
  if ('elements' in value) return value.elements.map(intendedValue);
  const object: { [key: string]: JsonValue } = {};
  for (const [key, member] of value.members) object[key] = intendedValue(member);
  return object;
}

function read(text: string): ReadStream | undefined {
  try {
    const documents = parseAllDocuments(text, READ_OPTIONS);
    if (!Array.isArray(documents)) return { documents: [] };
    return { documents: documents.map((document) => summary(document, text.length)) };
  } catch {
    return undefined;
  }
}

function summary(document: Document.Parsed, textLength: number): ReadStream['documents'][number] {
  const [start, , end] = document.range ?? [0, 0, textLength];
  // toJS throws on an alias whose anchor is missing and past the alias budget: such a document is unreadable here.
  return { start, end: Math.max(end, start + 1), errors: document.errors.length, value: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
}

/** Where `node` sits in its document: object keys and array indexes from the root. */
function pathOf(node: SyntaxNode): Segment[] | undefined {
  const path: Segment[] = [];
  let current = node;
  while (current.parent) {
    const parent = current.parent;
    if (parent.type === 'array') {
      path.unshift((parent.children ?? []).indexOf(current));
      current = parent;
    } else if (parent.type === 'property' && parent.children?.[1] === current && parent.parent) {
      const key = parent.children[0]?.value;
      if (typeof key !== 'string') return undefined;
      path.unshift(key);
      current = parent.parent;
    } else {
      return undefined;
    }
  }
  return path;
}

/** A deep copy of `root` with the value at `path` replaced by `change(old)`; undefined when the path is not there. */
function replacedAt(root: unknown, path: Segment[], change: (old: unknown) => unknown): unknown {
  const copy: unknown = structuredClone(root);
  if (path.length === 0) return change(copy);
  let parent: unknown = copy;
  for (const segment of path.slice(0, -1)) {
    parent = childOf(parent, segment);
    if (parent === undefined) return undefined;
  }
  const last = path[path.length - 1];
  const old = childOf(parent, last);
  if (old === undefined) return undefined;
  (parent as Record<Segment, unknown>)[last] = change(old);
  return copy;
}

function childOf(value: unknown, segment: Segment): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value) !== (typeof segment === 'number')) return undefined;
  return Object.prototype.hasOwnProperty.call(value, segment) ? (value as Record<Segment, unknown>)[segment] : undefined;
}
