// The precompiled meta-schema validators (build/generated/metaSchemaValidators.ts, ajv's standalone
// code) held to the plain path: ajv's own validateSchema on an instance of the same set-up
// (dialectAjv.ts), which compiles the meta-schema at run time. For every schema and every dialect:
// the same verdict, the same error objects in the same order, and the same "schema is invalid: …"
// message the plain path throws. Schemas: every tool, requested and component schema of the
// documents under test-fixtures/ (the public fixtures' shapes among them), and seeded random ones
// using every keyword a meta-schema constrains. Written as a function of its count: the fast tier
// runs the first cases, the thorough tier all.
import { isDeepStrictEqual } from 'node:util';
import type { ErrorObject } from 'ajv';
import { metaSchemaValidators } from '../../build/generated/metaSchemaValidators';
import {
  DIALECTS,
  dialectAjv,
  invalidSchemaMessage,
  type Dialect,
  type MetaSchemaValidators,
} from '../../server/src/checker/schema/dialectAjv';
import { formatSchemaRuntime } from '../../server/src/checker/schema/formatSchemaAjv';
import type { JsonValue } from '../../server/src/checker/syntax/tree';
import { fixtureDocuments, type NamedValue } from './formatSchemaDifferential';
import { randomMetaSchemaCases } from './randomSchemas';

const SCHEMA_MEMBERS = new Set(['inputSchema', 'outputSchema', 'requestedSchema', 'schema']);

/** Every object or boolean under a schema-holding member of the fixture documents (components' schemas among them). */
export function fixtureSchemas(): NamedValue[] {
  const found: NamedValue[] = [];
  // A YAML document's aliases may make a value its own member: each object is visited once.
  const seen = new Set<object>();
  const visit = (value: JsonValue, where: string) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      if (SCHEMA_MEMBERS.has(key) && child !== null && typeof child === 'object' && !Array.isArray(child)) {
        // The checker reads the dialect from `$schema` and judges the schema without it (schemaValidator.ts).
        const { $schema: _dialect, ...judged } = child as { [key: string]: JsonValue };
        found.push({ name: `${where}/${key}`, value: judged });
      }
      visit(child as JsonValue, `${where}/${key}`);
    }
  };
  for (const document of fixtureDocuments()) visit(document.value as JsonValue, document.name);
  return found;
}

/** The first `count` of the seeded random schemas (non-objects left out: the checker refuses them before any meta-schema). */
export function randomSchemas(count: number): NamedValue[] {
  return randomMetaSchemaCases(20261205, count)
    .map((value, index) => ({ name: `random schema ${index}`, value }))
    .filter(({ value }) => typeof value === 'boolean' || (value !== null && typeof value === 'object' && !Array.isArray(value)));
}

interface Outcome {
  valid: boolean;
  errors: ErrorObject[];
  /** What compiling it throws, as the checker words it from the errors (undefined when valid). */
  message?: string;
}

export interface MetaValidators {
  precompiled: MetaSchemaValidators;
  /** The plain path: each dialect's instance, its meta-schema compiled by ajv at run time. */
  plain: Record<Dialect, ReturnType<typeof dialectAjv>>;
}

export function bothMetaValidators(): MetaValidators {
  const plain = Object.fromEntries(DIALECTS.map((dialect) => [dialect, dialectAjv(dialect, true)])) as MetaValidators['plain'];
  return { precompiled: metaSchemaValidators(formatSchemaRuntime()), plain };
}

function precompiledOutcome(validators: MetaValidators, dialect: Dialect, schema: JsonValue): Outcome {
  const validate = validators.precompiled[dialect];
  const valid = validate(schema) === true;
  const errors = valid ? [] : (validate.errors ?? []);
  return { valid, errors, message: valid ? undefined : invalidSchemaMessage(errors) };
}

function plainOutcome(validators: MetaValidators, dialect: Dialect, schema: JsonValue): Outcome {
  const ajv = validators.plain[dialect];
  const valid = ajv.validateSchema(schema as object | boolean) === true;
  const errors = valid ? [] : (ajv.errors ?? []);
  let message: string | undefined;
  try {
    ajv.validateSchema(schema as object | boolean, true);
  } catch (error) {
    message = (error as Error).message;
  }
  return { valid, errors, message };
}

export interface MetaComparison {
  compared: number;
  invalid: number;
  differences: string[];
}

/** Each schema judged both ways in each dialect. */
export function compareMetaValidators(validators: MetaValidators, schemas: readonly NamedValue[]): MetaComparison {
  const comparison: MetaComparison = { compared: 0, invalid: 0, differences: [] };
  for (const { name, value } of schemas) {
    for (const dialect of DIALECTS) {
      const precompiled = precompiledOutcome(validators, dialect, value as JsonValue);
      const plain = plainOutcome(validators, dialect, value as JsonValue);
      comparison.compared++;
      if (!plain.valid) comparison.invalid++;
      if (!isDeepStrictEqual(precompiled, plain))
        comparison.differences.push(
          `${name} (${dialect}): ${JSON.stringify(value).slice(0, 200)}\n  precompiled ${JSON.stringify(precompiled).slice(0, 400)}\n  plain ${JSON.stringify(plain).slice(0, 400)}`,
        );
    }
  }
  return comparison;
}
