// The source of build/generated/metaSchemaValidators.ts: the meta-schema of each JSON Schema dialect
// the checker reads documents' schemas in (2020-12, 2019-09, draft-07), compiled by ajv's standalone
// code generation from the very set-up the checker compiles documents' schemas with
// (server/src/checker/schema/dialectAjv.ts). scripts/precompile.mjs bundles and runs this at build
// time; the generated module is never committed.
import type Ajv from 'ajv';
import { DIALECTS, dialectAjv, metaSchemaId } from '../../server/src/checker/schema/dialectAjv';
import { formatSchemaRuntime } from '../../server/src/checker/schema/formatSchemaAjv';
import { generatedModuleSource, RUNTIME_CODE_OPTIONS, standaloneFunctionSource } from './standaloneModule';

/** The generated module's text: one function returning every dialect's meta-schema validator. */
export function metaSchemaModuleSource(): string {
  // ajv's standalone code serves one instance, and each dialect is an instance of its own (a class
  // and vocabulary of its own): one function per dialect, and one that gathers them.
  const functions = DIALECTS.map((dialect, index) => {
    const runtime = formatSchemaRuntime();
    const ajv = dialectAjv(dialect, true, runtime, RUNTIME_CODE_OPTIONS) as unknown as Ajv;
    const id = metaSchemaId(ajv);
    ajv.getSchema(id);
    return standaloneFunctionSource({
      ajv,
      uniqueItems: runtime.uniqueItems,
      exports: { [dialect]: id },
      functionName: `dialect${index}`,
      returns: 'Partial<MetaSchemaValidators>',
    });
  });
  const gathered = DIALECTS.map((_dialect, index) => `...dialect${index}(runtime)`).join(', ');
  return generatedModuleSource(
    'the meta-schemas of JSON Schema 2020-12, 2019-09 and draft-07 (scripts/precompile/metaSchemaSource.ts)',
    ["import type { MetaSchemaValidators } from '../../server/src/checker/schema/dialectAjv';"],
    [
      ...functions,
      "/** Each dialect's meta-schema validator; `runtime` is shared by all three (its formats are made when first read). */",
      `export function metaSchemaValidators(runtime: FormatSchemaRuntime): MetaSchemaValidators {`,
      `  return { ${gathered} } as MetaSchemaValidators;`,
      '}',
      '',
    ],
  );
}
