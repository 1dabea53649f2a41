// Rename of a declaration, from its `name` value or from any step naming it, in one tool object: the
// declaration's `name`, its later duplicates' (so that a duplicate stays a duplicate and the rename
// changes no diagnostic), and every step of that tool object naming it, in one set of edits.
import type { OffsetEdit } from '../types';
import type { SyntaxNode } from '../syntax/tree';
import { definitionOf } from '../syntax/yaml/yamlTreeNode';
import { quote } from '../syntax/describe';
import { nameAt, nameNodesOf, stepsNaming } from './nameAt';
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
  const { tool } = at;
  if (newName.length === 0) return { ok: false, message: 'An elicitation declaration needs a name; the new name is empty.' };
  if (newName !== at.name && tool.declarationsByName.has(newName)) {
    return {
      ok: false,
      message: `Tool ${tool.title} already declares an elicitation named ${quote(newName)}; choose another name.`,
    };
  }
  const occurrences: SyntaxNode[] = [
    ...nameNodesOf(tool, at.name),
    ...stepsNaming(tool, at.name).map((step) => step.declarationNode!),
  ];
  const toolStart = tool.node.offset;
  const toolEnd = toolStart + tool.node.length;
  const edits = new Map<number, OffsetEdit>();
  for (const occurrence of occurrences) {
    // A YAML alias stands for text written at its anchor: that is what gets edited, once.
    const written = definitionOf(occurrence);
    if (written.offset < toolStart || written.offset + written.length > toolEnd) {
      return {
        ok: false,
        message: `${quote(at.name)} is written through a YAML anchor outside tool ${tool.title}; renaming it there would change other tools too. Rename it by hand.`,
      };
    }
    if (!edits.has(written.offset)) edits.set(written.offset, renameEdit(document.text, written, newName));
  }
  return { ok: true, edits: [...edits.values()].sort((a, b) => a.offset - b.offset) };
}
