// How a declaration reads in a hover or a completion's documentation: its mode, its message, and what
// it asks for (the requested schema's fields, or the url).
import { memberOf, stringOf, valueOf, type JsonValue } from '../tree';
import { modeText, type DeclarationView } from './declarationView';
import { code, escapeMarkdown } from './markdown';

/** Past this many fields the list says how many more there are. */
const MAX_FIELDS = 25;
const MAX_ENUM_VALUES = 5;

export function declarationHeading(name: string, toolLabel: string): string {
  return `**Elicitation ${code(name)}** of tool ${code(toolLabel)}`;
}

/** `problem`: why the rule cannot use the declaration, when the caller asked (it costs a schema compile). */
export function declarationMarkdown(view: DeclarationView, toolLabel: string, problem?: string): string {
  const parts = [declarationHeading(view.name, toolLabel)];
  const facts = [`Mode: ${code(modeText(view))}`];
  if (view.message !== undefined) facts.push(`Message: ${escapeMarkdown(view.message)}`);
  if (view.mode === 'url') {
    const url = stringOf(memberOf(view.value, 'url'));
    facts.push(url !== undefined ? `URL: ${code(url)}` : 'URL: any (the declaration names none)');
  }
  parts.push(facts.join('  \n'));
  if (problem) parts.push(`Invalid: ${escapeMarkdown(problem)}.`);
  const schemaNode = view.mode === 'form' ? memberOf(view.value, 'requestedSchema') : undefined;
  if (schemaNode?.type === 'object') {
    const schema = valueOf(schemaNode);
    if (isObject(schema)) parts.push(fieldList(schema));
  }
  return parts.join('\n\n');
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The requested schema as a short list: `name`: type (required). */
export function fieldList(schema: { [key: string]: JsonValue }): string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((item): item is string => typeof item === 'string') : []);
  const names = Object.keys(properties);
  if (names.length === 0) return 'Requested fields: none';
  const lines = names.slice(0, MAX_FIELDS).map((name) => {
    const notes = required.has(name) ? ' (required)' : '';
    return `- ${code(name)}: ${escapeMarkdown(typeText(properties[name]))}${notes}`;
  });
  if (names.length > MAX_FIELDS) lines.push(`- … and ${names.length - MAX_FIELDS} more`);
  return `Requested fields:\n${lines.join('\n')}`;
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
