// The configuration file's text to its meaning (checker/config): what is accepted, the one error of
// a file that cannot be used, the warnings of one that can, and globs moved from a file's folder to
// the paths recognition sees.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import {
  anchorGlob,
  EMPTY_CONFIG,
  layerRules,
  matchesGlob,
  parseProjectConfig,
  type ProjectConfig,
} from '../../server/src/checker';

const E = ELICITATION_RULE_ID;

function problemsOf(text: string, format: 'json' | 'yaml' = 'json'): Array<[string, string, string]> {
  return parseProjectConfig(text, format).problems.map((problem) => [
    problem.violation,
    text.slice(problem.offset, problem.offset + problem.length),
    problem.message,
  ]);
}

describe('the project configuration file', () => {
  it('reads every member, in JSONC and in YAML alike', () => {
    const expected: ProjectConfig = {
      root: true,
      rules: { [E]: 'warning' },
      include: ['specs/*.json'],
      exclude: ['legacy/**'],
      overrides: [{ files: ['beta/**'], rules: { [E]: 'off' } }],
    };
    const jsonc = `{\n  // comments and trailing commas, as in every JSON file here\n  "$schema": "x", "root": true, "rules": { "${E}": "warning" }, "include": ["specs/*.json"], "exclude": ["legacy/**"],\n  "overrides": [{ "files": ["beta/**"], "rules": { "${E}": "off" } }],\n}`;
    assert.deepEqual(parseProjectConfig(jsonc, 'json'), { config: expected, problems: [] });
    const yaml = `root: true\nrules:\n  ${E}: warning\ninclude: [specs/*.json]\nexclude:\n  - legacy/**\noverrides:\n  - files: [beta/**]\n    rules: { ${E}: "off" }\n`;
    assert.deepEqual(parseProjectConfig(yaml, 'yaml'), { config: expected, problems: [] });
    assert.deepEqual(parseProjectConfig('', 'json'), { config: EMPTY_CONFIG, problems: [] });
    assert.deepEqual(parseProjectConfig('# nothing yet\n', 'yaml'), { config: EMPTY_CONFIG, problems: [] });
  });

  it('a file that cannot be used has exactly one error, where it goes wrong', () => {
    const cases: Array<[string, 'json' | 'yaml', string, string]> = [
      ['{ "root": true "rules": {} }', 'json', '"rules"', 'Syntax error: Comma expected'],
      [
        '[]',
        'json',
        '[]',
        'The configuration must be an object (a mapping in YAML) of root, rules, include, exclude and overrides.',
      ],
      ['{ "root": "yes", "rules": 3 }', 'json', '"yes"', '"root" must be true or false.'],
      [
        `{ "rules": { "${E}": "warn" } }`,
        'json',
        '"warn"',
        `The severity 'warn' of ${E} is not one of error, warning, information, hint, on, off.`,
      ],
      [
        '{ "include": "specs/*.json" }',
        'json',
        '"specs/*.json"',
        '"include" must be an array of globs (relative to this file\'s folder).',
      ],
      [
        '{ "exclude": ["!keep/**"] }',
        'json',
        '"!keep/**"',
        'Negated globs are not supported in "exclude"; list what to leave out in "exclude" instead.',
      ],
      [
        '{ "overrides": [{ "rules": {} }] }',
        'json',
        '{ "rules": {} }',
        'overrides[0] needs "files": the globs (relative to this file\'s folder) it applies to.',
      ],
      ['{ "overrides": [{ "files": [] }] }', 'json', '[]', 'overrides[0].files must name at least one glob.'],
      [
        '{ "extends": "mcpdesc:strict" }',
        'json',
        '"mcpdesc:strict"',
        "The preset 'mcpdesc:strict' is not one of this version of mcpdesc-lint ('mcpdesc:official', 'mcpdesc:elicitation').",
      ],
      [
        '{ "extends": ["mcpdesc:official", "toString"] }',
        'json',
        '"toString"',
        "The preset 'toString' is not one of this version of mcpdesc-lint ('mcpdesc:official', 'mcpdesc:elicitation').",
      ],
      [
        '{ "extends": 1 }',
        'json',
        '1',
        `"extends" must be a preset name ('mcpdesc:official', 'mcpdesc:elicitation') or an array of them.`,
      ],
      ['rules: {}\n---\nroot: true\n', 'yaml', '', 'The configuration must be one YAML document; this is a second one.'],
      ['rules: [a\n', 'yaml', '', ''],
    ];
    for (const [text, format, at, message] of cases) {
      const parsed = parseProjectConfig(text, format);
      assert.equal(parsed.config, undefined, text);
      assert.equal(parsed.problems.length, 1, text);
      const [violation, found, said] = problemsOf(text, format)[0];
      assert.equal(violation, 'invalid-config');
      if (message) {
        assert.equal(found, at, text);
        assert.equal(said, message, text);
      } else {
        assert.match(said, /^Syntax error: /, text);
      }
    }
  });

  it('"extends": "mcpdesc:official" turns the whole-document rules on, under the file\'s own rules', () => {
    const official = { 'mcpdesc.document.schema': 'on', 'mcpdesc.document.semantics': 'on' };
    assert.deepEqual(parseProjectConfig('{ "extends": "mcpdesc:official" }', 'json'), {
      config: { ...EMPTY_CONFIG, rules: official },
      problems: [],
    });
    assert.deepEqual(parseProjectConfig('extends: [mcpdesc:official]\n', 'yaml').config?.rules, official);
    const overridden = parseProjectConfig(
      '{ "rules": { "mcpdesc.document.schema": "off" }, "extends": "mcpdesc:official" }',
      'json',
    );
    assert.deepEqual(overridden.config?.rules, { 'mcpdesc.document.schema': 'off', 'mcpdesc.document.semantics': 'on' });
  });

  it('unknown members and rule ids are warnings; the rest is used, and an unknown id is kept', () => {
    const text = `{ "rulez": {}, "rules": { "mcpdesc.future": "error", "${E}": "hint" }, "overrides": [{ "files": ["a"], "severity": 1 }] }`;
    const parsed = parseProjectConfig(text, 'json');
    assert.deepEqual(parsed.config?.rules, { 'mcpdesc.future': 'error', [E]: 'hint' });
    assert.deepEqual(
      problemsOf(text).map(([violation, found]) => [violation, found]),
      [
        ['unknown-member', '"rulez"'],
        ['unknown-rule', '"mcpdesc.future"'],
        ['unknown-member', '"severity"'],
      ],
    );
  });

  it("globs are relative to their file's folder; a name without a slash matches at any depth below it", () => {
    assert.equal(anchorGlob('', 'legacy/**'), 'legacy/**');
    assert.equal(anchorGlob('packages/a', './gen/**'), 'packages/a/gen/**');
    assert.equal(anchorGlob('packages/a', '/top.json'), 'packages/a/top.json');
    assert.equal(anchorGlob('packages/a', 'x.json'), 'packages/a/**/x.json');
    assert.equal(anchorGlob('packages/a', './x.json'), 'packages/a/x.json');
    assert.ok(matchesGlob([anchorGlob('', './x.json')], 'x.json'));
    assert.ok(!matchesGlob([anchorGlob('', './x.json')], 'sub/x.json'), './ anchors a name at the folder');
    assert.ok(matchesGlob([anchorGlob('', 'x.json')], 'sub/x.json'));
    const literal = anchorGlob('odd[1]/(x)', 'x.json');
    assert.ok(matchesGlob([literal], 'odd[1]/(x)/deep/x.json'));
    assert.ok(!matchesGlob([literal], 'odd1/x/deep/x.json'), 'folder names match literally');
    assert.ok(matchesGlob([anchorGlob('packages/a', 'x.json')], 'packages/a/x.json'));
    assert.ok(!matchesGlob([anchorGlob('packages/a', 'x.json')], 'packages/b/x.json'));
  });

  it('nearer files win, and within one file later overrides win', () => {
    const outer: ProjectConfig = {
      ...EMPTY_CONFIG,
      rules: { [E]: 'warning' },
      overrides: [{ files: ['**/*.yaml'], rules: { [E]: 'hint' } }],
    };
    const inner: ProjectConfig = {
      ...EMPTY_CONFIG,
      rules: { [E]: 'information' },
      overrides: [
        { files: ['*.yaml'], rules: { [E]: 'off' } },
        { files: ['b.yaml'], rules: { [E]: 'error' } },
      ],
    };
    const layers = [
      { directory: '', config: outer },
      { directory: 'pkg', config: inner },
    ];
    assert.deepEqual(layerRules(layers, 'pkg/a.json'), { [E]: 'information' });
    assert.deepEqual(layerRules(layers, 'pkg/a.yaml'), { [E]: 'off' });
    assert.deepEqual(layerRules(layers, 'pkg/sub/b.yaml'), { [E]: 'error' });
    assert.deepEqual(layerRules(layers.slice(0, 1), 'pkg/a.yaml'), { [E]: 'hint' });
  });
});
