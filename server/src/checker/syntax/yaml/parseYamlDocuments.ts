// YAML text to one position-annotated tree per document of the stream (each is checked on its own),
// plus every syntax problem with its offsets. Offsets are UTF-16 code unit indices into `text`, as
// everywhere in the checker; a byte order mark is text[0], so nothing shifts.
import { Composer, Document, Parser, type CST, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';
import { YamlTreeBuilder, type DocumentContext } from './yamlTreeBuilder';
import type { ValueNode } from '../treeNodes';
import { characterBoundary, sortedByOffset, tooDeep, type YamlSyntaxError } from './yamlSyntaxError';
import { ABSURD_TEXT_NESTING, firstAbsurdNesting, firstTooDeepCollection, MAX_NESTING_DEPTH } from './yamlNestingGuard';

export interface YamlDocument {
  /** The document's contents; undefined for an empty document (`---` alone, or only comments). */
  root: ValueNode | undefined;
  /** The document's extent in the text, markers (`---`, `...`) included. */
  offset: number;
  length: number;
  /**
   * How much of the alias copy budget the document spent: the one-tool shortcut keeps a tree only
   * where an edit leaves this unchanged, so that no other alias is copied or shared otherwise.
   */
  aliasCopies?: number;
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
}

export const DEFAULT_ALIAS_EXPANSION_LIMIT = 100_000;

/** As the checker reads YAML (the composer's options, for the document contexts and for errors). */
const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  // YAML 1.1 merge keys (`<<: *base`), which mcpdesc authors use to share declarations.
  merge: true,
  // Raw messages; the caller shows them at a range of its own.
  prettyErrors: false,
  // Duplicates are reported by the tree builder in one pass (yaml's own check is quadratic per mapping).
  uniqueKeys: false,
  logLevel: 'silent',
};

/**
 * The `yaml` package's parser reads the text into its CST; YamlTreeBuilder builds each document's
 * tree from that CST directly. The package's errors: the builder says whether its composer could
 * report any on this text (it only says no for shapes it knows to be clean); if it could, the
 * package composes the tokens, and its errors are reported as it reports them.
 */
export function parseYamlDocuments(text: string, options: YamlParseOptions = {}): ParsedYaml {
  const limit = options.aliasExpansionLimit ?? DEFAULT_ALIAS_EXPANSION_LIMIT;
  const absurd = firstAbsurdNesting(text, ABSURD_TEXT_NESTING);
  if (absurd !== undefined) return { documents: [], errors: [tooDeep(absurd)] };
  let tokens: CST.Token[];
  try {
    tokens = Array.from(new Parser().parse(text));
  } catch (error) {
    return { documents: [], errors: [unreadable(error)] };
  }
  const deep = firstTooDeepCollection(tokens, MAX_NESTING_DEPTH);
  if (deep !== undefined) return { documents: [], errors: [tooDeep(deep)] };
  const documents: YamlDocument[] = [];
  /** Per document, the builder's own errors (after the package's, as they were always reported). */
  const builderErrors: YamlSyntaxError[][] = [];
  // The stream's directives, as the composer keeps them: each document starts from them.
  const directives = new Document().directives as DocumentDirectives;
  let suspicious = false;
  try {
    for (const token of tokens) {
      switch (token.type) {
        case 'document': {
          const context = new Document(undefined, { ...YAML_OPTIONS, _directives: directives });
          const errors: YamlSyntaxError[] = [];
          const builder = new YamlTreeBuilder(text, errors, limit, context as DocumentContext);
          let root: ValueNode | undefined;
          let end = token.offset;
          try {
            ({ root, end } = builder.buildDocument(token));
          } catch (error) {
            // Only a stack overflow on absurdly deep nesting gets here; the document is skipped, not the server.
            const reason = error instanceof Error ? error.message : String(error);
            errors.push({
              offset: token.offset,
              length: 0,
              message: `This YAML document could not be read: ${reason}`,
              code: 'RESOURCE_EXHAUSTION',
            });
            root = undefined;
            suspicious = true;
          }
          if (builder.suspicious) suspicious = true;
          documents.push({ root, offset: token.offset, length: end - token.offset, aliasCopies: builder.aliasCopies });
          builderErrors.push(errors);
          break;
        }
        case 'doc-end': {
          // `...` ends the document before it (its comment too); anything after it is the composer's to judge.
          const last = documents[documents.length - 1];
          if (!last) {
            suspicious = true;
            break;
          }
          let end = token.offset + token.source.length;
          for (const after of token.end ?? []) {
            if (after.type !== 'space' && after.type !== 'newline') suspicious = true;
            end += after.source.length;
          }
          last.length = end - last.offset;
          break;
        }
        case 'directive':
          // %YAML 1.1 switches the schema of the documents after it; the composer judges directives.
          directives.add(token.source, () => undefined);
          suspicious = true;
          break;
        case 'byte-order-mark':
        case 'space':
        case 'comment':
        case 'newline':
          break;
        default:
          suspicious = true;
      }
    }
  } catch (error) {
    return { documents: [], errors: [unreadable(error)] };
  }
  let errors: YamlSyntaxError[];
  try {
    errors = streamErrors(text, tokens, suspicious, builderErrors);
  } catch (error) {
    return { documents: [], errors: [unreadable(error)] };
  }
  return { documents, errors: sortedByOffset(errors) };
}

/**
 * The stream's errors: where the builder is not sure its composer would report none (`suspicious`),
 * the package composes the tokens and each document's errors are its, then the builder's own;
 * else the builder's. Throws what the package's composer throws.
 */
function streamErrors(
  text: string,
  tokens: CST.Token[],
  suspicious: boolean,
  builderErrors: readonly YamlSyntaxError[][],
): YamlSyntaxError[] {
  const errors: YamlSyntaxError[] = [];
  const addYamlError = (error: { pos: [number, number]; message: string; code: string }): void => {
    const start = characterBoundary(text, Math.max(0, Math.min(error.pos[0], text.length)), -1);
    const end = Math.max(start, characterBoundary(text, Math.min(error.pos[1], text.length), 1));
    errors.push({ offset: start, length: end - start, message: error.message, code: error.code });
  };
  if (suspicious) {
    const composer = new Composer(YAML_OPTIONS);
    const composed: Document.Parsed[] = Array.from(composer.compose(tokens));
    if (composed.length === 0) for (const error of composer.streamInfo().errors) addYamlError(error);
    composed.forEach((document, i) => {
      for (const error of document.errors) addYamlError(error);
      for (const error of builderErrors[i] ?? []) errors.push(error);
    });
  } else {
    for (const own of builderErrors) for (const error of own) errors.push(error);
  }
  return errors;
}

type DocumentDirectives = NonNullable<Document['directives']>;

function unreadable(error: unknown): YamlSyntaxError {
  const reason = error instanceof Error ? error.message : String(error);
  return { offset: 0, length: 0, message: `The YAML text could not be read: ${reason}`, code: 'UNREADABLE' };
}
