// Completion of a step's `declaration`: the tool's declared names. Inside the string, an item replaces
// the string's content; right after `"declaration": ` with no value yet, it inserts a quoted name.
// Declarations in the mode of the step's request come first.
import { schemaCache } from '../check';
import { readTool } from '../rule/readTool';
import { keyNodeOf, memberOf, stringOf, type SyntaxNode } from '../tree';
import type { OffsetEdit } from '../types';
import { declarationMarkdown, messageOf, modeText } from './declarationMarkdown';
import { locate } from './locate';
import { isTerminated, newScalar, renameEdit, scalarStyle } from './scalarText';
import type { NameCompletion, NavigationDocument } from './types';

export function completionAt(document: NavigationDocument, offset: number): NameCompletion[] | undefined {
  const location = locate(document, offset);
  if (location?.kind !== 'step-declaration' || location.part === 'key') return undefined;
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

  const tool = readTool(location.tool.node, location.tool.index, schemaCache);
  const requestMode = requestModeOf(location.step);
  const items: NameCompletion[] = [];
  let index = 0;
  for (const [name, declaration] of tool.declarations) {
    const matchesRequestMode = requestMode !== undefined && declaration.mode === requestMode;
    const message = messageOf(declaration);
    items.push({
      name,
      detail: message !== undefined ? `${modeText(declaration)} — ${message}` : modeText(declaration),
      documentation: declarationMarkdown(declaration, tool.label),
      matchesRequestMode,
      sortText: `${matchesRequestMode || requestMode === undefined ? 0 : 1}${String(index++).padStart(6, '0')}`,
      edit: editFor(name),
    });
  }
  return items;
}

/** The effective mode of the step's request, or undefined when it has no request object or an unreadable mode. */
function requestModeOf(step: SyntaxNode): string | undefined {
  const request = memberOf(step, 'request');
  if (request?.type !== 'object') return undefined;
  const modeNode = memberOf(request, 'mode');
  return modeNode ? stringOf(modeNode) : 'form';
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
    // A string being typed gets its closing quote (unless the edit rewrote the whole scalar).
    const closes = !terminated && edit.offset > value.offset;
    return closes ? { ...edit, newText: edit.newText + quote } : edit;
  };
}

function insertingValue(text: string, key: SyntaxNode, colon: number, value: SyntaxNode | undefined, offset: number): EditFor | undefined {
  if (!/^[ \t]*$/.test(text.slice(colon + 1, offset))) return undefined;
  const valueIsEmpty = !value || (value.type === 'null' && value.length === 0);
  // A value further down is the next member, read as this one's value while this one is incomplete.
  if (!valueIsEmpty && !/[\r\n]/.test(text.slice(offset, value!.offset))) return undefined;
  const json = scalarStyle(text, key) === 'double';
  const nextMember = json && /^\s*"/.test(text.slice(offset, offset + 200));
  return (name) => ({ offset, length: 0, newText: newScalar(text, key, name) + (nextMember ? ',' : '') });
}
