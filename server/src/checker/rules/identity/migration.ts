// "Migrate to MCP Description 0.8.0": a 0.7.0 document rewritten the way the spec's 0.8.0 changes
// describe (CHANGELOG 0.8.0 "Breaking"; guides/migration-0.7-to-0.8.md, "Recommended algorithm"),
// in place, so that every comment, key order and scalar style the author wrote stays. The steps are
// made in rounds on the text the previous round left, each re-parsed: edits planned on one parse
// may meet (two members removed from one object share a comma), so a round takes at most one edit
// per object, and the rounds stay few whatever the document's size (an empty `tags` in each of
// 10,000 tools is one round, not 10,000 parses). The fix is the one edit from the text to the result. What the guide says only the author can decide (a missing protocol revision,
// a tool without inputSchema) is left for the author; the diagnostic's message says so.
import type { DocumentEditor } from '../../syntax/editor';
import {
  itemsOf,
  memberOf,
  propertiesOf,
  propertyOf,
  stringOf,
  valueOf,
  type JsonValue,
  type SyntaxNode,
} from '../../syntax/tree';
import { applyOffsetEdits, minimalEdit, normalizeEdits } from '../../syntax/textEdits';
import { syntaxOf } from '../../syntax/syntaxOf';
import type { DocumentFormat, FormattingOptions, OffsetEdit } from '../../types';
import { STABLE_SCHEMA_URI, SUPPORTED_VERSION } from './formatVersion';
import { INFO_PROTOCOL_VERSION, movedProperty } from './memberMoves';

/** One step: the edits it makes on this parse, or undefined once it has nothing left to do. */
type Step = (root: SyntaxNode, editor: DocumentEditor) => OffsetEdit[] | undefined;

/**
 * More rounds than any document needs (each step takes a few: one per member of one object at
 * most); past it the migration gives up rather than spend a check's worth of parses per round.
 */
const MAX_ROUNDS = 64;

/** The one edit that migrates root `rootIndex` of `text`, or undefined when it cannot be made cleanly. */
export function migrationEdit(
  text: string,
  format: DocumentFormat,
  rootIndex: number,
  formatting?: FormattingOptions,
): OffsetEdit | undefined {
  const syntax = syntaxOf(format);
  const first = syntax.parse(text);
  const root = first.roots[rootIndex];
  if (first.syntaxErrors.length > 0 || root?.type !== 'object') return undefined;
  const schemes = inlineSchemes(root);
  const steps: Step[] = [
    (current, editor) => addSecuritySchemes(current, editor, schemes),
    (current, editor) => nameInlineSchemes(current, editor, schemes),
    wrapCapabilities,
    removeEmptyCollections,
    addProtocolVersions,
    removeInfoProtocolVersion,
    setIdentity,
  ];
  let current = text;
  let rounds = 0;
  for (const step of steps) {
    for (;;) {
      if (++rounds > MAX_ROUNDS) return undefined;
      const parsed = syntax.parse(current);
      const currentRoot = parsed.roots[rootIndex];
      if (parsed.syntaxErrors.length > 0 || currentRoot?.type !== 'object') return undefined;
      // Read back together, once per round (a YAML edit read back alone costs a parse of the text).
      const editor = syntax.editor(current, formatting, 'deferred');
      const planned = step(currentRoot, editor);
      if (planned === undefined) break;
      const edits = normalizeEdits(planned);
      if (!edits || edits.length === 0 || editor.confirmsTogether?.(edits) === false) return undefined;
      current = applyOffsetEdits(current, edits);
    }
  }
  const last = syntax.parse(current);
  if (last.syntaxErrors.length > 0 || last.roots.length !== first.roots.length) return undefined;
  return minimalEdit(text, current);
}

/** A 0.7.0 inline Security Scheme Object with the name it gets under `securitySchemes`. */
interface InlineScheme {
  name: string;
  canonical: string;
  /** Its first occurrence in the document as migration found it (the definition copied). */
  node: SyntaxNode;
}

/**
 * Every distinct inline scheme of root `security` and each transport's, in document order: identical
 * definitions share one name (the guide: "Move each distinct inline Security Scheme Object to a
 * deterministic local name"). The name says what the scheme is (its type, and an HTTP scheme's
 * `scheme`), numbered when two different definitions would share it.
 */
function inlineSchemes(root: SyntaxNode): InlineScheme[] {
  const schemes: InlineScheme[] = [];
  const taken = new Set(propertiesOf(memberOf(root, 'securitySchemes')).map((property) => property.key.value));
  for (const element of securityElements(root)) {
    const canonical = canonicalJson(valueOf(element));
    if (schemes.some((scheme) => scheme.canonical === canonical)) continue;
    const type = stringOf(memberOf(element, 'type')) ?? 'scheme';
    const httpScheme = type === 'http' ? stringOf(memberOf(element, 'scheme')) : undefined;
    const base = identifier(httpScheme ? `${type}-${httpScheme}` : type);
    let name = base;
    for (let number = 2; taken.has(name); number++) name = `${base}-${number}`;
    taken.add(name);
    schemes.push({ name, canonical, node: element });
  }
  return schemes;
}

/** The inline schemes of root `security` and of every transport's, in document order. */
function securityElements(root: SyntaxNode): SyntaxNode[] {
  const lists = [memberOf(root, 'security'), ...itemsOf(memberOf(root, 'transports')).map((t) => memberOf(t, 'security'))];
  return lists.flatMap((list) => itemsOf(list).filter(isInlineScheme));
}

/** A 0.8.0 Security Requirement maps names to scope lists; a 0.7.0 inline scheme says its `type`. */
function isInlineScheme(element: SyntaxNode): boolean {
  return element.type === 'object' && memberOf(element, 'type')?.type === 'string';
}

function addSecuritySchemes(
  root: SyntaxNode,
  editor: DocumentEditor,
  schemes: readonly InlineScheme[],
): OffsetEdit[] | undefined {
  if (schemes.length === 0 || schemes.every((scheme) => propertyOf(memberOf(root, 'securitySchemes'), scheme.name))) {
    return undefined;
  }
  const members = schemes.map((scheme): [string, { copyOf: SyntaxNode }] => [scheme.name, { copyOf: scheme.node }]);
  const existing = memberOf(root, 'securitySchemes');
  if (existing?.type === 'object') return editor.addMembers(existing, members);
  const before = propertyOf(root, 'security') ?? propertyOf(root, 'transports') ?? propertyOf(root, 'tools');
  return editor.addMembers(root, [['securitySchemes', { members }]], before);
}

/** Every inline scheme becomes a requirement of its name, all in one round (each edit stays inside its element). */
function nameInlineSchemes(root: SyntaxNode, editor: DocumentEditor, schemes: readonly InlineScheme[]): OffsetEdit[] | undefined {
  const elements = securityElements(root);
  if (elements.length === 0) return undefined;
  const names = new Map(schemes.map((scheme) => [scheme.canonical, scheme.name]));
  return disjoint(
    elements.map((element) => {
      const name = names.get(canonicalJson(valueOf(element)));
      return name === undefined ? [] : editor.replaceValue(element, { members: [[name, { json: [] }]] });
    }),
  );
}

/** 0.8.0 capabilities are a list of Capabilities Objects (CHANGELOG 0.8.0, guide "Capabilities"); an empty one goes. */
function wrapCapabilities(root: SyntaxNode, editor: DocumentEditor): OffsetEdit[] | undefined {
  const property = propertyOf(root, 'capabilities');
  if (!property || property.value.type !== 'object') return undefined;
  if (propertiesOf(property.value).length === 0) return editor.removeMember(property);
  return editor.replaceValue(property.value, { elements: [{ copyOf: property.value }] });
}

/**
 * 0.8.0 forbids empty ordinary collections (guide "Optional sections and collection cardinality"):
 * the empty lists 0.7.0 allowed are removed, one at a time. Security values keep their meaning and stay.
 */
function removeEmptyCollections(root: SyntaxNode, editor: DocumentEditor): OffsetEdit[] | undefined {
  const empty = emptyCollections(root);
  if (empty.length === 0) return undefined;
  // One per object this round: the removals of two members of one object may share a separator.
  const objects = new Set<SyntaxNode | undefined>();
  const removals: OffsetEdit[][] = [];
  for (const property of empty) {
    if (objects.has(property.parent)) continue;
    objects.add(property.parent);
    removals.push(editor.removeMember(property));
  }
  return disjoint(removals);
}

/**
 * Groups of edits whose spans meet no group taken before them, in text order (the first always, so
 * each round makes progress); the rest wait for the next round. Linear after one sort.
 */
function disjoint(groups: readonly OffsetEdit[][]): OffsetEdit[] {
  const spans = groups
    .filter((group) => group.length > 0)
    .map((group) => ({
      group,
      start: group.reduce((least, edit) => Math.min(least, edit.offset), Infinity),
      end: group.reduce((most, edit) => Math.max(most, edit.offset + edit.length), -Infinity),
    }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const taken: OffsetEdit[] = [];
  let end = -1;
  for (const span of spans) {
    // Strictly after: two insertions at one point would have no order.
    if (span.start <= end) continue;
    for (const edit of span.group) taken.push(edit);
    end = span.end;
  }
  return taken;
}

function emptyCollections(root: SyntaxNode): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const take = (object: SyntaxNode | undefined, keys: readonly string[]) => {
    for (const key of keys) {
      const property = propertyOf(object, key);
      if (property?.value.type === 'array' && property.value.items.length === 0) found.push(property);
    }
  };
  take(root, ['transports', 'tools', 'resources', 'resourceTemplates', 'prompts', 'tags']);
  take(memberOf(root, 'info'), ['icons']);
  for (const collection of ['tools', 'resources', 'resourceTemplates', 'prompts']) {
    for (const primitive of itemsOf(memberOf(root, collection))) {
      take(primitive, collection === 'prompts' ? ['icons', 'tags', 'arguments'] : ['icons', 'tags']);
    }
  }
  return found;
}

/** `info.protocolVersion` becomes the root `protocolVersions` (memberMoves.ts), placed after `info`. */
function addProtocolVersions(root: SyntaxNode, editor: DocumentEditor): OffsetEdit[] | undefined {
  const old = movedProperty(root, INFO_PROTOCOL_VERSION);
  const items = old && INFO_PROTOCOL_VERSION.itemsOf(old.value);
  if (propertyOf(root, INFO_PROTOCOL_VERSION.to) || items === undefined) return undefined;
  const properties = propertiesOf(root);
  const info = properties.findIndex((property) => property.key.value === 'info');
  return editor.addMembers(root, [[INFO_PROTOCOL_VERSION.to, { json: items }]], properties[info + 1]);
}

/** The old field goes once its revision is at the root (a revision 0.8.0 does not know stays for the author to see). */
function removeInfoProtocolVersion(root: SyntaxNode, editor: DocumentEditor): OffsetEdit[] | undefined {
  const property = movedProperty(root, INFO_PROTOCOL_VERSION);
  const versions = memberOf(root, INFO_PROTOCOL_VERSION.to);
  if (!property || !versions || !itemsOf(versions).some((item) => stringOf(item) === stringOf(property.value))) {
    return undefined;
  }
  return editor.removeMember(property);
}

/** `mcpdesc` says 0.8.0 and `$schema` names its stable schema (guide, "Recommended algorithm" step 3). */
function setIdentity(root: SyntaxNode, editor: DocumentEditor): OffsetEdit[] | undefined {
  const version = memberOf(root, 'mcpdesc');
  if (version && stringOf(version) !== SUPPORTED_VERSION) {
    return version.type === 'string'
      ? editor.replaceString(version, SUPPORTED_VERSION)
      : editor.replaceValue(version, { json: SUPPORTED_VERSION });
  }
  const schema = memberOf(root, '$schema');
  if (!schema) return editor.addMembers(root, [['$schema', { json: STABLE_SCHEMA_URI }]], propertiesOf(root)[0]);
  if (stringOf(schema) === STABLE_SCHEMA_URI) return undefined;
  return schema.type === 'string'
    ? editor.replaceString(schema, STABLE_SCHEMA_URI)
    : editor.replaceValue(schema, { json: STABLE_SCHEMA_URI });
}

/** JSON with every object's keys sorted: identical definitions compare equal whatever their order. */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A scheme name made of the characters component-like names allow. */
function identifier(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return cleaned === '' ? 'scheme' : cleaned;
}
