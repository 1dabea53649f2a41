// Compiles requested schemas with ajv, once per distinct schema, and never reaches outside the
// schema itself: no loadSchema, no schema registry shared between documents' $ids.
import Ajv2020 from 'ajv/dist/2020';
import Ajv2019 from 'ajv/dist/2019';
import AjvDraft7 from 'ajv';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { PatternTimeoutError, safeRegExp } from './safeRegExp';
import { isEvidentlyValidSchema } from './schemaMetaValidity';
import { readableSchemaProblem } from './schemaProblems';
import { simpleValidator, type SimpleValidateFunction } from './simpleSchemaValidator';
import { runTimeBoxed, TimeLimitError } from './timeBudget';
import type { JsonValue } from './tree';

export interface ValidationError {
  keyword: string;
  /** JSON pointer into the validated value. */
  instancePath: string;
  message: string;
  /** For a property the schema does not allow: its name. */
  disallowedProperty?: string;
}

export type CompiledSchema =
  | { ok: true; validate(value: JsonValue): ValidationError[] }
  | { ok: false; reason: string };

type Dialect = '2020-12' | '2019-09' | 'draft-07';

const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  logger: false,
  validateFormats: true,
  ownProperties: true,
  addUsedSchema: false,
  inlineRefs: true,
  code: { regExp: safeRegExp },
};

function dialectOf(schema: JsonValue): Dialect {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return '2020-12';
  const declared = schema.$schema;
  if (typeof declared !== 'string') return '2020-12';
  if (/json-schema\.org\/draft\/2019-09\/schema/.test(declared)) return '2019-09';
  if (/json-schema\.org\/draft-0[67]\/schema/.test(declared)) return 'draft-07';
  // 2020-12 itself, and every dialect we do not know, are read as 2020-12 (spec: unknown $schema is ignored).
  return '2020-12';
}

function createAjv(dialect: Dialect) {
  const ajv =
    dialect === '2019-09' ? new Ajv2019(AJV_OPTIONS) : dialect === 'draft-07' ? new AjvDraft7(AJV_OPTIONS) : new Ajv2020(AJV_OPTIONS);
  addFormats(ajv);
  return ajv;
}

function describe(error: ErrorObject): ValidationError {
  const params = error.params as Record<string, unknown>;
  const disallowed =
    typeof params.additionalProperty === 'string'
      ? params.additionalProperty
      : typeof params.unevaluatedProperty === 'string'
        ? params.unevaluatedProperty
        : typeof error.propertyName === 'string'
          ? error.propertyName
          : undefined;
  const where = error.instancePath === '' ? 'content' : `content${error.instancePath}`;
  let message = `${clip(where)} ${clip(error.message ?? 'is invalid')}`;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues as unknown[];
    const listed = allowed.slice(0, MAX_LISTED_VALUES).map((value) => clip(JSON.stringify(value) ?? String(value)));
    const more = allowed.length - listed.length;
    message += `: ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  } else if (disallowed !== undefined) {
    message += `: '${clip(disallowed)}'`;
  }
  return { keyword: error.keyword, instancePath: error.instancePath, message, disallowedProperty: disallowed };
}

// Messages repeat per failing step: a 1 MB enum or pattern must not be copied into each of them.
const MAX_LISTED_VALUES = 20;
const MAX_MESSAGE_PART_CHARS = 200;

function clip(text: string): string {
  if (text.length <= MAX_MESSAGE_PART_CHARS) return text;
  const end = /[\uD800-\uDBFF]/.test(text[MAX_MESSAGE_PART_CHARS - 1]) ? MAX_MESSAGE_PART_CHARS - 1 : MAX_MESSAGE_PART_CHARS;
  return `${text.slice(0, end)}…`;
}

function firstLine(text: string): string {
  return text.split('\n')[0];
}

/**
 * Validation is linear in schema and content for most schemas; these keywords are where it is not
 * ($ref chains through anyOf are exponential, uniqueItems is quadratic), so validating against a
 * schema using them, a very large schema, or a large content value runs time-boxed (timeBudget.ts).
 */
const COSTLY_KEYWORDS = /"\$(?:ref|dynamicRef|recursiveRef)":|"uniqueItems":/;
const LARGE_SCHEMA_CHARS = 20_000;
const LARGE_CONTENT_NODES = 2_000;

function hasAtLeastNodes(value: JsonValue, limit: number): boolean {
  let count = 0;
  const pending: JsonValue[] = [value];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (++count >= limit) return true;
    if (next !== null && typeof next === 'object') {
      for (const child of Array.isArray(next) ? next : Object.values(next)) pending.push(child);
    }
  }
  return false;
}

/**
 * The cache key of a schema: its JSON text, member order included. JSON.stringify writes 1e400
 * (Infinity once parsed) as null, which would give {"maximum": 1e400} the cached result of
 * {"maximum": null} or the other way round; so a text with a null in it is written again with
 * non-finite numbers spelled out (bare, so that no string can collide with them).
 */
function schemaKey(schema: JsonValue): string {
  const key = JSON.stringify(schema);
  return key.includes('null') ? keyWithNonFinite(schema) : key;
}

function keyWithNonFinite(value: JsonValue): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(keyWithNonFinite).join(',')}]`;
  return `{${Object.keys(value).map((name) => `${JSON.stringify(name)}:${keyWithNonFinite(value[name])}`).join(',')}}`;
}

/** A bounded cache: a long-running server sees endless distinct schemas while the user types. */
const MAX_CACHED_SCHEMAS = 5000;
/** Code generated by ajv weighs some 100 KB a schema; walked schemas weigh next to nothing. */
const MAX_CACHED_AJV_SCHEMAS = 300;

export class SchemaValidatorCache {
  private readonly compiled = new Map<string, CompiledSchema>();
  /** Keys of the entries compiled by ajv, oldest first. */
  private readonly compiledByAjv: string[] = [];
  private readonly bySourceText = new Map<string, { value: JsonValue; key: string }>();
  private readonly shared = new Map<Dialect, ReturnType<typeof createAjv>>();

  /**
   * `remember` false: a schema walked without ajv is not kept (it costs little to prepare again,
   * and a document checked once must not fill the cache); one ajv compiled always is.
   */
  compile(schema: JsonValue, remember = true): CompiledSchema {
    // Member order is part of the key: it decides the order in which errors are reported.
    return this.compileKeyed(schema, schemaKey(schema), remember);
  }

  /** The schema written as `source` (JSON text): its value (built by `valueOf` on a miss) and validator. */
  compileSource(source: string, valueOf: () => JsonValue): { value: JsonValue; compiled: CompiledSchema } {
    const known = this.bySourceText.get(source);
    if (known) return { value: known.value, compiled: this.compileKeyed(known.value, known.key) };
    const value = valueOf();
    const key = schemaKey(value);
    // A slice of the document would keep the whole document alive as long as the key: copy it.
    this.bySourceText.set(Buffer.from(source, 'utf16le').toString('utf16le'), { value, key });
    if (this.bySourceText.size > MAX_CACHED_SCHEMAS) this.bySourceText.delete(this.bySourceText.keys().next().value as string);
    return { value, compiled: this.compileKeyed(value, key) };
  }

  private compileKeyed(schema: JsonValue, key: string, remember = true): CompiledSchema {
    const cached = this.compiled.get(key);
    if (cached) {
      // Refresh recency: Map iteration order is insertion order.
      this.compiled.delete(key);
      this.compiled.set(key, cached);
      return cached;
    }
    const { result, byAjv } = this.compileUncached(schema, key);
    if (!remember && !byAjv) return result;
    this.compiled.set(key, result);
    if (byAjv) {
      this.compiledByAjv.push(key);
      if (this.compiledByAjv.length > MAX_CACHED_AJV_SCHEMAS) this.compiled.delete(this.compiledByAjv.shift()!);
    }
    if (this.compiled.size > MAX_CACHED_SCHEMAS) this.compiled.delete(this.compiled.keys().next().value as string);
    return result;
  }

  private ajvFor(dialect: Dialect, serialized: string) {
    // A schema with its own $ids gets an instance of its own, so no document's ids resolve another's refs.
    if (serialized.includes('"$id":') || serialized.includes('"$anchor":') || serialized.includes('"$dynamicAnchor":')) {
      return createAjv(dialect);
    }
    let ajv = this.shared.get(dialect);
    if (!ajv) {
      ajv = createAjv(dialect);
      this.shared.set(dialect, ajv);
    }
    return ajv;
  }

  private compileUncached(schema: JsonValue, serialized: string): { result: CompiledSchema; byAjv: boolean } {
    if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
      return { result: { ok: false, reason: 'a JSON Schema must be an object or a boolean' }, byAjv: false };
    }
    const dialect = dialectOf(schema);
    let compilable: JsonValue = schema;
    if (typeof schema === 'object' && schema !== null && !Array.isArray(schema) && '$schema' in schema) {
      // The dialect is chosen above; the instance's own meta-schema then checks the schema.
      compilable = { ...schema };
      delete compilable.$schema;
    }
    const ajv = this.ajvFor(dialect, serialized);
    let validateFunction: ValidateFunction | SimpleValidateFunction;
    let simple: SimpleValidateFunction | undefined;
    try {
      // A valid schema of the plain kind is walked, not compiled (see simpleSchemaValidator.ts); its
      // validity is evident without ajv's meta-schema validator nearly always (schemaMetaValidity.ts).
      simple = simpleValidator(compilable);
      if (simple && !isEvidentlyValidSchema(compilable) && ajv.validateSchema(compilable as object | boolean) !== true) simple = undefined;
      validateFunction = simple ?? ajv.compile(compilable as object | boolean);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const readable = readableSchemaProblem(message, ajv.errors, compilable);
      return { result: { ok: false, reason: clip(readable ?? firstLine(message)) }, byAjv: false };
    } finally {
      // ajv keeps every compiled schema object; our own cache is the one that should bound memory.
      try {
        ajv.removeSchema(compilable as object);
      } catch {
        // removeSchema rejects schemas it never registered; nothing to drop then.
      }
    }
    const costlySchema = serialized.length > LARGE_SCHEMA_CHARS || COSTLY_KEYWORDS.test(serialized);
    const result: CompiledSchema = {
      ok: true,
      validate(value: JsonValue): ValidationError[] {
        try {
          const valid =
            costlySchema || hasAtLeastNodes(value, LARGE_CONTENT_NODES)
              ? runTimeBoxed(() => validateFunction(value), Infinity, 'validating it against the requested schema')
              : validateFunction(value);
          if (valid) return [];
        } catch (error) {
          if (!(error instanceof PatternTimeoutError) && !(error instanceof TimeLimitError)) throw error;
          return [{ keyword: 'pattern', instancePath: '', message: `content could not be checked: ${error.message}` }];
        }
        return (validateFunction.errors ?? []).map(describe);
      },
    };
    return { result, byAjv: simple === undefined };
  }
}
