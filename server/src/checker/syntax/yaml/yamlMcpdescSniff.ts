// Whether a YAML document is an mcpdesc document by content: its root mapping has an `mcpdesc` key.
import type { SyntaxNode } from '../treeNodes';
import { maySpellMcpdesc } from '../mcpdescSpelling';
import { parseYamlDocuments } from './parseYamlDocuments';

export function isYamlMcpdescRoot(root: SyntaxNode | undefined): boolean {
  if (!root || root.type !== 'object') return false;
  return root.properties.some((property) => property.key.value === 'mcpdesc');
}

/**
 * Whether any document of the stream has a root `mcpdesc` key (as unescaped: `"\x6Dcpdesc"` is
 * one). Texts that cannot spell the word cost one scan, so a workspace scan pays the parse only for
 * likely candidates.
 */
export function isYamlMcpdescText(text: string): boolean {
  if (!maySpellMcpdesc(text)) return false;
  return parseYamlDocuments(text).documents.some((document) => isYamlMcpdescRoot(document.root));
}
