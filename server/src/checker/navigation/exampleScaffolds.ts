// Snippets for a new member of a tool's `interactionExamples`: a named scenario with its input, one
// elicitation step filled from one of the tool's declarations (its request as the declaration says,
// an accepted response with the content skeleton "Add content" writes) and a completed result, so
// the document checks clean once the names are filled. One item per usable declaration; a tool
// without one gets none (a scenario needs at least one step, and a step must name a declaration).
//
// The result is a completed tool result for the revisions in scope: `resultType: "complete"` where
// every revision there has it (MCP's table), structured content where the tool has an object output
// schema. The input holds what the input schema requires.
import { contentSkeleton } from '../rules/elicitation/contentSkeleton';
import { MCP } from '../mcp/revisions';
import { resolveSchemaNode } from '../model/componentRef';
import { readTool, toolNameCounts, toolsArrayOf, type Declaration, type Tool } from '../model/documentModel';
import { detectIndentUnit } from '../syntax/layout';
import { memberOf, stringOf, valueOf, type JsonValue, type SyntaxNode } from '../syntax/tree';
import { declarationMarkdown } from './declarationMarkdown';
import { pathTo, rootAt, scopeAlong } from './documentPath';
import { keySlotAt, syntaxIn, type KeySlot } from './schemaCompletion';
import { jsonMemberSnippet, Members, TabStop, yamlMappingSnippet, type SnippetValue } from './snippetText';
import type { NavigationDocument, ScaffoldCompletion } from './types';

export function exampleScaffoldsAt(document: NavigationDocument, offset: number): ScaffoldCompletion[] | undefined {
  const slot = exampleSlotAt(document, offset);
  if (!slot) return undefined;
  const { tool } = slot;
  const result = resultFor(tool, scopeAlong(slot.path));
  const input = schemaSkeleton(memberOf(tool.node, 'inputSchema'), tool.root);
  const items: ScaffoldCompletion[] = [];
  for (const [name, declaration] of tool.declarationsByName) {
    const step = stepFor(declaration, name);
    if (!step) continue;
    const value = { input: input ?? {}, steps: [step], result };
    const label = `interaction example: ${name}`;
    const message = stringOf(declaration.messageNode);
    items.push({
      label,
      filterText: label,
      detail: `A scenario with a ${declaration.mode} step${message ? ` — ${message}` : ''}`,
      documentation: declarationMarkdown(declaration, name),
      sortText: `0${String(items.length).padStart(6, '0')}`,
      ...memberEdit(document, slot, new TabStop(1, 'example-name'), value),
    });
  }
  return items.length > 0 ? items : undefined;
}

/** Where a new scenario's name goes, in which tool. */
interface ExampleSlot extends Pick<KeySlot, 'range' | 'commaBefore' | 'commaAfter'> {
  tool: Tool;
  /** From the root to the tool (the revisions in scope are read along it). */
  path: SyntaxNode[];
}

function exampleSlotAt(document: NavigationDocument, offset: number): ExampleSlot | undefined {
  const slot = keySlotAt(document, offset);
  if (!slot) return syntaxIn(document).writing.membersOnIndentedLines ? emptyExamplesAt(document, offset) : undefined;
  const { path, object } = slot;
  // The slot is a key of the `interactionExamples` object: the path ends at it, its property before it.
  if (slot.keepsValue || !object || path[path.length - 1] !== object) return undefined;
  const tool = toolOwning(path, path.length - 2);
  return tool && { ...tool, range: slot.range, commaBefore: slot.commaBefore, commaAfter: slot.commaAfter };
}

/**
 * `interactionExamples:` with nothing under it yet, where members go on indented lines (YAML): the
 * parse has no mapping there, so a key on a line below it, indented deeper, is where its first
 * scenario goes.
 */
function emptyExamplesAt(document: NavigationDocument, offset: number): ExampleSlot | undefined {
  const { text } = document;
  let start = offset;
  while (start > 0 && /[\w.-]/.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && /[\w.-]/.test(text[end])) end++;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (!/^[ \t]*$/.test(text.slice(lineStart, start)) || /^[ \t]*:/.test(text.slice(end, end + 200))) return undefined;
  let before = lineStart - 1;
  while (before >= 0 && /\s/.test(text[before])) before--;
  const root = before >= 0 ? rootAt(document, before) : undefined;
  if (!root) return undefined;
  const path = pathTo(root, before);
  const index = path.findIndex((node) => node.type === 'property' && node.key.value === 'interactionExamples');
  const property = path[index];
  if (property?.type !== 'property' || (property.value && !(property.value.type === 'null' && property.value.length === 0)))
    return undefined;
  if (start - lineStart <= property.offset - (text.lastIndexOf('\n', property.offset - 1) + 1)) return undefined;
  const tool = toolOwning(path, index);
  return tool && { ...tool, range: { offset: start, length: end - start }, commaAfter: false };
}

/** The tool whose `interactionExamples` property is `path[index]` (root → tools → tool → property). */
function toolOwning(path: readonly SyntaxNode[], index: number): { tool: Tool; path: SyntaxNode[] } | undefined {
  const [root] = path;
  const property = path[index];
  const element = path[index - 1];
  const tools = toolsArrayOf(root);
  if (property?.type !== 'property' || property.key.value !== 'interactionExamples') return undefined;
  if (element?.type !== 'object' || !tools || path[index - 2] !== tools) return undefined;
  const position = tools.items.indexOf(element);
  if (position < 0) return undefined;
  return { tool: readTool(root, element, position, tools.items, toolNameCounts(tools.items)), path: path.slice(0, index) };
}

function memberEdit(
  document: NavigationDocument,
  slot: ExampleSlot,
  key: TabStop,
  value: { [key: string]: SnippetValue },
): Pick<ScaffoldCompletion, 'edit' | 'additionalEdits'> {
  const newText = syntaxIn(document).writing.membersOnIndentedLines
    ? yamlMappingSnippet(new Members([[key, value]]), '  ', '')
    : `${jsonMemberSnippet(key, value, detectIndentUnit(document.text))}${slot.commaAfter ? ',' : ''}`;
  return {
    edit: { ...slot.range, newText },
    additionalEdits: slot.commaBefore === undefined ? [] : [{ offset: slot.commaBefore, length: 0, newText: ',' }],
  };
}

/** An elicitation step using the declaration, as the step snippets write it; nothing when the declaration is not usable. */
function stepFor(declaration: Declaration, name: string): { [key: string]: SnippetValue } | undefined {
  const mode = declaration.mode;
  if (mode !== 'form' && mode !== 'url') return undefined;
  const request: { [key: string]: SnippetValue } = {
    mode,
    message: stringOf(declaration.messageNode) ?? new TabStop(2, 'message'),
  };
  const response: { [key: string]: SnippetValue } = { action: 'accept' };
  if (mode === 'url') {
    request.url = stringOf(declaration.urlNode) ?? new TabStop(3, 'https://example.com/');
  } else {
    if (!declaration.requestedSchemaNode) return undefined;
    const resolved = resolveSchemaNode(declaration.requestedSchemaNode, declaration.tool.root);
    if (!resolved.ok || resolved.node.type !== 'object') return undefined;
    request.requestedSchema = valueOf(declaration.requestedSchemaNode) as SnippetValue;
    response.content = contentSkeleton(valueOf(resolved.node)) as SnippetValue;
  }
  return { type: 'elicitation', declaration: name, request, response };
}

/** A completed result for every revision in scope: `resultType` where they all have it, structured content for an output schema. */
function resultFor(tool: Tool, scope: readonly string[]): { [key: string]: SnippetValue } {
  const result: { [key: string]: SnippetValue } = {};
  if (scope.length > 0 && scope.every((revision) => MCP.has(revision, 'result.resultType'))) result.resultType = 'complete';
  result.content = [{ type: 'text', text: new TabStop(4, 'What the tool returns.') }];
  const structured = schemaSkeleton(memberOf(tool.node, 'outputSchema'), tool.root);
  if (structured) result.structuredContent = structured;
  return result;
}

/** What an object schema requires, with placeholder values; nothing for a schema that is absent, unresolved or not an object. */
function schemaSkeleton(schema: SyntaxNode | undefined, root: SyntaxNode): SnippetValue | undefined {
  if (!schema) return undefined;
  const resolved = resolveSchemaNode(schema, root);
  if (!resolved.ok || resolved.node.type !== 'object') return undefined;
  const skeleton: JsonValue = contentSkeleton(valueOf(resolved.node));
  return skeleton as SnippetValue;
}
