// The quick-fixes of rule mcpdesc.elicitation.declaration-validity, offered only where the repair
// is certain: remove what the declaration's mode forbids, add the mode its steps agree on, add a
// message, drop a `required` entry that names no property. Written once against DocumentEditor, so
// JSON and YAML documents get the same fixes.
import { readTool, toolNameCounts, toolsArrayOf, type ElicitationDeclaration, type Tool } from '../../model/documentModel';
import type { DeclarationFinding } from './kinds';
import { normalizeEdits } from '../../syntax/textEdits';
import { allPropertiesOf, propertiesOf, propertyOf, stringOf, valueOf, type SyntaxNode } from '../../syntax/tree';
import type { OffsetEdit } from '../../types';
import type { DocumentEditor } from '../../syntax/editor';
import type { FixPlan } from '../fixPlan';

export function declarationFixesFor(finding: DeclarationFinding, editor: DocumentEditor): FixPlan[] {
  const declaration = finding.declaration;
  if (!declaration || declaration.node.type !== 'object') return [];
  switch (finding.violation) {
    case 'form-with-url':
      return plan('Remove the url (a form declaration has none)', removeAll(declaration.node, 'url', editor));
    case 'url-with-requested-schema':
      return plan(
        'Remove the requestedSchema (a url declaration has none)',
        removeAll(declaration.node, 'requestedSchema', editor),
      );
    case 'invalid-mode':
      return addMode(declaration, editor);
    case 'missing-message':
      return addMessage(declaration, editor);
    case 'unknown-required':
      return finding.target ? dropRequiredEntry(finding.target, editor) : [];
    default:
      return [];
  }
}

function plan(title: string, edits: OffsetEdit[] | undefined): FixPlan[] {
  const normalized = edits && edits.length ? normalizeEdits(edits) : undefined;
  return normalized ? [{ title, isPreferred: true, edits: normalized }] : [];
}

/** Every member `key` (duplicates too: an earlier one would otherwise become the value); none when one is only inherited. */
function removeAll(object: SyntaxNode, key: string, editor: DocumentEditor): OffsetEdit[] | undefined {
  const properties = allPropertiesOf(object, key);
  if (properties.length === 0 || properties.some((property) => editor.isInherited?.(property))) return undefined;
  const edits = properties.map((property) => editor.removeMember(property));
  return edits.some((made) => made.length === 0) ? undefined : edits.flat();
}

/**
 * The steps that name this declaration (only a tool's declarations have steps). The rule reads
 * declarations only; the tool's examples are read here, for the one declaration a fix is asked for.
 */
function stepsOf(declaration: ElicitationDeclaration): Tool['steps'] {
  const { owner } = declaration;
  if (owner.kind !== 'tool') return [];
  const siblings = toolsArrayOf(owner.root)?.items ?? [owner.node];
  const tool = readTool(owner.root, owner.node, owner.index, siblings, toolNameCounts(siblings));
  return tool.steps.filter((step) => step.declaration?.node === declaration.node);
}

/**
 * "Add mode": the mode every step using the declaration requests, when there is at least one and
 * they agree, and the declaration's own members fit it (a requestedSchema for form, none for url).
 */
function addMode(declaration: ElicitationDeclaration, editor: DocumentEditor): FixPlan[] {
  if (declaration.modeNode) return [];
  const modes = new Set(stepsOf(declaration).map((step) => step.requestMode));
  if (modes.size !== 1) return [];
  const [mode] = modes;
  if (mode !== 'form' && mode !== 'url') return [];
  const hasSchema = propertyOf(declaration.node, 'requestedSchema') !== undefined;
  const hasUrl = propertyOf(declaration.node, 'url') !== undefined;
  if (mode === 'form' ? !hasSchema || hasUrl : hasSchema) return [];
  return plan(
    `Add "mode": "${mode}" (as its steps request)`,
    editor.addMembers(declaration.node, [['mode', { json: mode }]], memberAfterName(declaration)),
  );
}

/** "Add a message": the message every step's request shows, when they agree; else one naming the declaration. */
function addMessage(declaration: ElicitationDeclaration, editor: DocumentEditor): FixPlan[] {
  const texts = new Set(stepsOf(declaration).map((step) => stringOf(propertyOf(step.request, 'message')?.value)));
  const [agreed] = texts;
  const text =
    texts.size === 1 && agreed
      ? agreed
      : declaration.name !== undefined
        ? `Elicitation '${declaration.name}'.`
        : 'Please provide the requested information.';
  const existing = declaration.messageNode;
  if (existing) {
    const property = propertyOf(declaration.node, 'message')!;
    if (editor.isInherited?.(property))
      return plan('Add a message', editor.addMembers(declaration.node, [['message', { json: text }]]));
    return plan(
      'Add a message',
      existing.type === 'string' ? editor.replaceString(existing, text) : editor.replaceValue(existing, { json: text }),
    );
  }
  const before = propertyOf(declaration.node, 'mode')
    ? nextSibling(declaration.node, propertyOf(declaration.node, 'mode')!)
    : memberAfterName(declaration);
  return plan('Add a message', editor.addMembers(declaration.node, [['message', { json: text }]], before));
}

/** "Drop 'x' from required": the `required` array without that entry, or no `required` at all when it was the only one. */
function dropRequiredEntry(entry: SyntaxNode, editor: DocumentEditor): FixPlan[] {
  const array = entry.parent;
  const property = array?.parent;
  if (array?.type !== 'array' || property?.type !== 'property') return [];
  const title = `Drop ${JSON.stringify(valueOf(entry))} from required`;
  if (array.items.length === 1) return editor.isInherited?.(property) ? [] : plan(title, editor.removeMember(property));
  // The entry goes with its comma or its lines; the others and any comments stay. Fix-all drops
  // every entry of one list in one edit (removeTogether.ts).
  const removal = editor.removeElements(array, [entry]);
  if (removal.length > 0) return plan(title, removal).map((drop) => ({ ...drop, removes: { array, element: entry } }));
  const rest = array.items.filter((element) => element !== entry);
  return plan(title, editor.replaceValue(array, { elements: rest.map((element) => ({ copyOf: element })) }));
}

/** The member right after `name` (new members go after the name), or undefined to append. */
function memberAfterName(declaration: ElicitationDeclaration): SyntaxNode | undefined {
  const name = propertyOf(declaration.node, 'name');
  return name ? nextSibling(declaration.node, name) : undefined;
}

function nextSibling(object: SyntaxNode, property: SyntaxNode): SyntaxNode | undefined {
  const properties = propertiesOf(object);
  return properties[properties.findIndex((candidate) => candidate === property) + 1];
}
