// The source of build/generated/formatSchemaValidators.ts: the format's schema compiled by ajv's
// standalone code generation, from the very set-up the checker would compile it with at run time
// (server/src/checker/schema/formatSchemaAjv.ts). scripts/precompile.mjs bundles and runs this at
// build time; the generated module is never committed.
import { FORMAT_SCHEMA_PARTS, formatSchemaAjv, formatSchemaRuntime } from '../../server/src/checker/schema/formatSchemaAjv';
import { generatedModuleSource, RUNTIME_CODE_OPTIONS, standaloneFunctionSource } from './standaloneModule';

/** The generated module's text. */
export function formatSchemaModuleSource(): string {
  const runtime = formatSchemaRuntime();
  const ajv = formatSchemaAjv(runtime, RUNTIME_CODE_OPTIONS);
  for (const id of Object.values(FORMAT_SCHEMA_PARTS)) ajv.getSchema(id);
  const validators = standaloneFunctionSource({
    ajv,
    uniqueItems: runtime.uniqueItems,
    exports: { ...FORMAT_SCHEMA_PARTS },
    functionName: 'formatSchemaValidators',
    returns: 'FormatSchemaValidators',
  });
  return generatedModuleSource(
    'schemas/mcp-description-0.8.0.schema.json (scripts/precompile/formatSchemaSource.ts)',
    ["import type { FormatSchemaValidators } from '../../server/src/checker/schema/formatSchemaAjv';"],
    [validators],
  );
}
