// The source of build/generated/formatSchemaValidators.ts: the format's schema compiled by ajv's
// standalone code generation, from the very set-up the checker would compile it with at run time
// (server/src/checker/schema/formatSchemaAjv.ts). scripts/precompile.mjs bundles and runs this at
// build time; the generated module is never committed.
import standaloneCode from 'ajv/dist/standalone';
import { _, Name } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020';
import { FORMAT_SCHEMA_PARTS, formatSchemaAjv, formatSchemaRuntime } from '../../server/src/checker/schema/formatSchemaAjv';
import { appendGatheredErrors } from '../../server/src/checker/schema/ajvLinear';

/** Where the generated code finds what formatSchemaAjv.ts's FormatSchemaRuntime holds. */
const RUNTIME = 'runtime';

/**
 * ajv writes a custom keyword's function into standalone code only when told how to reach it, and
 * a `validate` keyword has no such field: the linear uniqueItems (the one such keyword) is named
 * here as the runtime's. Anything else without code makes standaloneCode throw, failing the build.
 */
function nameKeywordFunctions(ajv: Ajv2020, uniqueItems: unknown): void {
  type ScopeName = { value?: { ref: unknown; code?: unknown } };
  const values = (ajv.scope as unknown as { _values: Record<string, Map<unknown, ScopeName> | undefined> })._values;
  for (const name of values.keyword?.values() ?? []) {
    if (name.value && name.value.ref === uniqueItems) name.value.code = _`${new Name(RUNTIME)}.uniqueItems`;
  }
}

/** The generated module's text. */
export function formatSchemaModuleSource(): string {
  const runtime = formatSchemaRuntime();
  const ajv = formatSchemaAjv(runtime, { source: true, formats: _`${new Name(RUNTIME)}.formats` });
  for (const id of Object.values(FORMAT_SCHEMA_PARTS)) ajv.getSchema(id);
  nameKeywordFunctions(ajv, runtime.uniqueItems);
  // At run time ajv applies `code.process` to what it compiles; standalone code is written unprocessed.
  const code = appendGatheredErrors(standaloneCode(ajv, { ...FORMAT_SCHEMA_PARTS }));
  const body = code.replace(/^"use strict";/, '');
  if (!body.includes(`${RUNTIME}.safeRegExp`))
    throw new Error('the generated code does not reach the pattern engine as expected');
  return [
    '// @ts-nocheck',
    '/* eslint-disable */',
    '// Generated at build time by scripts/precompile.mjs (scripts/precompile/formatSchemaSource.ts) from',
    "// schemas/mcp-description-0.8.0.schema.json with ajv's standalone code. Never edited, never committed.",
    "import type { FormatSchemaRuntime, FormatSchemaValidators } from '../../server/src/checker/schema/formatSchemaAjv';",
    '',
    `export function formatSchemaValidators(${RUNTIME}: FormatSchemaRuntime): FormatSchemaValidators {`,
    "'use strict';",
    'const exports = {};',
    "// ajv calls a keyword's function with its instance as `this` (`self` in its code); the linear uniqueItems reads none.",
    'const self = undefined;',
    body,
    'return exports;',
    '}',
    '',
  ].join('\n');
}
