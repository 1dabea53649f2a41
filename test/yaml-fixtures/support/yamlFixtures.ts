// The YAML fixture corpus: test-fixtures/yaml/expected-valid/ (no diagnostic) and
// test-fixtures/yaml/expected-invalid/ (X.mcpdesc.yaml, X.mcpdesc.yml or X.yaml, each with an
// X.expected.json written by scripts/fixtures/yaml-expected.mjs from hand-written anchors).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { repoPath } from '../../support/repo';
import type { ExpectedDiagnostic } from '../../support/expectedDiagnostics';

export type FixtureFolder = 'expected-valid' | 'expected-invalid';

export interface YamlFixture {
  folder: FixtureFolder;
  name: string;
  /** Repository-relative, '/'-separated: what the CLI prints when run from the repository root. */
  file: string;
  text: string;
  /** [] for a valid fixture. */
  expected: ExpectedDiagnostic[];
}

export const YAML_FIXTURES_DIR = repoPath('test-fixtures', 'yaml');

const YAML_NAME = /\.(yaml|yml)$/;

export function expectedFileFor(fixtureName: string): string {
  return fixtureName.replace(/(\.mcpdesc)?\.(yaml|yml)$/, '.expected.json');
}

export function fixtureNames(folder: FixtureFolder): string[] {
  const directory = path.join(YAML_FIXTURES_DIR, folder);
  return fs.existsSync(directory)
    ? fs
        .readdirSync(directory)
        .filter((name) => YAML_NAME.test(name))
        .sort()
    : [];
}

export function yamlFixtures(folder?: FixtureFolder): YamlFixture[] {
  const folders: FixtureFolder[] = folder ? [folder] : ['expected-valid', 'expected-invalid'];
  return folders.flatMap((current) =>
    fixtureNames(current).map((name) => {
      const expectedPath = path.join(YAML_FIXTURES_DIR, current, expectedFileFor(name));
      const expected =
        current === 'expected-invalid' ? (JSON.parse(fs.readFileSync(expectedPath, 'utf8')) as ExpectedDiagnostic[]) : [];
      return {
        folder: current,
        name,
        file: `test-fixtures/yaml/${current}/${name}`,
        text: fs.readFileSync(path.join(YAML_FIXTURES_DIR, current, name), 'utf8'),
        expected,
      };
    }),
  );
}

export function yamlFixture(folder: FixtureFolder, name: string): YamlFixture {
  const fixture = yamlFixtures(folder).find((candidate) => candidate.name === name);
  if (!fixture) throw new Error(`no YAML fixture ${folder}/${name}`);
  return fixture;
}

/**
 * Every third fixture (the first, the fourth, ...) in name order: the fast tier's sample of a check
 * that runs per fixture, whose thorough file runs them all.
 */
export function everyThird(fixtures: readonly YamlFixture[]): YamlFixture[] {
  return fixtures.filter((_, index) => index % 3 === 0);
}

/** The section-4 pair of the spec, as YAML. */
export const RULE_PAGE_INVALID_TWIN = 'invalid-tool-interaction-example-semantics.mcpdesc.yaml';
export const RULE_PAGE_VALID_TWIN = 'named-tool-interaction-examples.mcpdesc.yaml';

/**
 * The JSON fixture a YAML fixture is a twin of: same folder and stem, and the same document once
 * read. The two corpora are kept independently, so a JSON fixture of that stem that has come to
 * mean something else is no twin (and the YAML fixture stands on its own anchors).
 */
export function jsonTwinPath(fixture: YamlFixture): string | undefined {
  const stem = fixture.name.replace(/(\.mcpdesc)?\.(yaml|yml)$/, '');
  const file = ['.json', '.jsonc']
    .map((extension) => repoPath('test-fixtures', fixture.folder, stem + extension))
    .find((candidate) => fs.existsSync(candidate));
  if (!file || file.endsWith('.jsonc')) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  return isDeepStrictEqual(parseYaml(fixture.text, { merge: true, maxAliasCount: -1 }), json) ? file : undefined;
}
