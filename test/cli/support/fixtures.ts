// The fixture corpus: valid documents, and invalid ones with an X.expected.json next to each.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './repoRoot';
import type { ExpectedDiagnostic } from '../../support/expectedDiagnostics';

export type { ExpectedDiagnostic };

export interface InvalidFixture {
  /** Repository-relative, '/'-separated: what the CLI prints when run from the repository root. */
  file: string;
  expected: ExpectedDiagnostic[];
}

const EXPECTED_SUFFIX = '.expected.json';

export function fixturesDirectory(kind: 'expected-valid' | 'expected-invalid'): string {
  return path.join(repoRoot(), 'test-fixtures', kind);
}

export function invalidFixtures(): InvalidFixture[] {
  const directory = fixturesDirectory('expected-invalid');
  const names = fs.readdirSync(directory).sort();
  return names
    .filter((name) => name.endsWith(EXPECTED_SUFFIX))
    .map((expectedName) => {
      const stem = expectedName.slice(0, -EXPECTED_SUFFIX.length);
      const documents = names.filter(
        (name) =>
          name !== expectedName &&
          name.startsWith(`${stem}.`) &&
          !name.endsWith(EXPECTED_SUFFIX) &&
          path.parse(name).name === stem,
      );
      if (documents.length !== 1)
        throw new Error(`${expectedName}: expected one document next to it, found ${documents.join(', ') || 'none'}`);
      return {
        file: `test-fixtures/expected-invalid/${documents[0]}`,
        expected: JSON.parse(fs.readFileSync(path.join(directory, expectedName), 'utf8')) as ExpectedDiagnostic[],
      };
    });
}

const DOCUMENT_EXTENSION = /\.(json|jsonc|yaml|yml)$/;

export function validFixtures(): string[] {
  return fs
    .readdirSync(fixturesDirectory('expected-valid'))
    .filter((name) => DOCUMENT_EXTENSION.test(name))
    .sort()
    .map((name) => `test-fixtures/expected-valid/${name}`);
}

export function byPosition(a: ExpectedDiagnostic, b: ExpectedDiagnostic): number {
  return (
    a.line - b.line ||
    a.character - b.character ||
    a.endLine - b.endLine ||
    a.endCharacter - b.endCharacter ||
    a.violation.localeCompare(b.violation)
  );
}
