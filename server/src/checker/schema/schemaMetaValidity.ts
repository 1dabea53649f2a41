// Whether a requested schema is valid against its dialect's meta-schema, answered without ajv for the
// plain form schemas that nearly every document uses. ajv's validateSchema runs its compiled
// meta-schema validator over the whole schema: on a workspace of fresh schemas that was a tenth of a
// scan. Here each keyword the walker handles (simpleSchemaValidator.ts) and each annotation is
// checked against the strictest constraint the meta-schemas (draft-07, 2019-09, 2020-12, as ajv
// bundles them) put on it; a keyword no meta-schema knows is unconstrained. Anything else, or any doubt, is "not
// evident" and ajv decides: this only ever says yes where ajv says yes (a differential test holds
// it to that).
import { fullFormats } from 'ajv-formats/dist/formats';
import type { JsonValue } from '../syntax/tree';

type SchemaObject = { [key: string]: JsonValue };

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

/** Every keyword with a constraint in one of the three meta-schemas (those not checked below get ajv). */
const META_KEYWORDS = new Set([
  '$id',
  '$schema',
  '$ref',
  '$comment',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  '$vocabulary',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'type',
  'const',
  'enum',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'dependencies',
  'prefixItems',
  'items',
  'additionalItems',
  'contains',
  'additionalProperties',
  'properties',
  'patternProperties',
  'dependentSchemas',
  'propertyNames',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'format',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

const isString = (value: JsonValue): boolean => typeof value === 'string';
const isNumber = (value: JsonValue): boolean => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: JsonValue): boolean => typeof value === 'boolean';
const isNonNegativeInteger = (value: JsonValue): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isAnything = (): boolean => true;

/** The keywords vouched for here, each with its meta-schema constraint (subschemas are walked apart). */
const CHECKS: Record<string, (value: JsonValue) => boolean> = {
  title: isString,
  description: isString,
  $comment: isString,
  default: isAnything,
  examples: Array.isArray,
  deprecated: isBoolean,
  readOnly: isBoolean,
  writeOnly: isBoolean,
  const: isAnything,
  // draft-07 (as ajv bundles it) wants at least one value and no two equal; only primitives are
  // compared here, an enum of objects or arrays goes to ajv.
  enum: (value) =>
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => item === null || typeof item !== 'object') &&
    new Set(value).size === value.length,
  maximum: isNumber,
  minimum: isNumber,
  exclusiveMaximum: isNumber,
  exclusiveMinimum: isNumber,
  maxLength: isNonNegativeInteger,
  minLength: isNonNegativeInteger,
  maxItems: isNonNegativeInteger,
  minItems: isNonNegativeInteger,
  uniqueItems: isBoolean,
  format: isString,
  // ajv-formats' own "regex" check, as the meta-schemas ask for.
  pattern: (value) => typeof value === 'string' && (fullFormats.regex as (text: string) => boolean)(value),
  type: (value) =>
    typeof value === 'string'
      ? SIMPLE_TYPES.has(value)
      : Array.isArray(value) &&
        value.length > 0 &&
        value.every((type) => typeof type === 'string' && SIMPLE_TYPES.has(type)) &&
        new Set(value).size === value.length,
  required: (value) => Array.isArray(value) && value.every(isString) && new Set(value).size === value.length,
};

const MAX_DEPTH = 32;

/** True only where the schema is certainly valid against its meta-schema; false means "ask ajv". */
export function isEvidentlyValidSchema(schema: JsonValue, depth = 0): boolean {
  if (typeof schema === 'boolean') return true;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || depth > MAX_DEPTH) return false;
  for (const key of Object.keys(schema)) {
    const value = (schema as SchemaObject)[key];
    if (key === 'properties') {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      for (const name of Object.keys(value)) if (!isEvidentlyValidSchema(value[name], depth + 1)) return false;
    } else if (key === 'additionalProperties') {
      if (!isEvidentlyValidSchema(value, depth + 1)) return false;
    } else if (key === 'items') {
      // One schema: valid in every dialect; an array of them is draft-07's alone (ajv decides).
      if (Array.isArray(value) || !isEvidentlyValidSchema(value, depth + 1)) return false;
    } else if (key === 'anyOf' || key === 'oneOf') {
      if (!Array.isArray(value) || value.length === 0 || !value.every((branch) => isEvidentlyValidSchema(branch, depth + 1)))
        return false;
    } else if (Object.prototype.hasOwnProperty.call(CHECKS, key)) {
      if (!CHECKS[key](value)) return false;
    } else if (META_KEYWORDS.has(key)) {
      return false; // constrained, and not checked here
    }
    // Any other key is a keyword no meta-schema knows: unconstrained.
  }
  return true;
}
