// How a declaration reads in a hover or a completion's documentation: its mode, its message, and what
// it asks for (the requested schema's fields, through a `$componentRef` when it has one, or the url).
import { resolveSchemaNode } from '../model/componentRef';
import type { Declaration, Tool } from '../model/documentModel';
import { stringOf, valueOf, type JsonValue } from '../syntax/tree';
import { code, escapeMarkdown } from './markdown';

/** Past this many fields the list says how many more there are. */
const MAX_FIELDS = 25;
const MAX_ENUM_VALUES = 5;

/** `tools[2]`, or its name, with the scope that tells it from other tool objects of that name. */
export function toolLabel(tool: Tool): string {
  const label = code(tool.name ?? `tools[${tool.index}]`);
  return tool.scope === undefined ? label : `${label} (${escapeMarkdown(tool.scope)})`;
}

export function declarationHeading(name: string, tool: Tool): string {
  return `**Elicitation ${code(name)}** of tool ${toolLabel(tool)}`;
}

/** `form`, `url`, or what is wrong with the mode (a declaration has no default mode). */
export function modeText(declaration: Declaration): string {
  if (declaration.mode) return declaration.mode;
  return declaration.modeNode ? 'invalid mode' : 'no mode';
}

/** `problem`: why the rule cannot use the declaration, when the caller asked (it costs a schema compile). */
export function declarationMarkdown(declaration: Declaration, name: string, problem?: string): string {
  const parts = [declarationHeading(name, declaration.tool)];
  const facts = [`Mode: ${code(modeText(declaration))}`];
  const message = stringOf(declaration.messageNode);
  if (message !== undefined) facts.push(`Message: ${escapeMarkdown(message)}`);
  if (declaration.mode === 'url') {
    const url = stringOf(declaration.urlNode);
    facts.push(url !== undefined ? `URL: ${code(url)}` : 'URL: any (the declaration names none)');
  }
  parts.push(facts.join('  \n'));
  if (problem) parts.push(`Invalid: ${escapeMarkdown(problem)}.`);
  if (declaration.mode === 'form' && declaration.requestedSchemaNode) {
    const resolved = resolveSchemaNode(declaration.requestedSchemaNode, declaration.tool.root);
    if (resolved.ok && resolved.node.type === 'object') {
      const schema = valueOf(resolved.node);
      if (isObject(schema)) parts.push(fieldList(schema, resolved.via));
    }
  }
  return parts.join('\n\n');
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The requested schema as a short list: `name`: type (required). `via`: the reference it came through. */
export function fieldList(schema: { [key: string]: JsonValue }, via?: string): string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((item): item is string => typeof item === 'string') : [],
  );
  const names = Object.keys(properties);
  const title = via === undefined ? 'Requested fields' : `Requested fields (from ${code(via)})`;
  if (names.length === 0) return `${title}: none`;
  const lines = names.slice(0, MAX_FIELDS).map((name) => {
    const notes = required.has(name) ? ' (required)' : '';
    return `- ${code(name)}: ${escapeMarkdown(typeText(properties[name]))}${notes}`;
  });
  if (names.length > MAX_FIELDS) lines.push(`- … and ${names.length - MAX_FIELDS} more`);
  return `${title}:\n${lines.join('\n')}`;
}

function typeText(property: JsonValue): string {
  if (!isObject(property)) return 'any';
  const type = property.type;
  let text = typeof type === 'string' ? type : Array.isArray(type) ? type.filter((t) => typeof t === 'string').join(' | ') : '';
  if (Array.isArray(property.enum)) {
    const values = property.enum.slice(0, MAX_ENUM_VALUES).map((value) => JSON.stringify(value));
    if (property.enum.length > MAX_ENUM_VALUES) values.push('…');
    text = `${text ? `${text}, ` : ''}one of ${values.join(', ')}`;
  }
  if (typeof property.format === 'string') text = `${text || 'any'}, format ${property.format}`;
  return text || 'any';
}
