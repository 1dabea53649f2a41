// Rename of a declaration, from its `name` value or from any step naming it, in one tool object: the
// declaration's `name`, its later duplicates' (so that a duplicate stays a duplicate and the rename
// changes no diagnostic), and every step of that tool object naming it, in one set of edits.
import type { OffsetEdit } from '../types';
import type { SyntaxNode } from '../syntax/tree';
import { definitionOf } from '../syntax/yaml/yamlTreeNode';
import { quote } from '../syntax/describe';
import { componentKeyAt, componentOf, componentRefText, parseComponentRef, referenceAt, referencesTo } from './componentLinks';
import { nameAt, nameNodesOf, stepsNaming } from './nameAt';
import { componentUnder } from './references';
import { nameRange, renameEdit } from './scalarText';
import type { NavigationDocument, PrepareRenameResult, RenameResult } from './types';

export function prepareRenameAt(document: NavigationDocument, offset: number): PrepareRenameResult | undefined {
  const at = nameAt(document, offset);
  if (!at) return prepareComponentRename(document, offset);
  return { range: nameRange(document.text, at.node), placeholder: at.name };
}

export function renameAt(document: NavigationDocument, offset: number, newName: string): RenameResult | undefined {
  const at = nameAt(document, offset);
  if (!at) return renameComponent(document, offset, newName);
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

const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

/** Where a component rename starts: its key, or a reference naming it (the name part is what is renamed). */
export function prepareComponentRename(document: NavigationDocument, offset: number): PrepareRenameResult | undefined {
  const found = componentUnder(document, offset);
  const target = found && componentOf(found.root, found.component);
  if (!found || !target) return undefined;
  const key = componentKeyAt(document, offset);
  const node = key ? key.key : referenceAt(document, offset)!.node;
  return { range: nameRange(document.text, node), placeholder: key ? found.component.name : componentRefText(found.component) };
}

/** The component's key and every reference naming it, renamed together. */
export function renameComponent(document: NavigationDocument, offset: number, newName: string): RenameResult | undefined {
  const found = componentUnder(document, offset);
  const target = found && componentOf(found.root, found.component);
  if (!found || !target) return undefined;
  const { component, root } = found;
  // From a reference, the new text may be the whole reference the editor showed; its last segment is the name.
  const name = newName.startsWith('#/components/') ? (parseComponentRef(newName)?.name ?? newName) : newName;
  if (!COMPONENT_NAME.test(name))
    return { ok: false, message: `A component name matches ^[A-Za-z0-9._-]+$; ${quote(name)} does not.` };
  if (name !== component.name && componentOf(root, { ...component, name }))
    return { ok: false, message: `components.${component.namespace} already has ${quote(name)}; choose another name.` };
  const renamed = componentRefText({ ...component, name });
  const edits = new Map<number, OffsetEdit>();
  const key = definitionOf(target.key);
  edits.set(key.offset, renameEdit(document.text, key, name));
  for (const reference of referencesTo(root, component)) {
    const written = definitionOf(reference);
    if (!edits.has(written.offset)) edits.set(written.offset, renameEdit(document.text, written, renamed));
  }
  return { ok: true, edits: [...edits.values()].sort((a, b) => a.offset - b.offset) };
}
