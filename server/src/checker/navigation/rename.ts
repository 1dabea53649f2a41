// Rename of a declaration, from its key or from any step naming it: the key (every duplicate of it, so
// that which one counts does not change) and every reference in the tool, in one set of edits.
import type { OffsetEdit } from '../types';
import type { SyntaxNode } from '../tree';
import { definitionOf } from '../yaml/yamlTreeNode';
import { quote } from '../rule/describe';
import { keysOf, referencesTo } from './toolSymbols';
import { nameAt } from './nameAt';
import { nameRange, renameEdit } from './scalarText';
import type { NavigationDocument, PrepareRenameResult, RenameResult } from './types';

export function prepareRenameAt(document: NavigationDocument, offset: number): PrepareRenameResult | undefined {
  const at = nameAt(document, offset);
  if (!at) return undefined;
  return { range: nameRange(document.text, at.node), placeholder: at.name };
}

export function renameAt(document: NavigationDocument, offset: number, newName: string): RenameResult | undefined {
  const at = nameAt(document, offset);
  if (!at) return undefined;
  const tool = quote(at.symbols.label);
  if (newName.length === 0) return { ok: false, message: 'An elicitation declaration needs a name; the new name is empty.' };
  if (newName !== at.name && at.symbols.declarations.has(newName)) {
    return { ok: false, message: `Tool ${tool} already declares an elicitation named ${quote(newName)}; choose another name.` };
  }
  const occurrences: SyntaxNode[] = [
    ...keysOf(at.symbols, at.name),
    ...referencesTo(at.symbols, at.name).map((step) => step.declarationNode!),
  ];
  const toolStart = at.toolAt.node.offset;
  const toolEnd = toolStart + at.toolAt.node.length;
  const edits = new Map<number, OffsetEdit>();
  for (const occurrence of occurrences) {
    // A YAML alias stands for text written at its anchor: that is what gets edited, once.
    const written = definitionOf(occurrence);
    if (written.offset < toolStart || written.offset + written.length > toolEnd) {
      return {
        ok: false,
        message: `${quote(at.name)} is written through a YAML anchor outside tool ${tool}; renaming it there would change other tools too. Rename it by hand.`,
      };
    }
    if (!edits.has(written.offset)) edits.set(written.offset, renameEdit(document.text, written, newName));
  }
  return { ok: true, edits: [...edits.values()].sort((a, b) => a.offset - b.offset) };
}
