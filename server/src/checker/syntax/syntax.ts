// What the checker needs of a syntax (JSON or YAML): its text as trees, an editor for the fixes,
// the sniff that says whether a text is an MCP description, the one-tool re-parse of incremental
// re-checks, and its comments (for suppressions). syntaxOf.ts picks the implementation for a
// format, in one place; nothing outside syntax/ asks which format it has.
import type { Comment, LineSpanningTokens } from './comments';
import type { DocumentEditor, ReadBack } from './editor';
import type { ParsedDocument, SyntaxError } from './json/jsonDocument';
import type { ObjectNode, SyntaxNode } from './tree';
import type { FormattingOptions } from '../types';
import type { OwedShifts } from './owedShifts';

/** One edit, in offsets: `length` characters at `offset` of the old text became `newLength` characters. */
export interface ChangeSpan {
  offset: number;
  length: number;
  newLength: number;
}

export interface Syntax {
  /** The roots of every document of the text, and its syntax errors. */
  parse(text: string): ParsedDocument;
  /**
   * The fix editor of `text`. `readBack`: how edits are read back before they are offered (a syntax
   * whose edits are always what they mean ignores it).
   */
  editor(text: string, formatting?: FormattingOptions, readBack?: ReadBack): DocumentEditor;
  /** Whether the text's root (any document's, for a stream) has the `mcpdesc` member. */
  hasMcpdescRoot(text: string): boolean;
  /** Whether edits inside one tool of this parse of `text` may be re-parsed alone at all. */
  allowsToolEdits(text: string, root: SyntaxNode): boolean;
  /** Index of the element of `tools` whose own re-parse can take `change`, or -1. */
  toolHolding(elements: readonly SyntaxNode[], change: ChangeSpan): number;
  /**
   * The new tree of `elements[index]` after `change`, at the new text's offsets, or undefined when
   * it might read differently alone than in place (then the caller checks the whole text). When
   * several tools change at once (fix-all's rounds), `change` and the elements are in the offsets
   * of the old text with the changes before this one made, which are `oldShift` characters
   * ahead of `oldText`'s there; `newText` has every change made.
   */
  reparseTool(
    oldText: string,
    newText: string,
    elements: readonly SyntaxNode[],
    index: number,
    change: ChangeSpan,
    oldShift: number,
  ): ObjectNode | undefined;
  /**
   * `replacement`, already in its parent's place, grew by `delta` at `change`: its ancestors grow
   * and what follows moves (now, or through `owed` when something next reads the tree).
   */
  placeTool(replacement: SyntaxNode, delta: number, change: ChangeSpan, owed: OwedShifts): void;
  /** Every comment of the text, in text order, as the syntax's own tokens find them. */
  comments(text: string): Comment[];
  /**
   * What the parse tolerates and the format's language without comments forbids (plain JSON's
   * comments and trailing commas: json/strictJson.ts), as syntax errors in text order; none in YAML,
   * whose comments are its own.
   */
  strictErrors(text: string): SyntaxError[];
  /** What starts a comment running to the end of its line (`//`, `#`). */
  readonly lineCommentMarker: string;
  /** Where a line of the text cannot take a comment line before it. */
  lineSpanningTokens(text: string): LineSpanningTokens;
  /**
   * Whether a comment line may be added to a text with syntax errors: not in YAML, where the line
   * may lie inside a flow collection the parse could not close and would be one more error.
   */
  readonly commentLinesBesideSyntaxErrors: boolean;
  /** How the syntax writes what navigation adds (snippets, completions). */
  readonly writing: SyntaxWriting;
  /**
   * The text in which a node's source text fixes its value, so that values (the requested schemas of
   * a check) may be looked up by their source before they are built: JSON's own text. Undefined
   * where the same source may stand for another value (YAML: an alias, a tag, a merge key).
   */
  valueSourceText(text: string): string | undefined;
  /**
   * Whether a key written without its colon (being typed) breaks the parse of the members after it
   * in its object (JSON: they are read with the scanner instead; a YAML line is a key of its own).
   */
  readonly keyWithoutColonBreaksParse: boolean;
}

/** How a syntax writes new values, for the code that writes them without naming the syntax. */
export interface SyntaxWriting {
  /**
   * A new item of a list is a line of its own after `- ` (a YAML block sequence, its later lines
   * lined up after the dash), not an element between brackets and commas.
   */
  readonly itemsOnDashLines: boolean;
  /** The quote a string is written in when nothing asks for another: `"` (JSON), none (a plain YAML scalar). */
  readonly stringQuote: '"' | '';
  /**
   * A member is a line of its own at its mapping's column (a YAML block mapping: a new key on an
   * empty line joins the mapping whose keys start in that column, a collection value goes on the
   * lines after its key), not between braces and commas.
   */
  readonly membersOnIndentedLines: boolean;
  /** How a member's name is written as a key: quoted in JSON, plain in YAML where it reads as itself. */
  keyText(name: string): string;
}
