// Reading an edited YAML text back before offering it: for insertions into layouts the editor does
// not know well (explicit `? key` entries, sequences after `: `, anchored collections), placing the
// text by columns alone could give a document that does not parse, or one that means something
// else (a member that lands in the wrong mapping, an anchored list that other places alias). The
// edit is kept only when the `yaml` package reads the new text as the old one with exactly the
// intended change at the intended place, and with no new error (yamlReadBack.ts: read by the
// checker's one YAML reader).
import { propertiesOf, valueOf, type JsonValue, type SyntaxNode } from '../tree';
import type { InsertValue, ReadBack } from '../editor';
import type { OffsetEdit } from '../../types';
import { applyOffsetEdits, normalizeEdits } from '../textEdits';
import { sameJson } from './yamlValueText';
import { standaloneToolRegion, yamlAllowsToolEdits, yamlLineStartBefore } from './incrementalYaml';
import { readYamlStream, type ReadStream } from './yamlReadBack';

type Segment = string | number;

/** An edit whose read-back is put off (fix-all): what it must mean, decided later with others. */
interface Claim {
  edits: OffsetEdit[];
  container: SyntaxNode;
  change: (old: unknown) => unknown;
}

export class YamlEditCheck {
  private original: ReadStream | undefined | null = null;
  private readonly verdicts = new Map<string, boolean>();
  /** Read-backs put off, by their edits' key (fix-all plans thousands of edits and applies some). */
  private readonly claims = new Map<string, Claim>();
  private readonly toolEditsAllowed = new Map<SyntaxNode, boolean>();

  /**
   * `readBack` (ReadBack): `deferred` takes every edit on trust and remembers it, and
   * `confirmsTogether` then reads the edits actually chosen back in one go; `each` reads each edit
   * back as it is planned, from its tool's lines when they read alone; `whole` from the whole text.
   */
  constructor(
    private readonly text: string,
    private readonly readBack: ReadBack = 'each',
  ) {}

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
    const claim = { edits: normalized, container, change };
    if (this.readBack === 'deferred') {
      this.claims.set(key, claim);
      return true;
    }
    const verdict = this.readBack === 'whole' ? this.decideWhole([claim]) : this.decide([claim]);
    this.verdicts.set(key, verdict);
    return verdict;
  }

  /**
   * Whether every edit taken on trust whose edits are all among `chosen` reads back as meant when
   * they are applied together: the text with all of them reads as the old one with each intended
   * change made, and no new error. A yes stands for each one's own read-back (a no to one of them
   * would need another edit, elsewhere, to undo its misreading exactly); a no says nothing about
   * which one, and the caller plans again with every read-back made on its own. Edits inside one
   * tool whose lines read alone as in place are read back from those lines alone.
   */
  confirmsTogether(chosen: readonly OffsetEdit[]): boolean {
    if (this.claims.size === 0) return true;
    const chosenKeys = new Set(chosen.map(editKey));
    const claims = [...this.claims.values()].filter((claim) => claim.edits.every((edit) => chosenKeys.has(editKey(edit))));
    return claims.length === 0 || this.decide(claims);
  }

  /**
   * Edits inside one tool of a `tools` block sequence whose lines read alone as they do in place
   * (incrementalYaml.ts) are read back from those lines alone; the rest from the whole text.
   */
  private decide(claims: Claim[]): boolean {
    const whole: Claim[] = [];
    const byTool = new Map<SyntaxNode, Claim[]>();
    for (const claim of claims) {
      const tool = toolOf(claim.container);
      if (!tool) whole.push(claim);
      else {
        const group = byTool.get(tool);
        if (group) group.push(claim);
        else byTool.set(tool, [claim]);
      }
    }
    for (const [tool, group] of byTool) {
      const verdict = this.decideInTool(tool, group);
      if (verdict === false) return false;
      if (verdict === undefined) for (const claim of group) whole.push(claim);
    }
    return whole.length === 0 || this.decideWhole(whole);
  }

  /**
   * The verdict from the tool's lines alone, or undefined when they cannot be read alone. Only the
   * tool's members up to the last one edited are read: a block mapping's lines up to a line where
   * its next key starts are a mapping of the members before that key.
   */
  private decideInTool(tool: SyntaxNode, claims: Claim[]): boolean | undefined {
    const region = standaloneToolRegion(this.text, tool, (root) => this.allowsToolEdits(root));
    const toolPath = pathOf(tool);
    if (!region || !toolPath) return undefined;
    const edits = unionOf(claims);
    if (!edits || edits.some((edit) => edit.offset < tool.offset || edit.offset + edit.length > region.contentEnd))
      return undefined;
    const editsEnd = edits[edits.length - 1].offset + edits[edits.length - 1].length;
    const end = this.nextKeyLineStart(tool, editsEnd) ?? region.end;
    const oldLines = this.text.slice(region.start, end);
    const newLines = applyOffsetEdits(
      oldLines,
      edits.map((edit) => ({ ...edit, offset: edit.offset - region.start })),
    );
    if (newLines.includes('&')) return undefined;
    const before = this.read(oldLines);
    const after = this.read(newLines);
    if (before?.documents.length !== 1 || before.documents[0].errors > 0 || !Array.isArray(before.documents[0].value))
      return undefined;
    if (after?.documents.length !== 1 || after.documents[0].errors > 0) return false;
    // The lines alone are a one-item sequence: the tool is item 0.
    let expected: unknown = structuredClone(before.documents[0].value);
    for (const { path, change } of claims
      .map(({ container, change }) => ({ path: pathOf(container), change }))
      .sort((a, b) => (b.path?.length ?? 0) - (a.path?.length ?? 0))) {
      if (!path || path.length < toolPath.length || toolPath.some((segment, index) => path[index] !== segment)) return undefined;
      expected = replacedAt(expected, [0, ...path.slice(toolPath.length)], change);
      if (expected === undefined) return false;
    }
    return sameJson(after.documents[0].value as JsonValue, expected as JsonValue);
  }

  /**
   * The start of the line of the first key of block mapping `tool` that starts after `offset`,
   * when that line holds nothing before the key but the indentation its first key has; else undefined.
   */
  private nextKeyLineStart(tool: SyntaxNode, offset: number): number | undefined {
    const properties = propertiesOf(tool);
    const first = properties[0]?.key;
    const next = properties.find((property) => property.offset > offset)?.key;
    if (!first || !next || tool.type !== 'object' || this.text[tool.offset] === '{') return undefined;
    // A key repeated after the cut would win over the one read (the last one wins).
    const keys = properties.map((property) => property.key.value);
    if (new Set(keys).size !== keys.length) return undefined;
    const column = first.offset - yamlLineStartBefore(this.text, first.offset);
    const lineStart = yamlLineStartBefore(this.text, next.offset);
    if (lineStart <= offset || next.offset - lineStart !== column || !/^ *$/.test(this.text.slice(lineStart, next.offset)))
      return undefined;
    // Back to the start of the line break, so that the lines read end as the region's do.
    return this.text[lineStart - 1] === '\n' && this.text[lineStart - 2] === '\r' ? lineStart - 2 : lineStart - 1;
  }

  private allowsToolEdits(root: SyntaxNode): boolean {
    let allowed = this.toolEditsAllowed.get(root);
    if (allowed === undefined) {
      allowed = yamlAllowsToolEdits(this.text, root);
      this.toolEditsAllowed.set(root, allowed);
    }
    return allowed;
  }

  private decideWhole(claims: Claim[]): boolean {
    const edits = unionOf(claims);
    if (!edits) return false;
    const before = this.originalStream();
    const after = this.read(applyOffsetEdits(this.text, edits));
    if (!before || !after || before.documents.length !== after.documents.length) return false;
    // Per document, its changes, the deepest first: an outer change (an append) then keeps what an inner one made.
    const changes = new Map<number, Array<{ path: Segment[]; change: Claim['change'] }>>();
    for (const { container, change } of claims) {
      const path = pathOf(container);
      if (!path) return false;
      const target = before.documents.findIndex(
        (document) => container.offset >= document.start && container.offset < document.end,
      );
      if (target < 0) return false;
      const list = changes.get(target) ?? [];
      list.push({ path, change });
      changes.set(target, list);
    }
    return before.documents.every((document, index) => {
      const edited = after.documents[index];
      if (edited.errors > document.errors) return false;
      const own = changes.get(index);
      if (!own) return sameJson(edited.value as JsonValue, document.value as JsonValue);
      let expected: unknown = structuredClone(document.value);
      for (const { path, change } of own.sort((a, b) => b.path.length - a.path.length)) {
        expected = replacedAt(expected, path, change);
        if (expected === undefined) return false;
      }
      return sameJson(edited.value as JsonValue, expected as JsonValue);
    });
  }

  /**
   * The text as read before any edit. Kept for the editor's life by the fix-all modes, which read
   * back round after round; an editor asked for quick-fixes (kept with a check, in the server for as
   * long as the document is open) reads it again each time, rarely: only for edits outside tools.
   */
  private originalStream(): ReadStream | undefined {
    if (this.readBack === 'each') return this.read(this.text);
    if (this.original === null) this.original = this.read(this.text);
    return this.original;
  }

  private read(text: string): ReadStream | undefined {
    return readYamlStream(text);
  }
}

/** The edits of every claim, once each, sorted; undefined when they overlap. */
function unionOf(claims: Claim[]): OffsetEdit[] | undefined {
  const unique = new Map<string, OffsetEdit>();
  for (const claim of claims) for (const edit of claim.edits) unique.set(editKey(edit), edit);
  return normalizeEdits([...unique.values()]);
}

/** The element of a root's `tools` array that `node` is in (or is), if any. */
function toolOf(node: SyntaxNode): SyntaxNode | undefined {
  for (let current: SyntaxNode | undefined = node; current?.parent; current = current.parent) {
    const owner = current.parent.parent?.parent;
    if (current.parent.type === 'array' && owner && !owner.parent) return current;
  }
  return undefined;
}

function editKey(edit: OffsetEdit): string {
  return `${edit.offset}\u0000${edit.length}\u0000${edit.newText}`;
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

/** Where `node` sits in its document: object keys and array indexes from the root. */
function pathOf(node: SyntaxNode): Segment[] | undefined {
  const path: Segment[] = [];
  let current = node;
  while (current.parent) {
    const parent = current.parent;
    if (parent.type === 'array') {
      path.unshift(parent.items.findIndex((item) => item === current));
      current = parent;
    } else if (parent.type === 'property' && parent.value === current && parent.parent) {
      const key = parent.key.value;
      if (typeof key !== 'string') return undefined;
      path.unshift(key);
      current = parent.parent;
    } else {
      return undefined;
    }
  }
  return path;
}

/** `root` (a copy of the read value, changed in place) with the value at `path` replaced by `change(old)`; undefined when the path is not there. */
function replacedAt(root: unknown, path: Segment[], change: (old: unknown) => unknown): unknown {
  const copy = root;
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
