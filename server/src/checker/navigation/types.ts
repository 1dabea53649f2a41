// What the navigation features return: plain data in offsets into the checked text. The server turns
// offsets into LSP positions (UTF-16) with the check's LineIndex, once, at the edge.
import type { Diagnostic, OffsetEdit } from '../types';
import type { SyntaxNode } from '../syntax/tree';

/** The part of a document navigation reads: the text and its parse (CheckResult has both). */
export interface NavigationDocument {
  readonly text: string;
  readonly roots: readonly SyntaxNode[];
  /** The syntax snippets are written in (JSON when absent). */
  readonly format?: 'json' | 'yaml';
  /**
   * The diagnostics the editor shows for this text (a CheckResult's). The hover leaves out what one
   * of them already says at the hovered name; absent, nothing is left out.
   */
  readonly diagnostics?: readonly Pick<Diagnostic, 'data'>[];
}

export interface OffsetRange {
  offset: number;
  length: number;
}

export interface PrepareRenameResult {
  /** The name's text inside its quotes (or the whole plain YAML scalar). */
  range: OffsetRange;
  /** The name as it reads unescaped. */
  placeholder: string;
}

export type RenameResult =
  | { ok: true; edits: OffsetEdit[] }
  /** The rename is refused; `message` says why, for the editor to show. */
  | { ok: false; message: string };

export interface NameCompletion {
  name: string;
  /** The name as the edit writes it (`"confirm"` in JSON, `confirm` as a plain YAML scalar): what an editor shows and filters on. */
  label: string;
  /** The declaration's mode; when it is not the request's, it says so. */
  mode: string;
  /** Mode and message of the declaration; when its mode is not the request's, it says so. */
  detail: string;
  /** The declaration as markdown. */
  documentation: string;
  /** Its mode matches the effective mode of the step's request. */
  matchesRequestMode: boolean;
  /** Orders matching declarations first, then declaration order. */
  sortText: string;
  /** The one item an editor should select first: the first declaration in the request's mode. */
  preselect: boolean;
  /** Replaces the whole scalar (quotes included), or inserts a quoted name where the value is missing. */
  edit: OffsetEdit;
}

/** A snippet that scaffolds a new element of `steps` or `elicitations`. */
export interface ScaffoldCompletion {
  label: string;
  /** What the editor filters on: the label, after the `{` already typed when an empty object is replaced. */
  filterText: string;
  detail: string;
  documentation?: string;
  sortText: string;
  /** Its `newText` is snippet syntax (tab stops `${1:name}`); later lines are indented relative to the first. */
  edit: OffsetEdit;
  /** Plain text: the comma the previous element needs. */
  additionalEdits: OffsetEdit[];
}

export interface HoverResult {
  markdown: string;
  range: OffsetRange;
}

export type OutlineKind =
  | 'tool'
  | 'group'
  | 'declaration'
  | 'example'
  | 'step'
  | 'notice'
  | 'section'
  | 'transport'
  | 'resource'
  | 'prompt'
  | 'component';

export interface OutlineSymbol {
  name: string;
  detail?: string;
  kind: OutlineKind;
  /** The whole node (for a member: key and value). */
  range: OffsetRange;
  /** The part to reveal and highlight: a key, a tool's name, a step's type; always inside `range`. */
  selection: OffsetRange;
  children: OutlineSymbol[];
}

export interface OutlineResult {
  symbols: OutlineSymbol[];
  /** True when the limit was reached; the last top-level symbol then says so. */
  truncated: boolean;
  count: number;
}

/** A member name or a value the format's schema allows where the cursor is. */
export interface SchemaCompletion {
  label: string;
  kind: 'member' | 'value';
  detail: string;
  /** Markdown; empty when there is nothing to add to the label. */
  documentation: string;
  sortText: string;
  filterText: string;
  /** Its `newText` is snippet syntax; later lines are indented relative to the first. */
  edit: OffsetEdit;
  /** Plain text: the comma the previous member needs. */
  additionalEdits: OffsetEdit[];
}

/** A link from a `$componentRef` value to the component it names. */
export interface DocumentLinkResult {
  /** The reference's characters (inside its quotes). */
  range: OffsetRange;
  /** The component's key. */
  target: OffsetRange;
  tooltip: string;
}
