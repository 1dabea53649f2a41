// YAML's comments and line-spanning tokens, as the yaml package's lexer reads them (comments.ts).
import { Lexer } from 'yaml';
import { LineSpanningTokenList, type Comment, type LineSpanningTokens } from '../comments';

/** The yaml lexer's zero-width markers (document, flow end, scalar): they are not in the text. */
const LEXER_MARKERS = new Set(['\u0002', '\u0018', '\u001f']);

interface YamlToken {
  source: string;
  offset: number;
}

function yamlTokens(text: string): YamlToken[] {
  const tokens: YamlToken[] = [];
  let offset = 0;
  for (const source of new Lexer().lex(text)) {
    if (LEXER_MARKERS.has(source)) continue;
    tokens.push({ source, offset });
    offset += source.length;
  }
  return tokens;
}

export function yamlComments(text: string): Comment[] {
  return yamlTokens(text)
    .filter((token) => token.source.startsWith('#'))
    .map((token) => ({ offset: token.offset + 1, content: token.source.slice(1), end: token.offset + token.source.length }));
}

export function yamlLineSpanningTokens(text: string): LineSpanningTokens {
  const tokens = new LineSpanningTokenList(text);
  let previous: YamlToken | undefined;
  let lastOffset = -1;
  for (const token of yamlTokens(text)) {
    const end = token.offset + token.source.length;
    // The first token after a block scalar's header (the first at its offset) starts its body.
    if (token.offset !== lastOffset && previous !== undefined && /^[|>]/.test(previous.source))
      tokens.keepBodyStart(token.offset);
    lastOffset = token.offset;
    if (!/^\s*$/.test(token.source)) tokens.keep(token.offset, end);
    if (!/^\s+$/.test(token.source)) previous = token;
  }
  return tokens;
}
