// The one ajv set-up of the format's own schema (schemas/mcp-description-0.8.0.schema.json): its
// options, formats, keywords and the schemas its validators are compiled from. The build compiles
// it ahead of time with ajv's standalone code (scripts/precompile.mjs writes
// build/generated/formatSchemaValidators.ts, which the bundles import): no process pays ajv's
// compile at start-up (a second of CPU), and nothing runs `new Function`, which a host's content
// security policy without 'unsafe-eval' refuses. The same set-up compiled at run time is the plain
// path a differential test holds the generated validators to (test/document/formatSchemaPrecompiled.test.ts).
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, Options } from 'ajv';
import schemaJson from '../../../../schemas/mcp-description-0.8.0.schema.json';
import { addBoundedFormats, shippedSchemaFormatDefinitions, type BoundedFormatDefinition } from './boundedFormats';
import { safeRegExp, shippedPatternRegExp, type RegExpLike } from './safeRegExp';
import { addLinearUniqueItems, appendGatheredErrors, linearUniqueItemsCheck, type UniqueItemsCheck } from './ajvLinear';
import type { JsonValue } from '../syntax/tree';

export type SchemaObject = { [key: string]: JsonValue };

export const FORMAT_SCHEMA = schemaJson as unknown as SchemaObject;
export const FORMAT_SCHEMA_ID = String(FORMAT_SCHEMA.$id);

/** The ids of the validators the checker uses, by name (the generated module exports these names). */
export const FORMAT_SCHEMA_PARTS = {
  /** The root with `tools` as an array of anything (each tool is validated on its own). */
  root: `${FORMAT_SCHEMA_ID}:root-without-tools`,
  /** One element of `tools`. */
  tool: `${FORMAT_SCHEMA_ID}#/$defs/tool`,
} as const;

/**
 * What the validators call that is not ajv's: the bounded formats, the pattern engine and the
 * linear uniqueItems. The generated code reaches them as `runtime.<name>` (the names below), the
 * runtime-compiled validators through ajv's scope: the same functions either way.
 */
export interface FormatSchemaRuntime {
  formats: Record<string, BoundedFormatDefinition>;
  safeRegExp: (pattern: string, flags: string) => RegExpLike;
  uniqueItems: UniqueItemsCheck;
}

/** A validator as ajv's generated code is: a function that sets its own `errors`. */
export type PrecompiledValidate = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

export type FormatSchemaValidators = Record<keyof typeof FORMAT_SCHEMA_PARTS, PrecompiledValidate>;

/**
 * The runtime the precompiled validators are bound to: patterns and formats as shippedPatternRegExp
 * and shippedSchemaFormatDefinitions make them (nothing compiled until a value needs it, short
 * values natively), the same verdicts as safeRegExp's and boundedFormatDefinitions()' on every
 * value (test/checker/shippedChecks.test.ts).
 */
export function formatSchemaRuntime(): FormatSchemaRuntime {
  return { formats: shippedSchemaFormatDefinitions(), safeRegExp: shippedPatternRegExp, uniqueItems: linearUniqueItemsCheck() };
}

const BASE_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  logger: false,
  ownProperties: true,
  code: { regExp: safeRegExp, process: appendGatheredErrors },
};

/**
 * An ajv instance holding the format's schema and the root-without-tools variant, set up from
 * `runtime`. `extra` adds code-generation options only (the build's `code.source` and where the
 * generated code finds the formats): they change how the code is written out, never what it checks.
 */
export function formatSchemaAjv(runtime: FormatSchemaRuntime, extra: Options['code'] = {}): Ajv2020 {
  const ajv = new Ajv2020({ ...BASE_OPTIONS, code: { ...BASE_OPTIONS.code, ...extra } });
  addBoundedFormats(ajv, runtime.formats);
  addLinearUniqueItems(ajv, runtime.uniqueItems);
  ajv.addSchema(FORMAT_SCHEMA);
  const properties = FORMAT_SCHEMA.properties as SchemaObject;
  ajv.addSchema({
    ...FORMAT_SCHEMA,
    $id: FORMAT_SCHEMA_PARTS.root,
    properties: { ...properties, tools: { type: 'array', minItems: 1 } },
  });
  return ajv;
}
