// Compiles requested schemas with ajv, once per distinct schema, and never reaches outside the
// schema itself: no loadSchema, no schema registry shared between documents' $ids.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { metaSchemaValidators } from '../../../../build/generated/metaSchemaValidators';
import { detachedCopy, detachedString } from '../syntax/detachedString';
import { dialectAjv, dialectOf, invalidSchemaMessage, type Dialect, type MetaSchemaValidators } from './dialectAjv';
import { formatSchemaRuntime, type PrecompiledValidate } from './formatSchemaAjv';
import { isEvidentlyValidSchema } from './schemaMetaValidity';
import { readableSchemaProblem } from './schemaProblems';
import { simpleValidator, type SimpleValidateFunction } from './simpleSchemaValidator';
import { budgetLeftMs, NotCheckedError, outsideBudget, runCharged, runTimeBoxed, TimeLimitError } from '../timeBudget';
import { WeightedLru } from './weightedLru';
import { canGenerateCode, NO_CODE_GENERATION } from './codeGeneration';
import type { JsonValue } from '../syntax/tree';

export interface ValidationError {
  keyword: string;
  /** JSON pointer into the validated value. */
  instancePath: string;
  message: string;
  /** For a property the schema does not allow: its name. */
  disallowedProperty?: string;
  /** The message without the place it begins with ('must be string'), for callers that name the place their own way. */
  detail: string;
}

/**
 * A schema ready to validate with, or why it cannot be used. `validate` throws a NotCheckedError
 * (timeBudget.ts) when the value could not be checked: the document's budget is spent, a pattern or
 * format check took too long, or (`notCompiled`) the schema itself could not be compiled in time,
 * which says nothing about whether it is usable: the next check may compile it.
 */
export type CompiledSchema =
  { ok: true; validate(value: JsonValue): ValidationError[]; notCompiled?: NotCheckedError } | { ok: false; reason: string };

/**
 * Each dialect's meta-schema validator, precompiled at build time (dialectAjv.ts): made once per
 * process, when a schema first needs one. Judging a schema's validity needs no generated code.
 */
let metaValidators: MetaSchemaValidators | undefined;

/** The meta-schema validator of `dialect`; the first call of the process makes them (its setup, never charged to a document). */
function metaSchemaValidator(dialect: Dialect): PrecompiledValidate {
  metaValidators ??= outsideBudget(() => metaSchemaValidators(formatSchemaRuntime()));
  return metaValidators[dialect];
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
  const place = `${clip(where)} `;
  let message = `${place}${clip(error.message ?? 'is invalid')}`;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues as unknown[];
    const listed = allowed.slice(0, MAX_LISTED_VALUES).map((value) => clip(JSON.stringify(value) ?? String(value)));
    const more = allowed.length - listed.length;
    message += `: ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  } else if (disallowed !== undefined) {
    message += `: '${clip(disallowed)}'`;
  }
  return {
    keyword: error.keyword,
    instancePath: error.instancePath,
    message,
    disallowedProperty: disallowed,
    detail: message.slice(place.length),
  };
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
 * Validation is linear in schema and content for most schemas; $ref chains through anyOf are where
 * it is not (exponential), so validating with ajv against a schema using them, a very large schema,
 * or a large content value runs under the watchdog (timeBudget.ts). The walker
 * (simpleSchemaValidator.ts) is linear in the value and its schema, its patterns and formats short
 * steps of their own: it is timed and charged, never paying for a watchdog (a thread per call: a
 * tool's 1,000 examples against its 20,000-property schema spent half the budget on them).
 */
const COSTLY_KEYWORDS = /"\$(?:ref|dynamicRef|recursiveRef)":/;
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
  return `{${Object.keys(value)
    .map((name) => `${JSON.stringify(name)}:${keyWithNonFinite(value[name])}`)
    .join(',')}}`;
}

/**
 * Bounds on what the cache keeps (a long-running server sees endless distinct schemas while the
 * user types). Weights are characters: of schema text for walked schemas, of generated code for
 * ajv's (a kilobyte or so for a small schema, which takes some 4 KB of heap; megabytes for large ones).
 */
const MAX_CACHED_SCHEMAS = 5000;
const MAX_CACHED_SCHEMA_CHARS = 20_000_000;
const MAX_CACHED_AJV_SCHEMAS = 300;
const MAX_CACHED_AJV_CODE_CHARS = 5_000_000;
/**
 * An ajv instance holds every function it ever compiled (its scope refers to them, whatever
 * removeSchema drops): past this much generated code a shared instance is replaced by a new one.
 */
const MAX_AJV_INSTANCE_CODE_CHARS = 2_000_000;
/**
 * ajv generates code for every subschema: a schema with more subschemas than this is refused
 * before compiling (20,000 if/then/else properties took 27 s and 2.5 GB; this many, some 0.3 s).
 */
const MAX_AJV_SUBSCHEMAS = 2000;
/** One ajv compilation takes at most this long, and at most what is left of the document's budget. */
const AJV_COMPILE_LIMIT_MS = 1000;

function hasAtLeastObjects(value: JsonValue, limit: number): boolean {
  let count = 0;
  const pending: JsonValue[] = [value];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next === null || typeof next !== 'object') continue;
    if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else {
      if (++count >= limit) return true;
      for (const child of Object.values(next)) pending.push(child);
    }
  }
  return false;
}

type Ajv = ReturnType<typeof dialectAjv>;

export class SchemaValidatorCache {
  /** Schemas walked without ajv, and schemas found unusable. */
  private readonly walked = new WeightedLru<CompiledSchema>(MAX_CACHED_SCHEMAS, MAX_CACHED_SCHEMA_CHARS);
  private readonly byAjv = new WeightedLru<CompiledSchema>(MAX_CACHED_AJV_SCHEMAS, MAX_CACHED_AJV_CODE_CHARS);
  private readonly bySourceText = new WeightedLru<{ value: JsonValue; key: string }>(MAX_CACHED_SCHEMAS, MAX_CACHED_SCHEMA_CHARS);
  private readonly shared = new Map<Dialect, { ajv: Ajv; codeChars: number }>();

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
    // The tree's strings are slices of the document's text: a cached value made of them would keep
    // the whole text alive (a closed 10 MB document, or each edited version of an open one) as long
    // as the cache keeps the value. The key and the value are copies.
    const value = detachedCopy(valueOf());
    const key = schemaKey(value);
    this.bySourceText.set(detachedString(source), { value, key }, source.length);
    return { value, compiled: this.compileKeyed(value, key) };
  }

  /**
   * Drops every validator ajv compiled, and the ajv instances (which hold them all): called when a
   * document closes, so that what only it used is returned. Open documents recompile on a miss.
   */
  releaseCompiledCode(): void {
    this.byAjv.clear();
    this.shared.clear();
  }

  private compileKeyed(schema: JsonValue, key: string, remember = true): CompiledSchema {
    const cached = this.walked.get(key) ?? this.byAjv.get(key);
    if (cached) return cached;
    // What the cache keeps keeps its schema (see compileSource for why it is then a copy); a walked
    // schema of a document checked once is used and dropped with the document.
    const { result, codeChars, cacheable } = this.compileUncached(schema, key, remember);
    if (!cacheable) return result;
    if (codeChars !== undefined) this.byAjv.set(key, result, Math.max(codeChars, key.length));
    else if (remember) this.walked.set(key, result, key.length);
    return result;
  }

  /**
   * The instance to compile with, `own` when it serves this schema alone. Neither checks the schema
   * against the meta-schema (the precompiled validator has), so neither ever compiles a meta-schema.
   */
  private ajvFor(dialect: Dialect, serialized: string): { ajv: Ajv; own: boolean } {
    // A schema with its own $ids gets an instance of its own, so no document's ids resolve another's refs.
    if (serialized.includes('"$id":') || serialized.includes('"$anchor":') || serialized.includes('"$dynamicAnchor":')) {
      return { ajv: dialectAjv(dialect, false), own: true };
    }
    return { ajv: this.sharedAjv(dialect), own: false };
  }

  private sharedAjv(dialect: Dialect): Ajv {
    let entry = this.shared.get(dialect);
    if (!entry) {
      entry = { ajv: dialectAjv(dialect, false), codeChars: 0 };
      this.shared.set(dialect, entry);
    }
    return entry.ajv;
  }

  /** Counts code compiled by a shared instance, and retires the instance once it holds too much. */
  private charge(dialect: Dialect, ajv: Ajv, codeChars: number): void {
    const entry = this.shared.get(dialect);
    if (entry?.ajv !== ajv) return;
    entry.codeChars += codeChars;
    if (entry.codeChars > MAX_AJV_INSTANCE_CODE_CHARS) this.shared.delete(dialect);
  }

  private compileUncached(
    written: JsonValue,
    serialized: string,
    remember: boolean,
  ): { result: CompiledSchema; codeChars?: number; cacheable: boolean } {
    const unusable = (reason: string, cacheable = true) => ({ result: { ok: false as const, reason }, cacheable });
    if (typeof written !== 'boolean' && (written === null || typeof written !== 'object' || Array.isArray(written))) {
      return unusable('a JSON Schema must be an object or a boolean');
    }
    const dialect = dialectOf(written);
    const withoutDialect = (schema: JsonValue): JsonValue => {
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || !('$schema' in schema)) return schema;
      // The dialect is chosen above; its meta-schema validator then checks the schema.
      const copy = { ...schema };
      delete copy.$schema;
      return copy;
    };
    const compilable = withoutDialect(remember ? detachedCopy(written) : written);
    let simple: SimpleValidateFunction | undefined;
    // Out of this document's budget, the same schema may compile next time: not remembered.
    const budgetSpent = (error: NotCheckedError) => ({ result: notCompiled(error), cacheable: false });
    try {
      // A valid schema of the plain kind is walked, not compiled (see simpleSchemaValidator.ts); its
      // validity is evident without ajv's meta-schema validator nearly always (schemaMetaValidity.ts).
      simple = simpleValidator(compilable);
    } catch (error) {
      if (error instanceof NotCheckedError) return budgetSpent(error);
      const message = error instanceof Error ? error.message : String(error);
      return unusable(clip(readableSchemaProblem(message, null, compilable) ?? firstLine(message)));
    }
    if (simple && isEvidentlyValidSchema(compilable)) return { result: this.walkerOf(simple), cacheable: true };
    if (!simple && hasAtLeastObjects(compilable, MAX_AJV_SUBSCHEMAS + 1)) {
      return unusable(`too large/complex: over ${MAX_AJV_SUBSCHEMAS} subschemas to compile`);
    }
    if (budgetLeftMs() < 1) return budgetSpent(new TimeLimitError());
    const validateMeta = metaSchemaValidator(dialect);
    let metaErrors: ErrorObject[];
    try {
      // Linear in the schema (its patterns and formats bounded steps of their own): charged, not time-boxed.
      metaErrors = runCharged(() => (validateMeta(compilable) ? [] : (validateMeta.errors ?? [])));
    } catch (error) {
      if (error instanceof NotCheckedError) return budgetSpent(error);
      throw error;
    }
    if (metaErrors.length > 0) {
      const message = invalidSchemaMessage(metaErrors);
      return unusable(clip(readableSchemaProblem(message, metaErrors, compilable) ?? firstLine(message)));
    }
    if (simple) return { result: this.walkerOf(simple), cacheable: true };
    return this.compiledByAjv(dialect, serialized, remember ? compilable : withoutDialect(detachedCopy(written)));
  }

  /**
   * A schema valid against its meta-schema that the walker cannot read, compiled by ajv. Where the
   * host refuses generated code, nothing is claimed about what it validates, and the notice says why.
   * `compilable`: a copy, which ajv's validator keeps.
   */
  private compiledByAjv(
    dialect: Dialect,
    serialized: string,
    compilable: JsonValue,
  ): { result: CompiledSchema; codeChars?: number; cacheable: boolean } {
    if (!canGenerateCode()) return { result: notCompiled(new NotCheckedError(NO_CODE_GENERATION)), cacheable: true };
    const unusable = (reason: string) => ({ result: { ok: false as const, reason }, cacheable: true });
    const budgetSpent = (error: NotCheckedError) => ({ result: notCompiled(error), cacheable: false });
    const { ajv, own } = this.ajvFor(dialect, serialized);
    let compiled: ValidateFunction;
    try {
      // ajv's work on a schema grows with the schema, and some shapes grow it far faster: it is
      // time-boxed and charged to the document's budget like the validation itself.
      compiled = runTimeBoxed(() => ajv.compile(compilable as object | boolean), AJV_COMPILE_LIMIT_MS, COMPILING);
    } catch (error) {
      if (error instanceof NotCheckedError) {
        // Interrupted, the instance may be half way through registering the schema: never reuse it.
        if (!own) this.shared.delete(dialect);
        // Past its own limit (with budget to spare), the schema is too complex; else this document is out of time.
        return error.reason === COMPILE_TOOK_TOO_LONG
          ? unusable(`too large/complex: compiling it took over ${AJV_COMPILE_LIMIT_MS} ms`)
          : budgetSpent(error);
      }
      const message = error instanceof Error ? error.message : String(error);
      return unusable(clip(readableSchemaProblem(message, null, compilable) ?? firstLine(message)));
    } finally {
      // ajv keeps every compiled schema object; our own cache is the one that should bound memory.
      try {
        ajv.removeSchema(compilable as object);
      } catch {
        // removeSchema rejects schemas it never registered; nothing to drop then.
      }
    }
    const codeChars = Function.prototype.toString.call(compiled).length;
    if (!own) this.charge(dialect, ajv, codeChars);
    return { result: this.validatorOf(compiled, serialized), codeChars, cacheable: true };
  }

  private walkerOf(validateFunction: SimpleValidateFunction): CompiledSchema {
    return {
      ok: true,
      // A value that could not be checked throws (NotCheckedError): the caller says so, as a notice.
      validate(value: JsonValue): ValidationError[] {
        return runCharged(() => validateFunction(value)) ? [] : (validateFunction.errors ?? []).map(describe);
      },
    };
  }

  private validatorOf(validateFunction: ValidateFunction, serialized: string): CompiledSchema {
    const costlySchema = serialized.length > LARGE_SCHEMA_CHARS || COSTLY_KEYWORDS.test(serialized);
    return {
      ok: true,
      // A value that could not be checked throws (NotCheckedError): the caller says so, as a notice.
      validate(value: JsonValue): ValidationError[] {
        const run = () => validateFunction(value);
        const valid =
          costlySchema || hasAtLeastNodes(value, LARGE_CONTENT_NODES) ? runTimeBoxed(run, Infinity, VALIDATING) : runCharged(run);
        return valid ? [] : (validateFunction.errors ?? []).map(describe);
      },
    };
  }
}

const COMPILING = 'compiling it';
const COMPILE_TOOK_TOO_LONG = new TimeLimitError(COMPILING).reason;
const VALIDATING = 'validating it against its schema';

/**
 * A schema not compiled for want of time (`error` says why): usable as far as anyone knows, but
 * nothing is checked against it.
 */
function notCompiled(error: NotCheckedError): CompiledSchema {
  const refusal = new NotCheckedError(`the schema was not compiled (${error.reason})`);
  return {
    ok: true,
    notCompiled: error,
    validate(): ValidationError[] {
      throw refusal;
    },
  };
}
