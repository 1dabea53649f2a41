// ajv's validators, made linear in what a document controls. Two places in ajv are not:
// - its generated code gathers the errors of a failing $ref (or custom keyword) with
//   `vErrors = vErrors === null ? errs : vErrors.concat(errs)`, which copies every error gathered so
//   far: n failing items of an array whose items go through a $ref cost n² (64,000 tags with a bad
//   name: 30 s). The code is rewritten, as ajv compiles it (its `code.process` option), to append
//   them in place;
// - `uniqueItems` over items that may be objects or arrays compares every pair (60,000 distinct
//   objects: minutes). It is replaced by a keyword that finds the same pair (the last item equal to
//   an earlier one, and the last such earlier one) through one key per item. Items of scalar types
//   only keep ajv's own way (one pass already), here written out as ajv does it, quirks included.
import type Ajv from 'ajv';
import type { AnySchemaObject, ErrorObject } from 'ajv';
import type { JsonValue } from '../syntax/tree';

const GATHER_ERRORS = /vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);/g;

/** ajv's generated source with every concatenation of gathered errors turned into an append. */
export function appendGatheredErrors(source: string): string {
  return source.replace(
    GATHER_ERRORS,
    (_match, errors: string) =>
      `if (vErrors === null) {vErrors = ${errors}.slice();} else {for (const gathered of ${errors}) {vErrors.push(gathered);}}`,
  );
}

type ScalarType = 'null' | 'boolean' | 'number' | 'integer' | 'string';
const SCALAR_TYPES: ReadonlySet<string> = new Set(['null', 'boolean', 'number', 'integer', 'string']);

/** The types `items` declares, as ajv reads them for uniqueItems (none unless it is one schema with `type`). */
function declaredItemTypes(items: unknown): string[] {
  if (items === null || typeof items !== 'object' || Array.isArray(items)) return [];
  const written = (items as AnySchemaObject).type;
  const types: unknown[] = Array.isArray(written) ? written : written ? [written] : [];
  const result = types.filter((type): type is string => typeof type === 'string');
  if ((items as AnySchemaObject).nullable === true && !result.includes('null')) result.push('null');
  return result;
}

function hasType(type: ScalarType, value: JsonValue): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return typeof value === 'number' && !(value % 1) && !Number.isNaN(value);
    default:
      return typeof value === type;
  }
}

/** The duplicate pair [i, j] ajv reports, or undefined. Scalar item types: from the end, the first item seen again later. */
function scalarDuplicate(data: readonly JsonValue[], types: readonly ScalarType[]): [number, number] | undefined {
  // A plain object keyed by the items, as ajv keys them (so "__proto__" is never found repeated, as in ajv).
  const indices: Record<string, unknown> = {};
  for (let i = data.length - 1; i >= 0; i--) {
    let item: unknown = data[i];
    if (!types.some((type) => hasType(type, data[i]))) continue;
    if (types.length > 1 && typeof item === 'string') item = `${item}_`;
    const key = item as string;
    if (typeof indices[key] === 'number') return [i, indices[key] as number];
    indices[key] = i;
  }
  return undefined;
}

/** A key equal for two values exactly when ajv's deep equality holds for them. */
function equalityKey(value: JsonValue): string {
  if (value === null) return 'n';
  switch (typeof value) {
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
      return `d${value}`;
    case 'string':
      return `s${JSON.stringify(value)}`;
  }
  if (Array.isArray(value)) {
    let key = '[';
    for (const item of value) key += `${equalityKey(item)},`;
    return `${key}]`;
  }
  const names = Object.keys(value).sort();
  let key = '{';
  for (const name of names) key += `${JSON.stringify(name)}:${equalityKey(value[name])},`;
  return `${key}}`;
}

/** The pair ajv's pairwise comparison finds: the last item equal to an earlier one, and the last such earlier one. */
function anyDuplicate(data: readonly JsonValue[]): [number, number] | undefined {
  const lastAt = new Map<string, number>();
  let found: [number, number] | undefined;
  data.forEach((item, index) => {
    const key = equalityKey(item);
    const earlier = lastAt.get(key);
    if (earlier !== undefined) found = [index, earlier];
    lastAt.set(key, index);
  });
  return found;
}

export type UniqueItemsCheck = ((schema: boolean, data: JsonValue[], parentSchema?: AnySchemaObject) => boolean) & {
  errors?: Array<Partial<ErrorObject>>;
};

/** The keyword's function: ajv calls it and reads its `errors` right after. */
export function linearUniqueItemsCheck(): UniqueItemsCheck {
  const check: UniqueItemsCheck = (schema, data, parentSchema) => {
    check.errors = undefined;
    if (!schema || data.length < 2) return true;
    const types = declaredItemTypes(parentSchema?.items);
    const scalar = types.length > 0 && types.every((type) => SCALAR_TYPES.has(type));
    const pair = scalar ? scalarDuplicate(data, types as ScalarType[]) : anyDuplicate(data);
    if (!pair) return true;
    const [i, j] = pair;
    check.errors = [
      {
        keyword: 'uniqueItems',
        params: { i, j },
        message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      },
    ];
    return false;
  };
  return check;
}

/** ajv's uniqueItems replaced by one of linear cost with the same verdicts and errors. */
export function addLinearUniqueItems(ajv: Ajv, check = linearUniqueItemsCheck()): void {
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword({ keyword: 'uniqueItems', type: 'array', schemaType: 'boolean', errors: true, validate: check });
}
