// The `yaml` package is pinned to one version, and this test names it. The YAML tree builder
// (server/src/checker/syntax/yaml/yamlTreeBuilder.ts) follows the package's composer token by token
// (which items it skips, where an empty value sits, how far a node's range reaches, which token shapes
// it reports errors on) and reads its schema's private parts (the `tags` list, the symbol-keyed
// default string tag): a release may change any of them without a major version. Before changing
// the version here and in package.json, rerun the differentials that hold the builder to the
// composed reading (test/yaml/yamlReader*.test.ts, yamlAgreesWithYamlPackage.test.ts,
// yamlReadBack*.test.ts: `npm test` and `npm run test:thorough`) and read the package's changes to
// its composer (compose/*.ts) and schema (schema/*.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { parseDocument } from 'yaml';
import { repoPath } from '../support/repo';

const PINNED_YAML_VERSION = '2.9.1';

const readJson = (file: string): { [key: string]: unknown } => JSON.parse(fs.readFileSync(file, 'utf8'));

describe(`the yaml package is pinned to ${PINNED_YAML_VERSION}`, () => {
  it('package.json names that exact version, not a range', () => {
    const manifest = readJson(repoPath('package.json')) as { devDependencies: Record<string, string> };
    assert.equal(manifest.devDependencies.yaml, PINNED_YAML_VERSION);
  });

  it('package-lock.json asks for it and resolves it', () => {
    const lock = readJson(repoPath('package-lock.json')) as {
      packages: Record<string, { version?: string; devDependencies?: Record<string, string> }>;
    };
    assert.equal(lock.packages[''].devDependencies?.yaml, PINNED_YAML_VERSION);
    assert.equal(lock.packages['node_modules/yaml'].version, PINNED_YAML_VERSION);
  });

  it('the installed package, which the bundles inline, is that version', () => {
    const installed = readJson(require.resolve('yaml/package.json')) as { version: string };
    assert.equal(installed.version, PINNED_YAML_VERSION);
  });

  it('still has the schema parts the tree builder reads: a tags list, and a default string tag it can stand in for', () => {
    const schema = parseDocument('a: 1\n').schema as unknown as { tags?: unknown } & Record<symbol, { tag?: string }>;
    assert.ok(Array.isArray(schema.tags), 'schema.tags');
    // The builder looks for a symbol described 'scalar' and otherwise uses { tag: 'tag:yaml.org,2002:str' };
    // in this version the symbol is described 'yaml.scalar', so the stand-in is what runs, and it must
    // name the same tag.
    const scalar = Object.getOwnPropertySymbols(schema).find((symbol) => symbol.description === 'yaml.scalar');
    assert.equal(scalar && schema[scalar]?.tag, 'tag:yaml.org,2002:str');
  });
});
