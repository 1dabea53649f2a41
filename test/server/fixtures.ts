// The shared fixtures: test-fixtures/expected-invalid/X.json(c) with X.expected.json next to it, and
// test-fixtures/expected-valid/*.json(c) that must get no diagnostics.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { fileUri } from './lspClient';
import { repoPath } from './repoRoot';
import { compareExpected, toExpectedShape, type ExpectedDiagnostic } from '../support/expectedDiagnostics';

export { compareExpected, type ExpectedDiagnostic };

export interface Fixture {
  name: string;
  path: string;
  uri: string;
  text: string;
  languageId: string;
}

const EXPECTED_SUFFIX = '.expected.json';

function languageIdOf(file: string): string {
  if (file.endsWith('.jsonc')) return 'jsonc';
  if (/\.ya?ml$/.test(file)) return 'yaml';
  return 'json';
}

function readFixtures(folder: string): Fixture[] {
  const directory = repoPath('test-fixtures', folder);
  return fs
    .readdirSync(directory)
    .filter((file) => /\.(jsonc?|ya?ml)$/.test(file) && !file.endsWith(EXPECTED_SUFFIX))
    .sort()
    .map((file) => {
      const fixturePath = path.join(directory, file);
      return {
        name: `${folder}/${file}`,
        path: fixturePath,
        uri: fileUri(fixturePath),
        text: fs.readFileSync(fixturePath, 'utf8'),
        languageId: languageIdOf(file),
      };
    });
}

export function invalidFixtures(): Fixture[] {
  return readFixtures('expected-invalid');
}

export function validFixtures(): Fixture[] {
  return readFixtures('expected-valid');
}

/** How many diagnostics the rule page's invalid example gets (spec section 4: two on steps[0], two on steps[1]). */
export const RULE_PAGE_DIAGNOSTIC_COUNT = 4;

/** The rule page's invalid example (spec section 4). */
export function rulePageInvalidFixture(): Fixture {
  const fixture = invalidFixtures().find((candidate) =>
    candidate.name.endsWith('/invalid-tool-interaction-example-semantics.json'),
  );
  if (!fixture) throw new Error('test-fixtures/expected-invalid/invalid-tool-interaction-example-semantics.json is missing');
  return fixture;
}

export function expectedDiagnosticsOf(fixture: Fixture): ExpectedDiagnostic[] {
  const expectedPath = fixture.path.replace(/\.(jsonc?|ya?ml)$/, EXPECTED_SUFFIX);
  if (!fs.existsSync(expectedPath)) throw new Error(`${fixture.name} has no ${path.basename(expectedPath)} next to it`);
  return JSON.parse(fs.readFileSync(expectedPath, 'utf8')) as ExpectedDiagnostic[];
}

/** The comparable shape of a published diagnostic, ordered like the expected files (by position). */
export function summarize(diagnostics: readonly Diagnostic[]): ExpectedDiagnostic[] {
  return diagnostics.map(toExpectedShape).sort(compareExpected);
}
