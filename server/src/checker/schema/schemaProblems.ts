// Why a requested schema is not a usable JSON Schema, in the words of someone who writes schemas:
// `properties.ok.type: 'bool' is not a JSON Schema type; use one of array, boolean, …` instead of
// ajv's "data/properties/ok/type must be equal to one of the allowed values, … must be array, …
// must match a schema in anyOf". ajv reports a meta-schema violation as several errors at one place
// (one per branch of the meta-schema's anyOf, plus the anyOf itself); they are read together here,
// at the first place ajv names, and the others are counted.
import type { ErrorObject } from 'ajv';
import type { JsonValue } from '../syntax/tree';

const SIMPLE_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];
/** Meta-schema keywords that only say "one of the branches failed": the branches say how. */
const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', '$dynamicRef', '$recursiveRef']);

/**
 * Why ajv would not compile `schema`, from the message it threw and the errors it left (its
 * meta-schema's, when the message says the schema is invalid); undefined when this module has no
 * better words than ajv's own message.
 */
export function readableSchemaProblem(
  message: string,
  errors: readonly ErrorObject[] | null | undefined,
  schema: JsonValue,
): string | undefined {
  // ajv's errors are those of its last validation: only read after a meta-schema failure.
  if (message.startsWith('schema is invalid:')) return metaSchemaProblems(errors, schema);
  const regExp = /^Invalid regular expression: \/(?:[^]*)\/[a-z]*: (.*)$/.exec(message.split('\n')[0]);
  if (regExp)
    return placeOf(
      schema,
      (key, value) => key === 'pattern' && typeof value === 'string' && !compiles(value),
      (value) => `${shown(value)} is not a valid regular expression (${regExp[1]})`,
    );
  const reference = /^can't resolve reference (.*) from id /.exec(message);
  if (reference)
    return placeOf(
      schema,
      (key, value) => key === '$ref' && value === reference[1],
      (value) =>
        String(value).startsWith('#')
          ? `${shown(value)} points to nothing in the schema`
          : `${shown(value)} is not fetched; only references inside the requested schema resolve (a shared schema is a $componentRef)`,
    );
  return undefined;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The first member (depth first) that `matches`, described as `path: problem`. */
function placeOf(
  schema: JsonValue,
  matches: (key: string, value: JsonValue) => boolean,
  problem: (value: JsonValue) => string,
): string | undefined {
  const walk = (node: JsonValue, segments: string[], depth: number): string | undefined => {
    if (node === null || typeof node !== 'object' || depth > 64) return undefined;
    const entries: Array<[string, JsonValue]> = Array.isArray(node)
      ? node.map((item, index) => [String(index), item])
      : Object.entries(node);
    for (const [key, value] of entries) {
      if (!Array.isArray(node) && matches(key, value)) return `${pathText([...segments, key])}: ${problem(value)}`;
      const found = walk(value, [...segments, key], depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(schema, [], 0);
}

function metaSchemaProblems(errors: readonly ErrorObject[] | null | undefined, schema: JsonValue): string | undefined {
  if (!errors || errors.length === 0) return undefined;
  const path = errors[0].instancePath;
  const here = errors.filter((error) => error.instancePath === path);
  const segments =
    path === ''
      ? []
      : path
          .slice(1)
          .split('/')
          .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const value = valueAt(schema, segments);
  const text = `${pathText(segments)}: ${problemAt(segments, value, here)}`;
  // Errors inside or around the same place are the same problem seen from another branch.
  const related = (other: string): boolean => other === path || other.startsWith(`${path}/`) || path.startsWith(`${other}/`);
  const others = new Set(errors.map((error) => error.instancePath).filter((other) => !related(other))).size;
  return others > 0 ? `${text} (and ${others} more problem${others === 1 ? '' : 's'} in the schema)` : text;
}

function valueAt(schema: JsonValue, segments: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = schema;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (current !== null && typeof current === 'object' && Object.prototype.hasOwnProperty.call(current, segment))
      current = current[segment];
    else return undefined;
  }
  return current;
}

/** `properties.ok.type`, `anyOf[1].enum`, `properties["first name"]`; the root is "the schema". */
function pathText(segments: readonly string[]): string {
  if (segments.length === 0) return 'the schema';
  let text = '';
  segments.forEach((segment, index) => {
    if (/^\d+$/.test(segment) && index > 0) text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) text += index === 0 ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  });
  return text;
}

function shown(value: JsonValue | undefined): string {
  if (typeof value === 'string') return `'${value.length > 60 ? `${value.slice(0, 60)}…` : value}'`;
  const json = JSON.stringify(value) ?? 'nothing';
  return json.length > 60 ? `${json.slice(0, 60)}…` : json;
}

function kindOf(value: JsonValue | undefined): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${shown(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  return 'nothing';
}

const TYPE_WORDS: Record<string, string> = {
  array: 'an array',
  boolean: 'true or false',
  integer: 'an integer',
  null: 'null',
  number: 'a number',
  object: 'an object',
  string: 'a string',
};

function expectedTypes(types: readonly string[]): string {
  const set = new Set(types);
  // What the meta-schemas mean by {"type": ["object", "boolean"]}.
  if (set.has('object') && set.has('boolean') && set.size === 2) return 'a schema (an object, or true or false)';
  return types.map((type) => TYPE_WORDS[type] ?? type).join(' or ');
}

function problemAt(segments: readonly string[], value: JsonValue | undefined, errors: readonly ErrorObject[]): string {
  // `type` is the one keyword whose meta-schema is an anyOf of a name and a list of names.
  if (segments[segments.length - 1] === 'type' && segments[segments.length - 2] !== 'properties') {
    const typeProblem = typeKeywordProblem(value);
    if (typeProblem) return typeProblem;
  }
  const specific = errors.filter((error) => !COMBINATORS.has(error.keyword));
  if (specific.length === 0) return `is not valid here (${errors[0].message ?? errors[0].keyword})`;
  const typeErrors = specific.filter((error) => error.keyword === 'type');
  if (typeErrors.length === specific.length) {
    const types = typeErrors.flatMap((error) => String((error.params as { type?: string }).type ?? '').split(','));
    return `must be ${expectedTypes([...new Set(types)])}, not ${kindOf(value)}`;
  }
  // A wrong value beats a wrong type: the type errors are the other branches of an anyOf.
  const chosen = specific.find((error) => error.keyword !== 'type') ?? specific[0];
  return keywordProblem(chosen, value);
}

function typeKeywordProblem(value: JsonValue | undefined): string | undefined {
  const use = `use one of ${SIMPLE_TYPES.join(', ')}`;
  if (typeof value === 'string')
    return SIMPLE_TYPES.includes(value) ? undefined : `${shown(value)} is not a JSON Schema type; ${use}`;
  if (!Array.isArray(value)) return `must be a type name or a list of them, not ${kindOf(value)}; ${use}`;
  if (value.length === 0) return `lists no type; name at least one (${use})`;
  const unknown = value.find((type) => typeof type !== 'string' || !SIMPLE_TYPES.includes(type));
  if (unknown !== undefined) return `${shown(unknown)} is not a JSON Schema type; ${use}`;
  const repeated = value.find((type, index) => value.indexOf(type) !== index);
  if (repeated !== undefined) return `lists ${shown(repeated)} twice`;
  return undefined;
}

function keywordProblem(error: ErrorObject, value: JsonValue | undefined): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? (params.allowedValues as JsonValue[]) : [];
      return `${shown(value)} is not allowed; use one of ${allowed.map((item) => shown(item)).join(', ')}`;
    }
    case 'const':
      return `must be ${shown(params.allowedValue as JsonValue)}, not ${shown(value)}`;
    case 'type':
      return `must be ${expectedTypes(String(params.type).split(','))}, not ${kindOf(value)}`;
    case 'required':
      return `needs a '${String(params.missingProperty)}' member`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `'${String(params.additionalProperty ?? params.unevaluatedProperty)}' is not allowed here`;
    case 'propertyNames':
      return `'${String(params.propertyName)}' is not an allowed name here`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words: Record<string, string> = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' };
      return `must be ${words[String(params.comparison)] ?? String(params.comparison)} ${String(params.limit)}, not ${shown(value)}`;
    }
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}, not ${shown(value)}`;
    case 'minItems':
      return `must list at least ${String(params.limit)} value${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must list at most ${String(params.limit)} value${params.limit === 1 ? '' : 's'}`;
    case 'uniqueItems': {
      const list = Array.isArray(value) ? value : [];
      const repeated = typeof params.j === 'number' ? list[params.j] : undefined;
      return repeated === undefined ? 'must not list a value twice' : `lists ${shown(repeated)} twice`;
    }
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long`;
    case 'minProperties':
      return `must have at least ${String(params.limit)} member${params.limit === 1 ? '' : 's'}`;
    case 'maxProperties':
      return `must have at most ${String(params.limit)} member${params.limit === 1 ? '' : 's'}`;
    case 'pattern':
      return `${shown(value)} does not match the pattern ${String(params.pattern)}`;
    case 'format':
      return params.format === 'regex'
        ? `${shown(value)} is not a valid regular expression`
        : `${shown(value)} is not a valid ${String(params.format)}`;
    case 'dependencies':
    case 'dependentRequired':
      return `with '${String(params.property)}', '${String(params.missingProperty)}' is needed too`;
    default:
      return `${error.message ?? error.keyword}`;
  }
}
