// How a declaration reads in a hover or a completion's documentation: its mode, its message, and what
// it asks for (the requested schema's fields, or the url).
import type { Declaration } from '../rule/model';
import { memberOf, stringOf, type JsonValue } from '../tree';
import { code, escapeMarkdown } from './markdown';

/** Past this many fields the list says how many more there are. */
const MAX_FIELDS = 25;
const MAX_ENUM_VALUES = 5;

export function declarationHeading(name: string, toolLabel: string): string {
  return `**Elicitation ${code(name)}** of tool ${code(toolLabel)}`;
}

/** `form`, `url`, or what is wrong with the mode. */
export function modeText(declaration: Declaration): string {
  if (declaration.mode) return declaration.mode;
  if (declaration.value.type !== 'object') return 'invalid';
  return 'invalid mode';
}

export function messageOf(declaration: Declaration): string | undefined {
  return stringOf(memberOf(declaration.value, 'message'));
}

export function declarationMarkdown(declaration: Declaration, toolLabel: string): string {
  const parts = [declarationHeading(declaration.name, toolLabel)];
  const facts = [`Mode: ${code(modeText(declaration))}`];
  const message = messageOf(declaration);
  if (message !== undefined) facts.push(`Message: ${escapeMarkdown(message)}`);
  if (declaration.mode === 'url') {
    const url = stringOf(declaration.urlNode);
    facts.push(url !== undefined ? `URL: ${code(url)}` : 'URL: any (the declaration names none)');
  }
  parts.push(facts.join('  \n'));
  if (declaration.problem) parts.push(`Invalid: ${escapeMarkdown(declaration.problem)}.`);
  if (declaration.mode === 'form' && isObject(declaration.schema)) parts.push(fieldList(declaration.schema));
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
