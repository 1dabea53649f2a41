// YAML text to one position-annotated tree per document of the stream (each is checked on its own),
// plus every syntax problem with its offsets. Offsets are UTF-16 code unit indices into `text`, as
// everywhere in the checker; a byte order mark is text[0], so nothing shifts.
import { Composer, Parser, type CST, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';
import type { Node } from 'jsonc-parser';
import { buildFastYamlTree } from './fastYamlTree';
import { takeColonOffsets, YamlTreeBuilder, type ColonOffsets } from './yamlTreeBuilder';
import type { YamlSyntaxError } from './yamlSyntaxError';
import { ABSURD_TEXT_NESTING, firstAbsurdNesting, firstTooDeepCollection, MAX_NESTING_DEPTH } from './yamlNestingGuard';

export interface YamlDocument {
  /** The document's contents; undefined for an empty document (`---` alone, or only comments). */
  root: Node | undefined;
  /** The document's extent in the text, markers (`---`, `...`) included. */
  offset: number;
  length: number;
}

export interface ParsedYaml {
  documents: YamlDocument[];
  /** Sorted by offset. The trees are still built from whatever parsed. */
  errors: YamlSyntaxError[];
}

export interface YamlParseOptions {
  /**
   * How many nodes copying aliases may create in one document; past it (and for large anchored
   * collections) an alias shares its anchor's nodes instead, so a "billion laughs" document costs
   * its text only. Whatever reads such a value whole is bounded by valueOf (tree.ts).
   */
  aliasExpansionLimit?: number;
  /**
   * Whether to let the CST go before the tree is built (the same tree either way; tests compare
   * the two). Default: for texts of RELEASE_CST_CHARS or more.
   */
  releaseCst?: boolean;
  /**
   * Whether text in the fast path's subset (fastYamlTree.ts) is read by it instead of the `yaml`
   * package (the same tree and errors; tests compare the two). Default: true.
   */
  fastPath?: boolean;
}

export const DEFAULT_ALIAS_EXPANSION_LIMIT = 100_000;

/** From this many characters on, the CST is released before the tree is built (see below). */
export const RELEASE_CST_CHARS = 2_000_000;

const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  // Pairs keep their CST token, which has the `:` position.
  keepSourceTokens: true,
  // YAML 1.1 merge keys (`<<: *base`), which mcpdesc authors use to share declarations.
  merge: true,
  // Raw messages; the caller shows them at a range of its own.
  prettyErrors: false,
  // Duplicates are reported by the tree builder in one pass (yaml's own check is quadratic per mapping).
  uniqueKeys: false,
  logLevel: 'silent',
};

export function parseYamlDocuments(text: string, options: YamlParseOptions = {}): ParsedYaml {
  const limit = options.aliasExpansionLimit ?? DEFAULT_ALIAS_EXPANSION_LIMIT;
  if (options.fastPath !== false) {
    const fast = buildFastYamlTree(text, limit);
    if (fast) return { documents: [{ root: fast.root, offset: fast.offset, length: fast.length }], errors: fast.errors };
  }
  const documents: YamlDocument[] = [];
  const errors: YamlSyntaxError[] = [];
  const addYamlError = (error: { pos: [number, number]; message: string; code: string }): void => {
    const start = characterBoundary(text, Math.max(0, Math.min(error.pos[0], text.length)), -1);
    const end = Math.max(start, characterBoundary(text, Math.min(error.pos[1], text.length), 1));
    errors.push({ offset: start, length: end - start, message: error.message, code: error.code });
  };
  const absurd = firstAbsurdNesting(text, ABSURD_TEXT_NESTING);
  if (absurd !== undefined) return { documents, errors: [tooDeep(absurd)] };
  // What parseAllDocuments does, with the nesting guard between the two stages.
  let parsed: Document.Parsed[];
  let colons: ColonOffsets | undefined;
  const composer = new Composer(YAML_OPTIONS);
  try {
    let tokens: CST.Token[] | undefined = Array.from(new Parser().parse(text));
    const deep = firstTooDeepCollection(tokens, MAX_NESTING_DEPTH);
    if (deep !== undefined) return { documents, errors: [tooDeep(deep)] };
    parsed = Array.from(composer.compose(tokens));
    // The CST is needed for the `:` offsets only. On a large text, read them now and let it go
    // before the tree is built: it is larger than the document and the tree together (~200 MB for
    // 7.5 MB of text). Walking every node for that costs ~5 % of the parse, so small texts do not.
    tokens = undefined;
    colons = options.releaseCst ?? text.length >= RELEASE_CST_CHARS ? takeColonOffsets(parsed) : undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { documents, errors: [{ offset: 0, length: 0, message: `The YAML text could not be read: ${reason}`, code: 'UNREADABLE' }] };
  }
  if (parsed.length === 0) {
    for (const error of composer.streamInfo().errors) addYamlError(error);
    return { documents, errors: sortedByOffset(errors) };
  }
  for (const document of parsed) {
    for (const error of document.errors) addYamlError(error);
    const [start, , end] = document.range ?? [0, 0, text.length];
    let root: Node | undefined;
    try {
      root = new YamlTreeBuilder(text, errors, limit, colons).buildRoot(document.contents, start);
    } catch (error) {
      // Only a stack overflow on absurdly deep nesting gets here; the document is skipped, not the server.
      const reason = error instanceof Error ? error.message : String(error);
      errors.push({ offset: start, length: 0, message: `This YAML document could not be read: ${reason}`, code: 'RESOURCE_EXHAUSTION' });
      root = undefined;
    }
    documents.push({ root, offset: start, length: end - start });
  }
  return { documents, errors: sortedByOffset(errors) };
}

function tooDeep(offset: number): YamlSyntaxError {
  const message = `YAML collections nested deeper than ${MAX_NESTING_DEPTH} levels are not supported; the text is not checked`;
  return { offset, length: 0, message, code: 'NESTING_TOO_DEEP' };
}

function sortedByOffset(errors: YamlSyntaxError[]): YamlSyntaxError[] {
  return errors.sort((a, b) => a.offset - b.offset);
}

/**
 * `offset`, moved off the middle of a CRLF (back to the end of its line: a position between \r and
 * \n is past the line's length) and off the middle of a surrogate pair (in `direction`). The yaml
 * package reports some errors one code unit into either.
 */
function characterBoundary(text: string, offset: number, direction: -1 | 1): number {
  if (text.charCodeAt(offset - 1) === 13 && text.charCodeAt(offset) === 10) return offset - 1;
  const before = text.charCodeAt(offset - 1);
  const at = text.charCodeAt(offset);
  if (before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff) return direction < 0 ? offset - 1 : offset + 1;
  return offset;
}
