// The plain path of documentSchema.ts' collapse, kept as the reference its indexed shortcut is held
// to (test/document/collapse.test.ts, and the whole-document fuzzer): for each oneOf/anyOf error,
// innermost first, a scan of every error left for those below it. Quadratic in the errors: only for
// tests. The ranking of branches is the product's own (compareBranches), not what is compared here.
import type { ErrorObject } from 'ajv';
import { compareBranches, wrongTypeAt } from '../../server/src/checker/rules/document/documentSchema';

type Branching = ErrorObject & { keyword: 'oneOf' | 'anyOf' };

function isWithin(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

export function collapsePlain(input: readonly ErrorObject[]): ErrorObject[] {
  let errors = input.filter((error) => error.keyword !== 'if' && error.propertyName === undefined);
  const branchings = errors
    .filter((error): error is Branching => error.keyword === 'oneOf' || error.keyword === 'anyOf')
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const branching of branchings) {
    if (!errors.includes(branching)) continue;
    const prefix = `${branching.schemaPath}/`;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const error of errors) {
      if (error === branching || !error.schemaPath.startsWith(prefix) || !isWithin(error.instancePath, branching.instancePath))
        continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0];
      let list = byBranch.get(branch);
      if (!list) byBranch.set(branch, (list = []));
      list.push(error);
    }
    if (byBranch.size === 0) continue;
    const ranked = [...byBranch.values()].sort((a, b) => compareBranches(a, b, branching.instancePath));
    const best = ranked[0];
    const dropped = new Set<ErrorObject>([branching]);
    for (const list of ranked.slice(1)) for (const error of list) dropped.add(error);
    if (ranked.every((list) => wrongTypeAt(list, branching.instancePath))) {
      const types = [
        ...new Set(
          ranked.flatMap((list) =>
            list
              .filter((error) => error.keyword === 'type' && error.instancePath === branching.instancePath)
              .map((error) => String(error.params.type)),
          ),
        ),
      ];
      for (const error of best) dropped.add(error);
      errors = errors.filter((error) => !dropped.has(error));
      errors.push({ ...branching, keyword: 'type', params: { type: types.join(',') } });
      continue;
    }
    if (
      ranked.every(
        (list) => list.length === 1 && list[0].keyword === 'required' && list[0].instancePath === branching.instancePath,
      )
    ) {
      for (const error of best) dropped.add(error);
      errors = errors.filter((error) => !dropped.has(error));
      errors.push({
        ...branching,
        keyword: 'required',
        params: { missingProperty: ranked.map((list) => String(list[0].params.missingProperty)).join(',') },
        message: 'one-of',
      });
      continue;
    }
    errors = errors.filter((error) => !dropped.has(error));
  }
  return errors;
}
