// Requested schemas are nearly always MCP's flat forms: an object of primitive properties with
// types, bounds, enums, patterns and formats. Compiling each with ajv generates and evaluates code,
// milliseconds per schema, which on a large document costs many times its parse. Schemas made only
// of the keywords named here are validated here instead, by walking the schema, with the same results
// as ajv: the same errors in the same order (a differential test holds it to that). Handled: type,
// properties, required, additionalProperties, enum, const, anyOf, oneOf, the four number bounds,
// maxLength, minLength, pattern and format, and for arrays (tool schemas' lists of tags, ids, files)
// items (one schema), maxItems, minItems and uniqueItems; unknown keywords are ignored, as ajv
// ignores them. Anything else goes to ajv.
import { formatCheck } from './boundedFormats';
import { linearUniqueItemsCheck, type UniqueItemsCheck } from './ajvLinear';
import type { ErrorObject } from 'ajv';
import { safeRegExp, type RegExpLike } from './safeRegExp';
import type { JsonValue } from '../syntax/tree';
import { NotCheckedError } from '../timeBudget';

type SchemaObject = { [key: string]: JsonValue };

/** Keywords ajv knows and acts on that are not handled here: a schema using one goes to ajv. */
const DELEGATED = new Set([
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$defs',
  'definitions',
  '$vocabulary',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  'prefixItems',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'maxProperties',
  'minProperties',
  'multipleOf',
  'discriminator',
  'nullable',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
]);

const NUMBER_KEYWORDS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum'] as const;
const NUMBER_FAILS: Record<(typeof NUMBER_KEYWORDS)[number], [(data: number, limit: number) => boolean, string]> = {
  maximum: [(data, limit) => data > limit, '<='],
  minimum: [(data, limit) => data < limit, '>='],
  exclusiveMaximum: [(data, limit) => data >= limit, '<'],
  exclusiveMinimum: [(data, limit) => data <= limit, '>'],
};
const STRING_KEYWORDS = ['maxLength', 'minLength', 'pattern', 'format'];
/** ajv's array group, in its order: the bounds, items, then the linear uniqueItems (added last, ajvLinear.ts). */
const ARRAY_KEYWORDS = ['maxItems', 'minItems', 'items', 'uniqueItems'];
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

interface Prepared {
  schema: SchemaObject;
  types: string[];
  /** Whether the type error is reported inside the keyword group of the single type (as ajv does). */
  typeDeferred: boolean;
  /** ajv's keyword groups this schema uses. */
  numberGroup: boolean;
  stringGroup: boolean;
  arrayGroup: boolean;
  objectGroup: boolean;
  declaredNames?: Set<string>;
  pattern?: RegExpLike;
  format?: (value: string | number) => boolean;
  formatType?: 'string' | 'number';
  properties?: Array<[string, Prepared]>;
  /** Where each of `properties` is in it, by name. */
  propertyIndex?: Map<string, number>;
  additional?: boolean | Prepared;
  items?: Prepared;
  uniqueItems?: UniqueItemsCheck;
  anyOf?: Prepared[];
  oneOf?: Prepared[];
  /** The enum's values that are not objects or arrays (found by ===, so looked up), and the others (compared deeply). */
  enumScalars?: Set<JsonValue>;
  enumStructured?: JsonValue[];
}

function formatValidator(name: string): Pick<Prepared, 'format' | 'formatType'> {
  const check = formatCheck(name); // unknown formats are ignored
  if (!check) return {};
  return { format: check.validate as (value: string | number) => boolean, formatType: check.type };
}

function isSchemaObject(value: JsonValue | undefined): value is SchemaObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The schema prepared for validation, or undefined when it uses anything this walker does not handle. */
function prepare(schema: JsonValue, depth: number): Prepared | undefined {
  if (!isSchemaObject(schema) || depth > 16) return undefined;
  for (const key of Object.keys(schema)) if (DELEGATED.has(key)) return undefined;
  const rawType = schema.type;
  const types =
    rawType === undefined ? [] : typeof rawType === 'string' ? [rawType] : Array.isArray(rawType) ? rawType : undefined;
  if (!types || !types.every((type): type is string => typeof type === 'string' && JSON_TYPES.has(type))) return undefined;
  const prepared: Prepared = {
    schema,
    types,
    typeDeferred: false,
    numberGroup: NUMBER_KEYWORDS.some((keyword) => keyword in schema) || 'format' in schema,
    stringGroup: STRING_KEYWORDS.some((keyword) => keyword in schema),
    arrayGroup: ARRAY_KEYWORDS.some((keyword) => keyword in schema),
    objectGroup: 'required' in schema || 'properties' in schema || 'additionalProperties' in schema,
  };
  if (typeof schema.pattern === 'string') prepared.pattern = safeRegExp(schema.pattern, 'u');
  if (Array.isArray(schema.enum)) {
    // A value checked against 50,000 enum values in each of 500 steps: a lookup each, not 25 million comparisons.
    prepared.enumScalars = new Set();
    prepared.enumStructured = [];
    for (const value of schema.enum) {
      if (value !== null && typeof value === 'object') prepared.enumStructured.push(value);
      else prepared.enumScalars.add(value);
    }
  }
  if (typeof schema.format === 'string') Object.assign(prepared, formatValidator(schema.format));
  if ('properties' in schema) {
    if (!isSchemaObject(schema.properties)) return undefined;
    prepared.properties = [];
    for (const [name, propertySchema] of Object.entries(schema.properties)) {
      const child = prepare(propertySchema, depth + 1);
      if (!child) return undefined;
      prepared.properties.push([name, child]);
    }
    prepared.declaredNames = new Set(prepared.properties.map(([name]) => name));
    prepared.propertyIndex = new Map();
    prepared.properties.forEach(([name], index) => {
      prepared.propertyIndex!.set(name, index);
    });
  }
  if ('additionalProperties' in schema) {
    const additional = schema.additionalProperties;
    if (typeof additional === 'boolean') prepared.additional = additional;
    else {
      const child = prepare(additional, depth + 1);
      if (!child) return undefined;
      prepared.additional = child;
    }
  }
  if ('items' in schema) {
    // One schema for every item; the array form (draft-07's tuples) and boolean schemas go to ajv.
    const items = isSchemaObject(schema.items) ? prepare(schema.items, depth + 1) : undefined;
    if (!items) return undefined;
    prepared.items = items;
  }
  // The very function ajv's instances run (ajvLinear.ts), its quirks included.
  if ('uniqueItems' in schema) prepared.uniqueItems = linearUniqueItemsCheck();
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (!(keyword in schema)) continue;
    const branches = schema[keyword];
    if (!Array.isArray(branches)) return undefined;
    const branchSchemas: Prepared[] = [];
    for (const branch of branches) {
      const child = prepare(branch, depth + 1);
      if (!child) return undefined;
      branchSchemas.push(child);
    }
    prepared[keyword] = branchSchemas;
  }
  const single = types.length === 1 ? types[0] : undefined;
  prepared.typeDeferred = single !== undefined && hasGroupKeywords(prepared, single);
  return prepared;
}

function hasGroupKeywords(prepared: Prepared, type: string): boolean {
  if (type === 'number') return prepared.numberGroup;
  if (type === 'string') return prepared.stringGroup;
  if (type === 'array') return prepared.arrayGroup;
  if (type === 'object') return prepared.objectGroup;
  return false;
}

function typeMatches(type: string, data: JsonValue): boolean {
  switch (type) {
    case 'null':
      return data === null;
    case 'array':
      return Array.isArray(data);
    case 'object':
      return data !== null && typeof data === 'object' && !Array.isArray(data);
    case 'integer':
      return typeof data === 'number' && !(data % 1) && !Number.isNaN(data);
    case 'number':
      return typeof data === 'number';
    default:
      return typeof data === type;
  }
}

function deepEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual((a as SchemaObject)[key], (b as SchemaObject)[key]),
  );
}

/** Whether `data` deep-equals one of the enum's values (deepEqual of a scalar is ===, which the set's lookup agrees with on JSON values). */
function inEnum(prepared: Prepared, data: JsonValue): boolean {
  if (data === null || typeof data !== 'object') return prepared.enumScalars!.has(data);
  return prepared.enumStructured!.some((value) => deepEqual(data, value));
}

/** Length in code points, as JSON Schema counts it. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    count++;
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

type ErrorReport = (keyword: string, message: string, params?: Record<string, unknown>) => void;

function validateAnyOf(branches: Prepared[], data: JsonValue, path: string, errors: ErrorObject[], error: ErrorReport): void {
  const before = errors.length;
  let passed = false;
  for (const branch of branches) {
    const branchStart = errors.length;
    validate(branch, data, path, errors);
    if (errors.length === branchStart) {
      passed = true;
      break;
    }
  }
  if (passed) errors.length = before;
  else error('anyOf', 'must match a schema in anyOf');
}

function validateOneOf(branches: Prepared[], data: JsonValue, path: string, errors: ErrorObject[], error: ErrorReport): void {
  const before = errors.length;
  let valid = false;
  let passing: number | number[] | null = null;
  for (let i = 0; i < branches.length; i++) {
    const branchStart = errors.length;
    validate(branches[i], data, path, errors);
    const branchValid = errors.length === branchStart;
    if (i > 0 && branchValid && valid) {
      valid = false;
      passing = [passing as number, i];
      break;
    }
    if (branchValid) {
      valid = true;
      passing = i;
    }
  }
  if (valid) errors.length = before;
  else error('oneOf', 'must match exactly one schema in oneOf', { passingSchemas: passing });
}

function validate(prepared: Prepared, data: JsonValue, path: string, errors: ErrorObject[]): void {
  const { schema, types, typeDeferred } = prepared;
  const error = (keyword: string, message: string, params: Record<string, unknown> = {}) =>
    errors.push({ keyword, instancePath: path, schemaPath: '', params, message });
  const typeError = () => error('type', `must be ${types.join(',')}`, { type: schema.type });

  if (types.length > 0 && !typeDeferred && !types.some((type) => typeMatches(type, data))) typeError();
  // Keyword groups in ajv's order: untyped, number, string, object.
  if ('const' in schema && !deepEqual(data, schema.const))
    error('const', 'must be equal to constant', { allowedValue: schema.const });
  if (Array.isArray(schema.enum) && !inEnum(prepared, data)) {
    error('enum', 'must be equal to one of the allowed values', { allowedValues: schema.enum });
  }
  // anyOf stops at the first branch that passes; oneOf at the second (as ajv's generated code does).
  // A union that holds drops its branches' errors; one that fails keeps them and adds its own.
  if (prepared.anyOf) validateAnyOf(prepared.anyOf, data, path, errors, error);
  if (prepared.oneOf) validateOneOf(prepared.oneOf, data, path, errors, error);
  const deferredType = typeDeferred ? types[0] : undefined;
  if (prepared.numberGroup) {
    if (typeof data === 'number') {
      for (const keyword of NUMBER_KEYWORDS) {
        const limit = schema[keyword];
        if (typeof limit !== 'number') continue;
        const [fails, comparison] = NUMBER_FAILS[keyword];
        if (fails(data, limit) || Number.isNaN(data)) error(keyword, `must be ${comparison} ${limit}`, { comparison, limit });
      }
      if (prepared.format && prepared.formatType === 'number' && !prepared.format(data)) {
        error('format', `must match format "${String(schema.format)}"`, { format: schema.format });
      }
    } else if (deferredType === 'number') typeError();
  }
  if (prepared.stringGroup) {
    if (typeof data === 'string') {
      if (typeof schema.maxLength === 'number' && codePoints(data) > schema.maxLength) {
        error('maxLength', `must NOT have more than ${schema.maxLength} characters`, { limit: schema.maxLength });
      }
      if (typeof schema.minLength === 'number' && codePoints(data) < schema.minLength) {
        error('minLength', `must NOT have fewer than ${schema.minLength} characters`, { limit: schema.minLength });
      }
      if (prepared.pattern && !prepared.pattern.test(data)) {
        error('pattern', `must match pattern "${String(schema.pattern)}"`, { pattern: schema.pattern });
      }
      if (prepared.format && prepared.formatType === 'string' && !prepared.format(data)) {
        error('format', `must match format "${String(schema.format)}"`, { format: schema.format });
      }
    } else if (deferredType === 'string') typeError();
  }
  if (prepared.arrayGroup) {
    if (Array.isArray(data)) validateArray(prepared, data, path, errors, error);
    else if (deferredType === 'array') typeError();
  }
  if (prepared.objectGroup) {
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
      if (Array.isArray(schema.required)) {
        for (const name of schema.required) {
          if (typeof name !== 'string') continue;
          if (data[name] === undefined || !Object.prototype.hasOwnProperty.call(data, name)) {
            error('required', `must have required property '${name}'`, { missingProperty: name });
          }
        }
      }
      if (prepared.additional !== undefined) {
        for (const key of Object.keys(data)) {
          if (prepared.declaredNames?.has(key)) continue;
          if (prepared.additional === false) {
            errors.push({
              keyword: 'additionalProperties',
              instancePath: path,
              schemaPath: '',
              params: { additionalProperty: key },
              message: 'must NOT have additional properties',
            });
          } else if (prepared.additional !== true) {
            validate(prepared.additional, data[key], `${path}/${pointerSegment(key)}`, errors);
          }
        }
      }
      for (const [name, child] of propertiesPresent(prepared, data)) {
        validate(child, data[name], `${path}/${pointerSegment(name)}`, errors);
      }
    } else if (deferredType === 'object') typeError();
  }
}

function validateArray(prepared: Prepared, data: JsonValue[], path: string, errors: ErrorObject[], error: ErrorReport): void {
  const { schema } = prepared;
  if (typeof schema.maxItems === 'number' && data.length > schema.maxItems)
    error('maxItems', `must NOT have more than ${schema.maxItems} items`, { limit: schema.maxItems });
  if (typeof schema.minItems === 'number' && data.length < schema.minItems)
    error('minItems', `must NOT have fewer than ${schema.minItems} items`, { limit: schema.minItems });
  if (prepared.items) data.forEach((item, index) => validate(prepared.items!, item, `${path}/${index}`, errors));
  const unique = prepared.uniqueItems;
  if (unique && !unique(schema.uniqueItems as boolean, data, schema)) {
    const [found] = unique.errors ?? [];
    error('uniqueItems', found?.message ?? 'must NOT have duplicate items', found?.params ?? {});
  }
}

/**
 * The declared properties `data` has, in the schema's order (the order of their errors): found from
 * whichever is shorter, so that a value of a few members costs a few lookups against a schema of
 * thousands (a tool's 1,000 examples against its 20,000 properties).
 */
function propertiesPresent(prepared: Prepared, data: { [key: string]: JsonValue }): Array<[string, Prepared]> {
  const properties = prepared.properties ?? [];
  const has = (name: string) => data[name] !== undefined && Object.prototype.hasOwnProperty.call(data, name);
  const keys = Object.keys(data);
  if (keys.length >= properties.length) return properties.filter(([name]) => has(name));
  const indices: number[] = [];
  for (const key of keys) {
    const index = prepared.propertyIndex?.get(key);
    if (index !== undefined) indices.push(index);
  }
  return indices.sort((a, b) => a - b).map((index) => properties[index]);
}

export type SimpleValidateFunction = ((data: JsonValue) => boolean) & { errors?: ErrorObject[] | null };

/** The ajv-compatible validate function of a schema this walker handles, or undefined. */
export function simpleValidator(schema: JsonValue): SimpleValidateFunction | undefined {
  let prepared: Prepared | undefined;
  try {
    prepared = prepare(schema, 0);
  } catch (error) {
    // Not compiled in time: the caller says so. Else a pattern that does not compile: ajv reports it.
    if (error instanceof NotCheckedError) throw error;
    return undefined;
  }
  if (!prepared) return undefined;
  const root = prepared;
  const run = (data: JsonValue): boolean => {
    const errors: ErrorObject[] = [];
    validate(root, data, '', errors);
    run.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  run.errors = null as ErrorObject[] | null;
  return run;
}
