// The one ajv set-up for a document's own schemas (tool schemas, requested schemas), per JSON Schema
// dialect: its options, formats and keywords. schemaValidator.ts compiles documents' schemas with it
// at run time; the build compiles each dialect's meta-schema with it ahead of time
// (scripts/precompile/metaSchemaSource.ts writes build/generated/metaSchemaValidators.ts), so that
// judging whether a schema is valid never makes ajv compile a meta-schema (0.15 s of CPU per process
// and dialect) nor needs `new Function`, which a host without 'unsafe-eval' refuses. The same
// set-up's meta-schema validators compiled at run time are the plain path a differential test holds
// the generated ones to (test/checker/metaSchemaPrecompiled.test.ts).
import Ajv2020 from 'ajv/dist/2020';
import Ajv2019 from 'ajv/dist/2019';
import AjvDraft7 from 'ajv';
import type { ErrorObject, Options } from 'ajv';
import { addBoundedFormats } from './boundedFormats';
import { safeRegExp } from './safeRegExp';
import { addLinearUniqueItems, appendGatheredErrors } from './ajvLinear';
import type { FormatSchemaRuntime, PrecompiledValidate } from './formatSchemaAjv';
import type { JsonValue } from '../syntax/tree';

export type Dialect = '2020-12' | '2019-09' | 'draft-07';

export const DIALECTS: readonly Dialect[] = ['2020-12', '2019-09', 'draft-07'];

/** Each dialect's meta-schema validator, by dialect (the generated module returns this). */
export type MetaSchemaValidators = Record<Dialect, PrecompiledValidate>;

const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  logger: false,
  validateFormats: true,
  ownProperties: true,
  addUsedSchema: false,
  inlineRefs: true,
  code: { regExp: safeRegExp, process: appendGatheredErrors },
};

/** The dialect a schema is read in, from its `$schema`. */
export function dialectOf(schema: JsonValue): Dialect {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return '2020-12';
  const declared = schema.$schema;
  if (typeof declared !== 'string') return '2020-12';
  if (/json-schema\.org\/draft\/2019-09\/schema/.test(declared)) return '2019-09';
  if (/json-schema\.org\/draft-0[67]\/schema/.test(declared)) return 'draft-07';
  // 2020-12 itself, and every dialect we do not know, are read as 2020-12 (spec: unknown $schema is ignored).
  return '2020-12';
}

/**
 * An ajv instance of `dialect`. `validatesSchemas` false: it compiles without checking the schema
 * against the meta-schema first (the caller has, with the precompiled validator). `runtime`: the
 * formats and uniqueItems function its code calls (fresh ones by default); `extra`: code-generation
 * options only (the build's `source` and where the generated code finds the formats).
 */
export function dialectAjv(
  dialect: Dialect,
  validatesSchemas: boolean,
  runtime?: Pick<FormatSchemaRuntime, 'formats' | 'uniqueItems'>,
  extra: Options['code'] = {},
): Ajv2020 | Ajv2019 | AjvDraft7 {
  const options: Options = {
    ...AJV_OPTIONS,
    ...(validatesSchemas ? {} : { validateSchema: false }),
    code: { ...AJV_OPTIONS.code, ...extra },
  };
  const ajv =
    dialect === '2019-09' ? new Ajv2019(options) : dialect === 'draft-07' ? new AjvDraft7(options) : new Ajv2020(options);
  addBoundedFormats(ajv, runtime?.formats);
  addLinearUniqueItems(ajv, runtime?.uniqueItems);
  return ajv;
}

/** The id of the meta-schema an instance of `dialect` validates schemas against (ajv's default one). */
export function metaSchemaId(ajv: Ajv2020 | Ajv2019 | AjvDraft7): string {
  const id = ajv.defaultMeta();
  if (typeof id !== 'string') throw new Error('ajv has no default meta-schema');
  return id;
}

/** What ajv's `validateSchema(schema, true)` throws for meta-schema errors `errors` (its errorsText, word for word). */
export function invalidSchemaMessage(errors: readonly ErrorObject[] | null | undefined): string {
  const text =
    errors && errors.length > 0 ? errors.map((error) => `data${error.instancePath} ${error.message}`).join(', ') : 'No errors';
  return `schema is invalid: ${text}`;
}
