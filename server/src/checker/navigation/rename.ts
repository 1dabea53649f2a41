// Rename of a declaration, from its key or from any step naming it: the key (every duplicate of it, so
// that which one counts does not change) and every reference in the tool, in one set of edits.
import type { OffsetEdit } from '../types';
import type { SyntaxNode } from '../tree';
import { definitionOf, YamlTreeNode } from '../yaml/yamlTreeNode';
import { quote } from '../rule/describe';
import { keysOf, referencesTo } from './toolSymbols';
import { nameAt } from './nameAt';
import { nameRange, renameEdit } from './scalarText';
import type { NavigationDocument, PrepareRenameResult, RenameResult } from './types';

/** YAML's limit on an implicit key, from its start to its `:` (YAML 1.2, section 7.4.2). */
const YAML_IMPLICIT_KEY_LIMIT = 1024;

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
  const keys = keysOf(at.symbols, at.name);
  // Writing the name as an explicit key (`? name` / `: value`) would restructure the entry; a name
  // this long is refused instead. Names that are values (steps' `declaration`) have no such limit.
  const keyText = keys.length > 0 && keys[0] instanceof YamlTreeNode ? renameEdit(document.text, keys[0], newName).newText : '';
  if (keyText.length >= YAML_IMPLICIT_KEY_LIMIT) {
    return {
      ok: false,
      message: `A YAML key is at most ${YAML_IMPLICIT_KEY_LIMIT.toLocaleString('en-US')} characters long; written as a key, the new name would be ${keyText.length.toLocaleString('en-US')}. Choose a shorter name.`,
    };
  }
  const occurrences: SyntaxNode[] = [...keys, ...referencesTo(at.symbols, at.name).map((step) => step.declarationNode!)];
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
