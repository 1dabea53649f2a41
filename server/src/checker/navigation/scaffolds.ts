// Snippets where a new element of a tool's arrays goes: in an example's `steps`, an elicitation
// step filled from one of the tool's declarations (its request copied from the declaration and an
// accepted response whose `content` is the skeleton "Add content" writes, so the step checks clean);
// in `elicitations`, a declaration for each name the tool's steps use without declaring it (built
// from the step's request, as the "Declare elicitation" fix does) and an empty form and url one.
//
// A new element goes between elements (JSON; commas added as needed), into an empty `{}` element,
// or, in YAML, after a `- ` that has no value yet (or a word being typed there).
import { contentSkeleton } from '../rules/elicitation/contentSkeleton';
import { detectIndentUnit, indentationAt } from '../syntax/layout';
import { resolveSchemaNode } from '../model/componentRef';
import type { Declaration, Step, Tool } from '../model/documentModel';
import { isAliasCopy } from '../syntax/yaml/yamlTreeNode';
import { syntaxOf } from '../syntax/syntaxOf';
import { memberOf, stringOf, valueOf, type JsonValue, type SyntaxNode } from '../syntax/tree';
import { declarationMarkdown } from './declarationMarkdown';
import { contains, readToolAt, toolAt, toolMemberAt } from './locate';
import { jsonSnippet, Members, TabStop, yamlMappingSnippet, type SnippetValue } from './snippetText';
import type { NavigationDocument, ScaffoldCompletion } from './types';

export function scaffoldsAt(document: NavigationDocument, offset: number): ScaffoldCompletion[] | undefined {
  const at = toolAt(document, offset);
  if (!at) return undefined;
  const member = toolMemberAt(at.node, offset);
  if (member === 'elicitations') {
    const array = memberOf(at.node, 'elicitations');
    const slot = array && slotAt(document, array, offset);
    return slot && declarationScaffolds(readToolAt(at), slot);
  }
  if (member === 'interactionExamples') {
    const tool = readToolAt(at);
    const example = tool.examples.find((candidate) => contains(candidate.property, offset));
    const steps = example && memberOf(example.property.value, 'steps');
    const slot = steps && slotAt(document, steps, offset);
    return slot && stepScaffolds(tool, slot);
  }
  return undefined;
}

/** Where the new element goes and what separates it from its neighbours. */
export interface Slot {
  offset: number;
  length: number;
  /** Where the previous element needs its comma (it goes right after it, not at the cursor). */
  commaAt?: number;
  after: string;
  /** The text between the start of the replaced range and the cursor (what the editor filters on). */
  typed: string;
  /** The element is written on a `- ` line of its own (Syntax.writing), not between commas. */
  onDashLine: boolean;
  /** Indentation for the element's later lines, relative to its first line's. */
  indent: string;
  unit: string;
}

export function slotAt(document: NavigationDocument, array: SyntaxNode, offset: number): Slot | undefined {
  const { text } = document;
  if (array.type !== 'array' || isAliasCopy(array) || offset <= array.offset || offset > array.offset + array.length)
    return undefined;
  const dashLines = syntaxOf(document.format ?? 'json').writing.itemsOnDashLines;
  // A dash line's later lines line up after `- `: two spaces a level, whatever the text's own unit.
  const unit = dashLines ? '  ' : detectIndentUnit(text);
  const elements = array.items;
  const element =
    elements.find((candidate) => offset > candidate.offset && offset < candidate.offset + candidate.length) ??
    elements.find((candidate) => candidate.length === 0 && candidate.offset === offset) ??
    (dashLines
      ? elements.find((candidate) => candidate.offset < offset && candidate.offset + candidate.length === offset)
      : undefined);
  const base = { onDashLine: dashLines, unit, after: '' };
  if (element) {
    const source = text.slice(element.offset, element.offset + element.length);
    const emptyObject = element.type === 'object' && element.properties.length === 0 && !/[\r\n]/.test(source);
    const emptyDashItem = dashLines && element.type === 'null' && element.length === 0;
    const typedWord = dashLines && element.type === 'string' && /^[A-Za-z][\w -]*$/.test(source);
    if (!emptyObject && !emptyDashItem && !typedWord) return undefined;
    return {
      ...base,
      offset: element.offset,
      length: element.length,
      typed: text.slice(element.offset, offset),
      indent: indentFor(text, element.offset, dashLines),
      ...(dashLines ? {} : jsonNeighbourCommas(text, elements, element)),
    };
  }
  // Elsewhere only JSON (a block sequence's new item starts with `- `), and not past the closing bracket.
  if (dashLines || offset >= array.offset + array.length) return undefined;
  const previous = [...elements].reverse().find((candidate) => candidate.offset + candidate.length <= offset);
  const next = elements.find((candidate) => candidate.offset >= offset);
  const gapBefore = text.slice(previous ? previous.offset + previous.length : array.offset + 1, offset);
  const gapAfter = text.slice(offset, next ? next.offset : array.offset + array.length - 1);
  if (/[^\s,]/.test(withoutComments(gapBefore)) || /[^\s,]/.test(withoutComments(gapAfter))) return undefined;
  return {
    ...base,
    offset,
    length: 0,
    typed: '',
    ...(previous && !gapBefore.includes(',') ? { commaAt: previous.offset + previous.length } : {}),
    after: next && !gapAfter.includes(',') ? ',' : '',
    indent: '',
  };
}

/**
 * A `{}` typed before or after other elements without a comma (`[{}{"type": …}]`, the editor's
 * auto-closed brace at the start of a non-empty array): the commas that keep the array an array.
 */
function jsonNeighbourCommas(
  text: string,
  elements: readonly SyntaxNode[],
  element: SyntaxNode,
): Pick<Slot, 'commaAt' | 'after'> {
  const index = elements.indexOf(element);
  const previous = elements[index - 1];
  const next = elements[index + 1];
  const result: Pick<Slot, 'commaAt' | 'after'> = { after: '' };
  if (previous && !withoutComments(text.slice(previous.offset + previous.length, element.offset)).includes(','))
    result.commaAt = previous.offset + previous.length;
  if (next && !withoutComments(text.slice(element.offset + element.length, next.offset)).includes(',')) result.after = ',';
  return result;
}

/**
 * `gap` without its `//` comments (to the line's end) and closed `/* … *\/` comments: what
 * `gap.replace(/\/\/.*|\/\*[^]*?\*\//g, '')` gives, in linear time (that expression scans to the end
 * from every `/*` of an unclosed comment: minutes on a megabyte of them).
 */
export function withoutComments(gap: string): string {
  let kept = '';
  let from = 0;
  /** No `*\/` at or after this index. */
  let noCloseFrom = Infinity;
  for (let index = 0; index < gap.length - 1;) {
    if (gap[index] === '/' && gap[index + 1] === '/') {
      let end = index + 2;
      while (end < gap.length && !isLineTerminator(gap.charCodeAt(end))) end++;
      kept += gap.slice(from, index);
      index = from = end;
    } else if (gap[index] === '/' && gap[index + 1] === '*' && index + 2 < noCloseFrom) {
      const close = gap.indexOf('*/', index + 2);
      if (close === -1) {
        noCloseFrom = index + 2;
        index++;
        continue;
      }
      kept += gap.slice(from, index);
      index = from = close + 2;
    } else index++;
  }
  return kept + gap.slice(from);
}

function isLineTerminator(unit: number): boolean {
  return unit === 0x0a || unit === 0x0d || unit === 0x2028 || unit === 0x2029;
}

/** A dash line item's later lines line up with its first key (after `- `): that much more than the line's indentation. */
function indentFor(text: string, offset: number, dashLines: boolean): string {
  if (!dashLines) return '';
  const lineStart = Math.max(text.lastIndexOf('\n', offset - 1) + 1, 0);
  return ' '.repeat(Math.max(0, offset - lineStart - indentationAt(text, offset).length));
}

export function render(
  slot: Slot,
  value: SnippetValue & ({ [key: string]: SnippetValue } | Members),
): Pick<ScaffoldCompletion, 'edit' | 'additionalEdits'> {
  const body = slot.onDashLine ? yamlMappingSnippet(value, slot.unit, slot.indent) : jsonSnippet(value, slot.unit);
  // A comma due where the element goes (the cursor right after the previous element) leads its text:
  // an additional edit at the main edit's own position would overlap it.
  if (slot.commaAt === slot.offset) {
    return { edit: { offset: slot.offset, length: slot.length, newText: `, ${body}${slot.after}` }, additionalEdits: [] };
  }
  const edit = { offset: slot.offset, length: slot.length, newText: `${body}${slot.after}` };
  return { edit, additionalEdits: slot.commaAt === undefined ? [] : [{ offset: slot.commaAt, length: 0, newText: ',' }] };
}

export function filterText(slot: Slot, label: string): string {
  return `${slot.typed.startsWith('{') ? '{' : ''}${label}`;
}

function stepScaffolds(tool: Tool, slot: Slot): ScaffoldCompletion[] {
  const items: ScaffoldCompletion[] = [];
  let index = 0;
  for (const [name, declaration] of tool.declarationsByName) {
    const request = requestOf(declaration);
    if (!request) continue;
    const response: { [key: string]: SnippetValue } = { action: 'accept' };
    if (declaration.mode === 'form') response.content = contentSkeleton(request.schema) as SnippetValue;
    const value = { type: 'elicitation', declaration: name, request: request.value, response };
    const label = `elicitation step: ${name}`;
    const message = stringOf(declaration.messageNode);
    items.push({
      label,
      filterText: filterText(slot, label),
      detail: `${declaration.mode} step${message ? ` — ${message}` : ''}`,
      documentation: declarationMarkdown(declaration, name),
      sortText: String(index++).padStart(6, '0'),
      ...render(slot, value),
    });
  }
  return items;
}

/** The request a step naming `declaration` needs, or nothing when the declaration is not usable. */
function requestOf(declaration: Declaration): { value: { [key: string]: SnippetValue }; schema?: JsonValue } | undefined {
  const mode = declaration.mode;
  if (!mode) return undefined;
  const message = stringOf(declaration.messageNode);
  const value: { [key: string]: SnippetValue } = { mode, message: message ?? new TabStop(2, 'message') };
  if (mode === 'url') {
    value.url = stringOf(declaration.urlNode) ?? new TabStop(1, 'https://example.com/');
    return { value };
  }
  if (!declaration.requestedSchemaNode) return undefined;
  const resolved = resolveSchemaNode(declaration.requestedSchemaNode, declaration.tool.root);
  if (!resolved.ok || resolved.node.type !== 'object') return undefined;
  value.requestedSchema = valueOf(declaration.requestedSchemaNode) as SnippetValue;
  return { value, schema: valueOf(resolved.node) };
}

function declarationScaffolds(tool: Tool, slot: Slot): ScaffoldCompletion[] {
  const items: ScaffoldCompletion[] = [];
  const seen = new Set<string>();
  for (const step of tool.steps) {
    const name = step.declarationName;
    if (name === undefined || step.declaration || seen.has(name)) continue;
    seen.add(name);
    const value = declarationFromStep(step, name);
    if (!value) continue;
    const label = `declaration: ${name}`;
    items.push({
      label,
      filterText: filterText(slot, label),
      detail: `${value.mode} declaration for the steps naming '${name}'`,
      sortText: `0${String(items.length).padStart(6, '0')}`,
      ...render(slot, value),
    });
  }
  const form = new Members([
    ['name', new TabStop(1, 'name')],
    ['mode', 'form'],
    ['message', new TabStop(2, 'message')],
    [
      'requestedSchema',
      new Members([
        ['type', 'object'],
        [
          'properties',
          new Members([[new TabStop(3, 'field'), { type: new TabStop(4, '', ['string', 'number', 'integer', 'boolean']) }]]),
        ],
        ['required', [new TabStop(3, 'field')]],
      ]),
    ],
  ]);
  const url = {
    name: new TabStop(1, 'name'),
    mode: 'url',
    message: new TabStop(2, 'message'),
    url: new TabStop(3, 'https://example.com/'),
  };
  items.push(
    {
      label: 'form declaration',
      filterText: filterText(slot, 'form declaration'),
      detail: 'An elicitation asking for fields',
      sortText: '1000000',
      ...render(slot, form),
    },
    {
      label: 'url declaration',
      filterText: filterText(slot, 'url declaration'),
      detail: 'An elicitation sending the user to a URL',
      sortText: '1000001',
      ...render(slot, url),
    },
  );
  return items;
}

/** What "Declare elicitation" appends for a step: its effective mode, message and schema or url. */
function declarationFromStep(step: Step, name: string): { [key: string]: SnippetValue } | undefined {
  const mode = step.requestMode;
  if (mode !== 'form' && mode !== 'url') return undefined;
  const message = stringOf(memberOf(step.request, 'message'));
  const value: { [key: string]: SnippetValue } = { name, mode, message: message || new TabStop(1, `Confirm ${name}.`) };
  if (mode === 'url') {
    const url = stringOf(memberOf(step.request, 'url'));
    if (url !== undefined) value.url = url;
    return value;
  }
  const schema = memberOf(step.request, 'requestedSchema');
  value.requestedSchema =
    schema?.type === 'object' ? (valueOf(schema) as SnippetValue) : { type: 'object', properties: {}, required: [] };
  return value;
}
