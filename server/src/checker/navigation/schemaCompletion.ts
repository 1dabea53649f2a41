// Completion from the format's schema, anywhere in the document, one behaviour for JSON and YAML:
// member names an object may have (required first, those written already left out, those the
// revisions in scope do not define last and marked), each inserted with a value of its kind in the
// document's own syntax; and the values a member's schema lists (`enum`, `const`: a transport's
// `type`, a response's `action`, the revision strings of `protocolVersions`).
//
// Where the cursor is comes from the tree both syntaxes build. A key being typed is a property
// without a colon in both; in YAML a new key on an empty line belongs to the mapping whose keys start
// in that column (found on the path to the text before the line), since the parse has no node there.
import { isAliasCopy } from '../syntax/yaml/yamlTreeNode';
import { syntaxOf } from '../syntax/syntaxOf';
import type { Syntax, SyntaxWriting } from '../syntax/syntax';
import type { ObjectNode, SyntaxNode } from '../syntax/tree';
import { componentNames, componentRefText } from './componentLinks';
import { pathThrough, pathTo, rootAt, schemasAlong, scopeAlong } from './documentPath';
import {
  itemSchemas,
  kindOf,
  listsMembers,
  membersOf,
  valuesOf,
  type MemberInfo,
  type PlacedSchema,
} from '../schema/formatSchema';
import { describeMember, memberDoc, revisionsWithout } from './memberDocs';
import { jsonKeysAfter } from './jsonKeysAfter';
import { isTerminated } from './scalarText';
import { escapeSnippet } from './snippetText';
import type { NavigationDocument, SchemaCompletion } from './types';

export function schemaCompletionAt(document: NavigationDocument, offset: number): SchemaCompletion[] | undefined {
  const key = keySlotAt(document, offset);
  if (key) return memberItems(document, key);
  const value = valueSlot(document, offset);
  return value && valueItems(value);
}

/** The document's syntax: what it says of keys, items and quotes is how completion writes them. */
export function syntaxIn(document: NavigationDocument): Syntax {
  return syntaxOf(document.format ?? 'json');
}

/** Where a new member's key goes at `offset` (or the key being typed there), in either syntax. */
export function keySlotAt(document: NavigationDocument, offset: number): KeySlot | undefined {
  return syntaxIn(document).writing.membersOnIndentedLines ? indentedKeySlot(document, offset) : bracedKeySlot(document, offset);
}

export interface KeySlot {
  object: ObjectNode | undefined;
  /** From the root to the object (the root's own path when the object is the root). */
  path: SyntaxNode[];
  range: { offset: number; length: number };
  /** The property being typed, if the parse made one (left out of the members already present). */
  typing?: SyntaxNode;
  /** The key already has its colon and value: only the name is replaced. */
  keepsValue: boolean;
  /** The key's column in YAML (its later lines' indentation). */
  column: number;
  commaBefore?: number;
  commaAfter: boolean;
}

/** The root holding `offset` and the nodes from it to `offset`: the innermost last, and its parent. */
function nodesAt(document: NavigationDocument, offset: number) {
  const root = rootAt(document, offset);
  if (!root) return undefined;
  const path = pathTo(root, offset);
  return { root, path, last: path[path.length - 1], parent: path[path.length - 2] };
}

/** A key between an object's braces: the object is the node at the cursor, or the key being typed is. */
function bracedKeySlot(document: NavigationDocument, offset: number): KeySlot | undefined {
  const { text } = document;
  const at = nodesAt(document, offset);
  if (!at) return undefined;
  const { path, last, parent } = at;
  if (last.type === 'string' && parent?.type === 'property' && parent.key === last) {
    const object = path[path.length - 3];
    if (object?.type !== 'object' || offset <= last.offset) return undefined;
    const terminated = isTerminated(text, last);
    // An unterminated key runs on over what follows it: only what is typed up to the cursor is replaced.
    const end = terminated ? last.offset + last.length : offset;
    if (terminated && offset >= end) return undefined;
    const keepsValue = parent.colonOffset !== undefined;
    return {
      object,
      path: path.slice(0, -2),
      range: { offset: last.offset, length: end - last.offset },
      typing: parent,
      keepsValue,
      column: 0,
      ...commas(text, object, last.offset, end, keepsValue),
    };
  }
  if (last.type !== 'object' || isAliasCopy(last) || offset <= last.offset || offset >= last.offset + last.length)
    return undefined;
  return {
    object: last,
    path,
    range: { offset, length: 0 },
    keepsValue: false,
    column: 0,
    ...commas(text, last, offset, offset, false),
  };
}

/** The commas a new JSON member needs: after the member before it, and after itself when one follows. */
function commas(
  text: string,
  object: ObjectNode,
  start: number,
  end: number,
  keepsValue: boolean,
): Pick<KeySlot, 'commaBefore' | 'commaAfter'> {
  if (keepsValue) return { commaAfter: false };
  let before = start - 1;
  while (before > object.offset && /\s/.test(text[before])) before--;
  const after = /^\s*"/.test(text.slice(end, end + 200));
  return before > object.offset && text[before] !== ',' && text[before] !== '{'
    ? { commaBefore: before + 1, commaAfter: after }
    : { commaAfter: after };
}

const YAML_WORD = /[A-Za-z0-9_$-]/;

/** A key on a line of its own: the mapping whose keys start in its column. */
function indentedKeySlot(document: NavigationDocument, offset: number): KeySlot | undefined {
  const { text } = document;
  let start = offset;
  while (start > 0 && YAML_WORD.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && YAML_WORD.test(text[end])) end++;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (!/^[ \t]*$/.test(text.slice(lineStart, start))) return undefined;
  const keepsValue = /^[ \t]*:/.test(text.slice(end, end + 200));
  const column = start - lineStart;
  // The text before this line: the mapping the key joins contains it (or is the root).
  let before = lineStart - 1;
  while (before >= 0 && /\s/.test(text[before])) before--;
  const root = before >= 0 ? rootAt(document, before) : document.roots[0];
  if (!root) return undefined;
  const path = before >= 0 ? pathTo(root, before) : [root];
  let object: ObjectNode | undefined;
  for (const node of path) {
    if (node.type !== 'object' || isAliasCopy(node)) continue;
    const first = node.properties[0];
    if (first && first.offset - (text.lastIndexOf('\n', first.offset - 1) + 1) === column) object = node;
  }
  if (!object && !(column === 0 && root.type === 'object')) return undefined;
  object ??= root as ObjectNode;
  const typing = object.properties.find((property) => property.offset === start);
  return {
    object,
    path: pathThrough(path, object),
    range: { offset: start, length: end - start },
    ...(typing ? { typing } : {}),
    keepsValue,
    column,
    commaAfter: false,
  };
}

function memberItems(document: NavigationDocument, slot: KeySlot): SchemaCompletion[] | undefined {
  const schemas = schemasAlong(slot.path);
  if (!listsMembers(schemas)) return undefined;
  const present = presentMembers(document, slot);
  const scope = scopeAlong(slot.path);
  const writing = syntaxIn(document).writing;
  const items: SchemaCompletion[] = [];
  membersOf(schemas).forEach((member, index) => {
    if (present.has(member.name)) return;
    const doc = memberDoc(member.owner, member.name);
    const missing = revisionsWithout(doc.since, scope);
    const rank = member.required ? 0 : missing.length === 0 ? 1 : 2;
    const label = writing.keyText(member.name);
    const detail = [member.required ? 'required' : undefined, member.valueKind === 'any' ? undefined : member.valueKind]
      .filter(Boolean)
      .join(' ');
    items.push({
      label,
      kind: 'member',
      detail: missing.length > 0 ? `${detail} — not in ${missing.join(', ')}`.trim() : detail,
      documentation: describeMember(member.name, doc, member.required, scope),
      sortText: `${rank}${String(index).padStart(4, '0')}`,
      filterText: label,
      edit: { ...slot.range, newText: memberText(member, slot, writing) },
      additionalEdits: slot.commaBefore === undefined ? [] : [{ offset: slot.commaBefore, length: 0, newText: ',' }],
    });
  });
  return items;
}

/**
 * The members the object has besides the one being typed. A JSON key typed without its colon breaks
 * the parse after it: there, the members before it are the tree's and those after it the scanner's.
 */
function presentMembers(document: NavigationDocument, slot: KeySlot): Set<string> {
  const typing = slot.typing;
  const brokenAfter =
    syntaxIn(document).keyWithoutColonBreaksParse && typing?.type === 'property' && typing.colonOffset === undefined;
  const present = brokenAfter ? jsonKeysAfter(document.text, slot.range.offset + slot.range.length) : new Set<string>();
  for (const property of slot.object?.properties ?? []) {
    if (property === slot.typing || (brokenAfter && property.offset >= slot.range.offset)) continue;
    present.add(String(property.key.value));
  }
  return present;
}

/** The key and a value of its kind to fill in, as snippet text; later lines are relative to the key's line. */
function memberText(member: MemberInfo, slot: KeySlot, writing: SyntaxWriting): string {
  const name = escapeSnippet(writing.keyText(member.name));
  if (slot.keepsValue) return name;
  const choices = member.values.filter((value) => typeof value === 'string' || typeof value === 'boolean');
  const choice =
    choices.length > 0 ? `\${1|${choices.map((value) => String(value).replace(/[,|\\$}]/g, '\\$&')).join(',')}|}` : undefined;
  const kind = member.valueKind === 'any' && member.name === 'elicitations' ? 'array' : member.valueKind;
  if (writing.membersOnIndentedLines) {
    if (kind === 'object') return `${name}:\n  $0`;
    if (kind === 'array') return `${name}:\n  - $0`;
    // A string with nothing written yet is quoted: an empty YAML value is null, which the format rejects.
    return `${name}: ${choice ?? (kind === 'boolean' ? '${1|true,false|}' : kind === 'string' ? '"$0"' : '$0')}`;
  }
  const value =
    kind === 'object'
      ? '{$0}'
      : kind === 'array'
        ? '[$0]'
        : kind === 'string'
          ? `"${choice ?? '$0'}"`
          : kind === 'boolean'
            ? (choice ?? '${1|true,false|}')
            : (choice ?? '$0');
  return `${name}: ${value}${slot.commaAfter ? ',' : ''}`;
}

interface ValueSlot {
  /** The path whose last node is where the value goes (a property, or an array and its item). */
  schemas: PlacedSchema[];
  range: { offset: number; length: number };
  /** The scalars beside it in its array (a value there once is not offered again). */
  siblings: readonly SyntaxNode[];
  quote: '"' | "'" | '';
  /** In a `$componentRef`: the references to the document's components. */
  components?: string[];
}

function valueSlot(document: NavigationDocument, offset: number): ValueSlot | undefined {
  const { text } = document;
  const at = nodesAt(document, offset);
  if (!at) return undefined;
  const { root, path, last, parent } = at;
  if (last.type === 'property') {
    // After `"key":` (or `key:`) with no value yet.
    const colon = last.colonOffset;
    const value = last.value;
    const empty = !value || (value.type === 'null' && value.length === 0);
    if (colon === undefined || offset <= colon || !empty || !/^[ \t]*$/.test(text.slice(colon + 1, offset))) return undefined;
    return {
      schemas: schemasAlong(path),
      range: { offset, length: 0 },
      siblings: [],
      quote: syntaxIn(document).writing.stringQuote,
    };
  }
  // Between a list's brackets an item goes at the cursor; where items are dash lines, only one begun (a scalar, below) is completed.
  if (last.type === 'array' && !syntaxIn(document).writing.itemsOnDashLines) {
    if (offset <= last.offset || offset >= last.offset + last.length) return undefined;
    return {
      schemas: itemSchemas(schemasAlong(path), undefined),
      range: { offset, length: 0 },
      siblings: last.items,
      quote: '"',
    };
  }
  if (last.type !== 'string' && last.type !== 'null') return undefined;
  if (parent?.type === 'property' && parent.key === last) return undefined;
  if (parent?.type !== 'property' && parent?.type !== 'array') return undefined;
  const first = text[last.offset];
  const quote = first === '"' || first === "'" ? first : '';
  if (quote && offset <= last.offset) return undefined;
  const end = isTerminated(text, last) ? last.offset + last.length : offset;
  const components =
    parent.type === 'property' && parent.key.value === '$componentRef' ? componentNames(root).map(componentRefText) : undefined;
  return {
    ...(components ? { components } : {}),
    schemas: schemasAlong(path),
    range: { offset: last.offset, length: end - last.offset },
    siblings: parent.type === 'array' ? parent.items.filter((item) => item !== last) : [],
    quote: quote || syntaxIn(document).writing.stringQuote,
  };
}

function valueItems(slot: ValueSlot): SchemaCompletion[] | undefined {
  const taken = new Set(slot.siblings.map((node) => ('value' in node ? node.value : undefined)));
  let values: unknown[] = slot.components ?? valuesOf(slot.schemas);
  if (values.length === 0 && kindOf(slot.schemas) === 'boolean') values = [true, false];
  const items: SchemaCompletion[] = [];
  values.forEach((value, index) => {
    if (taken.has(value as never) || (typeof value !== 'string' && typeof value !== 'boolean')) return;
    const written = typeof value === 'string' ? stringText(value, slot.quote) : String(value);
    items.push({
      label: written,
      kind: 'value',
      detail: typeof value,
      documentation: '',
      sortText: String(index).padStart(4, '0'),
      filterText: written,
      edit: { ...slot.range, newText: escapeSnippet(written) },
      additionalEdits: [],
    });
  });
  return items.length > 0 ? items : undefined;
}

function stringText(value: string, quote: '"' | "'" | ''): string {
  if (quote === '"') return JSON.stringify(value);
  if (quote === "'") return `'${value.replace(/'/g, "''")}'`;
  return /^[A-Za-z0-9][\w./-]*$/.test(value) && !/^(?:null|true|false|yes|no|on|off|y|n|[\d.]+)$/i.test(value)
    ? value
    : JSON.stringify(value);
}
