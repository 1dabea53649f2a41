// What every generated validator module shares (scripts/precompile/*Source.ts): ajv's standalone
// code of an instance's validators, wrapped in a function of the runtime it calls
// (formatSchemaAjv.ts' FormatSchemaRuntime: the bounded formats, the pattern engine, the linear
// uniqueItems), so that the bundles import it and no process compiles it.
import standaloneCode from 'ajv/dist/standalone';
import { _, Name } from 'ajv';
import type Ajv from 'ajv';
import { appendGatheredErrors } from '../../server/src/checker/schema/ajvLinear';

/** Where the generated code finds what the runtime holds. */
export const RUNTIME = 'runtime';

/** The code-generation options that make ajv write code reaching the runtime's formats. */
export const RUNTIME_CODE_OPTIONS = { source: true, formats: _`${new Name(RUNTIME)}.formats` };

/**
 * ajv writes a custom keyword's function into standalone code only when told how to reach it, and
 * a `validate` keyword has no such field: the linear uniqueItems (the one such keyword) is named
 * here as the runtime's. Anything else without code makes standaloneCode throw, failing the build.
 */
function nameKeywordFunctions(ajv: Ajv, uniqueItems: unknown): void {
  type ScopeName = { value?: { ref: unknown; code?: unknown } };
  const values = (ajv.scope as unknown as { _values: Record<string, Map<unknown, ScopeName> | undefined> })._values;
  for (const name of values.keyword?.values() ?? []) {
    if (name.value && name.value.ref === uniqueItems) name.value.code = _`${new Name(RUNTIME)}.uniqueItems`;
  }
}

export interface StandaloneFunction {
  /** The instance, every validator to export already compiled. */
  ajv: Ajv;
  /** The runtime's uniqueItems function the instance was made with. */
  uniqueItems: unknown;
  /** Export name → schema id. */
  exports: Record<string, string>;
  /** The generated function's name, and the type it returns. */
  functionName: string;
  returns: string;
}

/** A function of the runtime returning the instance's validators, by export name. */
export function standaloneFunctionSource(part: StandaloneFunction): string {
  nameKeywordFunctions(part.ajv, part.uniqueItems);
  // At run time ajv applies `code.process` to what it compiles; standalone code is written unprocessed.
  const code = appendGatheredErrors(standaloneCode(part.ajv, part.exports));
  const body = code.replace(/^"use strict";/, '');
  // Every pattern must go through the runtime's engine (bounded, no backtracking), never a RegExp.
  if (/new RegExp\(/.test(body) || (/\bpattern\d+\b/.test(body) && !body.includes(`${RUNTIME}.safeRegExp`)))
    throw new Error('the generated code does not reach the pattern engine as expected');
  return [
    `export function ${part.functionName}(${RUNTIME}: FormatSchemaRuntime): ${part.returns} {`,
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

/** The generated module's text: `functions`, what they need imported first. */
export function generatedModuleSource(from: string, typeImports: string[], functions: string[]): string {
  return [
    '// @ts-nocheck',
    '/* eslint-disable */',
    `// Generated at build time by scripts/precompile.mjs from ${from}`,
    "// with ajv's standalone code. Never edited, never committed.",
    "import type { FormatSchemaRuntime } from '../../server/src/checker/schema/formatSchemaAjv';",
    ...typeImports,
    '',
    ...functions,
  ].join('\n');
}
