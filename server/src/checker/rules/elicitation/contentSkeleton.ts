// The content "Add content" inserts: every required property of the requested schema, each with
// its default, else its first enum value (or const, or the first const of a titled oneOf/anyOf
// enum), else an empty value of its type.
import type { JsonValue } from '../../syntax/tree';

type SchemaObject = { [key: string]: JsonValue };

function asSchemaObject(value: JsonValue | undefined): SchemaObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

function has(object: SchemaObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

const MAX_DEPTH = 8;

export function contentSkeleton(schema: JsonValue | undefined, depth = 0): JsonValue {
  const object = asSchemaObject(schema);
  const result: { [key: string]: JsonValue } = {};
  if (!object || !Array.isArray(object.required)) return result;
  const properties = asSchemaObject(object.properties);
  for (const name of object.required) {
    if (typeof name !== 'string' || has(result, name)) continue;
    const propertySchema = properties && has(properties, name) ? properties[name] : undefined;
    Object.defineProperty(result, name, {
      value: placeholderFor(propertySchema, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

function placeholderFor(schema: JsonValue | undefined, depth: number): JsonValue {
  const object = asSchemaObject(schema);
  if (!object) return null;
  if (has(object, 'default')) return object.default;
  if (Array.isArray(object.enum) && object.enum.length > 0) return object.enum[0];
  if (has(object, 'const')) return object.const;
  const titled = firstAlternativeConst(object.oneOf) ?? firstAlternativeConst(object.anyOf);
  if (titled !== undefined) return titled;
  const types = Array.isArray(object.type) ? object.type : [object.type];
  const type = types.find((candidate) => typeof candidate === 'string' && candidate !== 'null') ?? types[0];
  switch (type) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return depth < MAX_DEPTH ? contentSkeleton(object, depth + 1) : {};
    default:
      return null;
  }
}

/** `[{ "const": "a", "title": "A" }, …]` (MCP's titled single-select enum): the first const. */
function firstAlternativeConst(alternatives: JsonValue | undefined): JsonValue | undefined {
  if (!Array.isArray(alternatives)) return undefined;
  for (const alternative of alternatives) {
    const object = asSchemaObject(alternative);
    if (object && has(object, 'const')) return object.const;
  }
  return undefined;
}
