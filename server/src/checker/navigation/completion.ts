// Completion of a step's `declaration`: the names the tool object declares (the first element of
// each name, in declaration order). Inside the string, an item replaces the whole scalar, quotes
// included: an editor filters on the text from the start of the replaced range, so an item whose
// range starts at the opening quote is scored like the editor's own JSON value suggestions (whose
// range does too) instead of below them. Right after `"declaration": ` with no value yet, an item
// inserts a quoted name. Declarations in the effective mode of the step's request come first, and
// the first of them is the one to preselect; the others' detail says that their mode differs.
import { stringOf, keyNodeOf, memberOf, type SyntaxNode } from '../syntax/tree';
import type { OffsetEdit } from '../types';
import { declarationMarkdown, modeText } from './declarationMarkdown';
import { stepDeclarationAt } from './locate';
import { isTerminated, newScalar, renameEdit, scalarStyle } from './scalarText';
import type { NameCompletion, NavigationDocument } from './types';

export function completionAt(document: NavigationDocument, offset: number): NameCompletion[] | undefined {
  const location = stepDeclarationAt(document, offset);
  if (!location || location.part === 'key') return undefined;
  const typeNode = memberOf(location.step, 'type');
  // A step still without a type may become an elicitation step; one of another type has no declaration.
  if (typeNode && stringOf(typeNode) !== 'elicitation') return undefined;
  const { text } = document;
  const key = keyNodeOf(location.property)!;
  const editFor =
    location.part === 'value'
      ? replacingValue(text, location.value!, offset)
      : insertingValue(text, key, location.property.colonOffset!, location.value, offset);
  if (!editFor) return undefined;

  // The model reads elicitation steps only: a step without a type yet has no request mode to prefer.
  const requestMode = location.tool.steps.find((step) => step.node === location.step)?.requestMode;
  const items: NameCompletion[] = [];
  let index = 0;
  let preselected = false;
  for (const [name, declaration] of location.tool.declarationsByName) {
    const matchesRequestMode = requestMode !== undefined && declaration.mode === requestMode;
    // The mark of another mode goes first in the detail, where a narrow completion list still shows it.
    const mode =
      requestMode === undefined || matchesRequestMode
        ? modeText(declaration)
        : `${modeText(declaration)} (the request is ${requestMode})`;
    const message = stringOf(declaration.messageNode);
    const edit = editFor(name);
    const first = matchesRequestMode || requestMode === undefined;
    items.push({
      name,
      label: edit.newText.replace(/,$/, ''),
      mode,
      detail: message !== undefined ? `${mode} — ${message}` : mode,
      documentation: declarationMarkdown(declaration, name),
      matchesRequestMode,
      preselect: first && !preselected,
      sortText: `${first ? 0 : 1}${String(index++).padStart(6, '0')}`,
      edit,
    });
    if (first) preselected = true;
  }
  return items;
}

type EditFor = (name: string) => OffsetEdit;

function replacingValue(text: string, value: SyntaxNode, offset: number): EditFor | undefined {
  if (value.type !== 'string') return undefined;
  const style = scalarStyle(text, value);
  const terminated = isTerminated(text, value);
  // In a quoted string the cursor must be between the quotes, not before the opening or after the closing one.
  if (style !== 'plain' && (offset <= value.offset || (terminated && offset >= value.offset + value.length))) return undefined;
  const quote = style === 'double' ? '"' : "'";
  return (name) => {
    const edit = renameEdit(text, value, name);
    if (edit.offset === value.offset) return edit;
    // The content's edit, widened to the whole scalar; a string being typed gets its closing quote.
    const closing = terminated ? quote : '';
    return {
      offset: value.offset,
      length: value.length,
      newText:
        text.slice(value.offset, edit.offset) +
        edit.newText +
        text.slice(edit.offset + edit.length, value.offset + value.length - closing.length) +
        quote,
    };
  };
}

function insertingValue(
  text: string,
  key: SyntaxNode,
  colon: number,
  value: SyntaxNode | undefined,
  offset: number,
): EditFor | undefined {
  if (!/^[ \t]*$/.test(text.slice(colon + 1, offset))) return undefined;
  const valueIsEmpty = !value || (value.type === 'null' && value.length === 0);
  if (!valueIsEmpty && !isNextMembersKey(text, value!)) return undefined;
  const json = scalarStyle(text, key) === 'double';
  const nextMember = json && /^\s*"/.test(text.slice(offset, offset + 200));
  return (name) => ({ offset, length: 0, newText: newScalar(text, key, name) + (nextMember ? ',' : '') });
}

/**
 * While `"declaration": ` has no value yet, JSON's parse reads the next member's key as its value:
 * a string followed by a colon is that key, not a value.
 */
function isNextMembersKey(text: string, value: SyntaxNode): boolean {
  return value.type === 'string' && /^\s*:/.test(text.slice(value.offset + value.length, value.offset + value.length + 200));
}
