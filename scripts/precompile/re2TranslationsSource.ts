// The source of build/generated/re2Translations.ts: the RE2 form (ecmaToRe2.ts) of every pattern the
// product itself ships and runs on RE2, written at build time. Translating means parsing with
// regexpp and walking its tree: in a fresh CLI process that is the first use of both, and of all
// that runs on a small document with every rule on, the largest cost but RE2's own compilation (the
// format schema's patterns and ajv-formats' `email`). Only patterns whose translation cannot depend
// on the Unicode tables of the engine running the build: ASCII text with no property escape (the
// rest are translated at run time, as before). scripts/precompile.mjs bundles and runs this; the
// generated module is never committed, and test/checker/knownTranslations.test.ts holds every entry
// to the run-time translation. It runs before the other generators and imports nothing that reads
// the table (the schema comes as JSON, not through formatSchemaAjv.ts).
import { fullFormats } from 'ajv-formats/dist/formats';
import schemaJson from '../../schemas/mcp-description-0.8.0.schema.json';
import { ecmaToRe2, NoLinearTranslation } from '../../server/src/checker/schema/ecmaToRe2';
import type { JsonValue } from '../../server/src/checker/syntax/tree';

/** Every `pattern` and `patternProperties` key of a schema, as `u` patterns (JSON Schema's reading). */
function schemaPatterns(value: JsonValue, found: Array<[string, string]>): Array<[string, string]> {
  if (Array.isArray(value)) for (const item of value) schemaPatterns(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'pattern' && typeof member === 'string') found.push([member, 'u']);
      else if (key === 'patternProperties' && member !== null && typeof member === 'object' && !Array.isArray(member))
        for (const name of Object.keys(member)) found.push([name, 'u']);
      schemaPatterns(member, found);
    }
  }
  return found;
}

/** ajv-formats' expressions, as boundedFormats.ts hands them to the translation (`url` is rewritten first: left out). */
function formatExpressions(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [name, definition] of Object.entries(fullFormats as Record<string, unknown>)) {
    const expression = definition instanceof RegExp ? definition : (definition as { validate?: unknown } | undefined)?.validate;
    if (name !== 'url' && expression instanceof RegExp) found.push([expression.source, expression.flags]);
  }
  return found;
}

/** Whether the translation reads nothing of the engine's Unicode tables. */
function engineIndependent(pattern: string): boolean {
  return /^[\x20-\x7e]*$/.test(pattern) && !/\\[pP]\{/.test(pattern);
}

/** The generated module's text. */
export function re2TranslationsModuleSource(): string {
  const entries = new Map<string, [string, string, string]>();
  for (const [pattern, flags] of [...schemaPatterns(schemaJson as unknown as JsonValue, []), ...formatExpressions()]) {
    if (!engineIndependent(pattern)) continue;
    try {
      entries.set(`${flags}/${pattern}`, [pattern, flags, ecmaToRe2(pattern, flags)]);
    } catch (error) {
      if (!(error instanceof NoLinearTranslation)) throw error;
    }
  }
  return [
    '/* eslint-disable */',
    '// Generated at build time by scripts/precompile.mjs (scripts/precompile/re2TranslationsSource.ts):',
    '// the RE2 form of the patterns the product ships: [pattern, flags, translation]. Never edited, never committed.',
    `export const RE2_TRANSLATIONS: ReadonlyArray<readonly [string, string, string]> = ${JSON.stringify([...entries.values()], null, 1)};`,
    '',
  ].join('\n');
}
