// The JSON Schema shipped for the configuration file (schemas/, contributed to VS Code through
// jsonValidation and to Red Hat's YAML extension through yamlValidation) says what the linter
// reads: the same rule ids and severities as the rule table, and, on a set of files, valid exactly
// when the linter uses the file without a word.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { CONFIG_RULE_ID, RULE_IDS, SEVERITY_SETTINGS } from '../../shared/src/rules';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { CONFIG_FILE_NAMES, parseProjectConfig } from '../../server/src/checker';
import { repoPath } from '../support/repo';

const SCHEMA_PATH = 'schemas/mcpdesc-lint.config.schema.json';
const schema = JSON.parse(fs.readFileSync(repoPath(SCHEMA_PATH), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(repoPath('package.json'), 'utf8'));
const E = ELICITATION_RULE_ID;

describe('the configuration file schema', () => {
  it('names every configurable rule of the rule table, with its severities', () => {
    const configurable = RULE_IDS.filter((id) => id !== CONFIG_RULE_ID);
    assert.deepEqual(Object.keys(schema.properties.rules.properties), configurable);
    assert.deepEqual(Object.keys(schema.properties.overrides.items.properties.rules.properties), configurable);
    assert.deepEqual(schema.properties.rules.additionalProperties.enum, SEVERITY_SETTINGS);
  });

  it('is contributed for every configuration file name and shipped in the .vsix', () => {
    const json = manifest.contributes.jsonValidation.flatMap((entry: { fileMatch: string[]; url: string }) =>
      entry.fileMatch.map((name) => [name, entry.url]),
    );
    const yaml = manifest.contributes.yamlValidation.flatMap((entry: { fileMatch: string[]; url: string }) =>
      entry.fileMatch.map((name) => [name, entry.url]),
    );
    assert.deepEqual([...json, ...yaml].map(([name]) => name).sort(), [...CONFIG_FILE_NAMES].sort());
    for (const [, url] of [...json, ...yaml]) assert.equal(url, `./${SCHEMA_PATH}`);
    assert.match(fs.readFileSync(repoPath('.vscodeignore'), 'utf8'), /^!schemas\/\*\*$/m);
    // Comments are allowed in mcpdesc-lint.config.json, as the linter reads it.
    assert.deepEqual(manifest.contributes.languages, [{ id: 'jsonc', filenames: ['mcpdesc-lint.config.json'] }]);
  });

  it('accepts exactly what the linter uses without a word', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const cases: Array<[string, 'json' | 'yaml']> = [
      ['{}', 'json'],
      [
        `{ "$schema": "./node_modules/x.json", "root": true, "rules": { "${E}": "hint" }, "include": ["a/*.json"], "exclude": ["b/**"] }`,
        'json',
      ],
      [`{ "overrides": [{ "files": ["beta/**"], "rules": { "${E}": "off" } }] }`, 'json'],
      [`rules:\n  ${E}: warning\noverrides:\n  - files: [x.yaml]\n`, 'yaml'],
      ['{ "root": "yes" }', 'json'],
      [`{ "rules": { "${E}": "warn" } }`, 'json'],
      ['{ "include": "a/*.json" }', 'json'],
      ['{ "exclude": [""] }', 'json'],
      ['{ "exclude": ["!keep/**"] }', 'json'],
      ['{ "overrides": [{ "rules": {} }] }', 'json'],
      ['{ "overrides": [{ "files": [] }] }', 'json'],
      ['{ "overrides": [{ "files": ["a"], "severity": 1 }] }', 'json'],
      ['{ "rulez": {} }', 'json'],
      ['[]', 'json'],
    ];
    for (const [text, format] of cases) {
      const parsed = parseProjectConfig(text, format);
      const usedSilently = parsed.config !== undefined && parsed.problems.length === 0;
      const data: unknown = format === 'yaml' ? parse(text) : JSON.parse(text);
      assert.equal(
        validate(data),
        usedSilently,
        `${text}: schema ${JSON.stringify(validate.errors)}, linter ${JSON.stringify(parsed.problems)}`,
      );
    }
  });
});
