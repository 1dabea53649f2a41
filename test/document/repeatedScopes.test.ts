// Repeated security scopes (issue 32): one pass of fix-all removes every repeat of every list, in
// one edit per list, whatever the list's layout in JSON, JSONC and YAML, keeping every comment in
// the list and adding no syntax error; a second fix-all changes nothing; each quick-fix removes
// its own repeat only; the count of fixable problems is the count of diagnostics with a preferred
// fix. Documents from the generator (test/support/wholeDocumentFindings.ts), with the
// whole-document rules on (they are off by default).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse as parseJsonc } from 'jsonc-parser';
import YAML from 'yaml';
import { applyEdits, checkDocument, fixAll, type CheckOptions } from '../../server/src/checker';
import { fixAllPlain } from '../support/fixAllPlain';
import {
  JSON_LAYOUTS,
  JSONC_LAYOUTS,
  repeatedScopesDocument,
  WHOLE_DOCUMENT_RULES,
  wholeDocumentFindingsDocument,
  YAML_LAYOUTS,
  type Extension,
  type GeneratedDocument,
} from '../support/wholeDocumentFindings';
import { runBuiltCli } from '../cli/support/cliProcess';
import { runCliInProcess } from '../cli/support/cliInProcess';
import { makeTempTree, removeTree } from '../cli/support/tempTree';

function optionsOf(document: GeneratedDocument): CheckOptions {
  return { format: document.format, rules: WHOLE_DOCUMENT_RULES, commentsAllowed: document.extension !== 'json' };
}

interface Requirement {
  [scheme: string]: unknown;
}

/** Every requirement's list of scope names, the root's first, then each tool's, in order. */
function scopeLists(document: GeneratedDocument, text: string): unknown[][] {
  const value = (document.format === 'yaml' ? YAML.parse(text) : parseJsonc(text, [], { allowTrailingComma: true })) as {
    security?: Requirement[];
    tools: Array<{ security?: Requirement[] }>;
  };
  const requirements = [...(value.security ?? []), ...value.tools.flatMap((tool) => tool.security ?? [])];
  return requirements.map((requirement) => Object.values(requirement)[0] as unknown[]);
}

function withoutRepeats(list: readonly unknown[]): unknown[] {
  return list.filter((item, index) => list.indexOf(item) === index);
}

function violations(document: GeneratedDocument, text: string): string[] {
  return checkDocument(text, optionsOf(document)).diagnostics.map((diagnostic) => diagnostic.data.violation);
}

/** Fix-all once: every repeat gone, in one pass, the comments kept, nothing broken; and a second pass changes nothing. */
function assertFixedInOnePass(document: GeneratedDocument): void {
  const options = optionsOf(document);
  const before = scopeLists(document, document.text);
  const once = fixAll(document.text, options);
  const left = violations(document, once.text);
  assert.equal(
    left.filter((violation) => violation === 'duplicate-security-scope').length,
    0,
    `${document.name}: ${left.join(', ')}`,
  );
  assert.equal(left.filter((violation) => violation === 'syntax-error').length, 0, `${document.name}: a syntax error`);
  assert.equal(once.applied, document.repeats, `${document.name}: one fix per repeat`);
  assert.deepEqual(scopeLists(document, once.text), before.map(withoutRepeats), `${document.name}: the lists`);
  for (const comment of document.comments) {
    assert.equal(once.text.split(comment).length, 2, `${document.name}: the comment ${comment} is kept`);
  }
  assert.equal(fixAll(once.text, options).text, once.text, `${document.name}: a second fix-all changes nothing`);
}

const LAYOUTS: Array<[Extension, readonly string[]]> = [
  ['json', JSON_LAYOUTS],
  ['jsonc', JSONC_LAYOUTS],
  ['yaml', YAML_LAYOUTS],
];

describe('repeated security scopes', () => {
  for (const [extension, layouts] of LAYOUTS) {
    for (const layout of layouts) {
      it(`${extension}, ${layout}: one fix-all removes every repeat and keeps the comments`, () => {
        for (const [seed, length] of [
          [1, 3],
          [2, 12],
          [3, 40],
        ]) {
          assertFixedInOnePass(repeatedScopesDocument(seed, extension, layout as never, length, 3, seed === 3));
        }
      });
    }
  }

  it('250 repeats of 2 scopes go in one round: more than fix-all has rounds (JSON, minified, and YAML)', () => {
    for (const [extension, layout] of [
      ['json', 'minified'],
      ['jsonc', 'commented'],
      ['yaml', 'block'],
      ['yaml', 'flow'],
    ] as const) {
      const document = repeatedScopesDocument(7, extension, layout, 252, 2);
      assert.equal(document.repeats, 250);
      assertFixedInOnePass(document);
    }
  });

  it('the fast fix-all and the plain one agree on documents mixing the whole-document fixes', () => {
    for (let seed = 1; seed <= 24; seed++) {
      const document = wholeDocumentFindingsDocument(seed);
      const fast = fixAll(document.text, optionsOf(document));
      const plain = fixAllPlain(document.text, optionsOf(document));
      assert.equal(fast.text, plain.text, document.name);
      assert.equal(fast.applied, plain.applied, document.name);
      assert.equal(fixAll(fast.text, optionsOf(document)).text, fast.text, `${document.name}: a second fix-all changes nothing`);
      for (const comment of document.comments) assert.ok(fast.text.includes(comment), `${document.name}: ${comment}`);
    }
  });

  it("each quick-fix removes its own repeat, with its comma, and leaves the list's comments", () => {
    for (const [extension, layout] of [
      ['json', 'inline'],
      ['json', 'minified'],
      ['jsonc', 'commented'],
      ['jsonc', 'trailing-comma'],
      ['yaml', 'commented'],
      ['yaml', 'flow-lines'],
    ] as const) {
      const document = repeatedScopesDocument(11, extension, layout, 9, 3);
      const result = checkDocument(document.text, optionsOf(document));
      const repeats = result.diagnostics.filter((diagnostic) => diagnostic.data.violation === 'duplicate-security-scope');
      assert.equal(repeats.length, document.repeats);
      const [list] = scopeLists(document, document.text);
      for (const diagnostic of repeats) {
        const fix = result.fixesFor(diagnostic).find((candidate) => candidate.isPreferred);
        assert.ok(fix, `${document.name}: a preferred fix`);
        const fixed = applyEdits(document.text, fix.edits);
        const index = Number(diagnostic.data.pointer!.split('/').pop());
        assert.deepEqual(scopeLists(document, fixed)[0], [...list.slice(0, index), ...list.slice(index + 1)], document.name);
        assert.ok(!violations(document, fixed).includes('syntax-error'), `${document.name}: no syntax error`);
        for (const comment of document.comments) assert.ok(fixed.includes(comment), `${document.name}: ${comment}`);
      }
    }
  });

  it('the fixable count is the count of diagnostics whose fixes include a preferred one', () => {
    for (let seed = 30; seed < 42; seed++) {
      const document = wholeDocumentFindingsDocument(seed);
      const counted = checkDocument(document.text, optionsOf(document)).preferredFixCount();
      // Another check of the same text, so that nothing planned for the count is reused.
      const asked = checkDocument(document.text, optionsOf(document));
      const preferred = asked.diagnostics.filter((diagnostic) => asked.fixesFor(diagnostic).some((fix) => fix.isPreferred));
      assert.equal(counted, preferred.length, document.name);
      assert.ok(counted >= document.repeats, document.name);
    }
  });
});

describe('repeated security scopes through the built CLI (--official --fix)', () => {
  let root: string;
  before(() => {
    root = makeTempTree({});
  });
  after(() => removeTree(root));

  it('one --fix removes all 250 repeats of a minified list; a second changes nothing and reports none', async () => {
    const document = repeatedScopesDocument(7, 'json', 'minified', 252, 2);
    const file = path.join(root, 'scopes.mcpdesc.json');
    fs.writeFileSync(file, document.text);
    const plain = await runCliInProcess(['--official', '--no-config', '--format', 'json', 'scopes.mcpdesc.json'], { cwd: root });
    assert.equal(plain.status, 1, plain.stderr);
    const fixed = runBuiltCli(['--official', '--no-config', '--fix', '--format', 'json', 'scopes.mcpdesc.json'], { cwd: root });
    assert.equal(fixed.status, 0, fixed.stderr);
    assert.deepEqual(JSON.parse(fixed.stdout), []);
    const once = fs.readFileSync(file, 'utf8');
    assert.deepEqual(scopeLists(document, once), scopeLists(document, document.text).map(withoutRepeats));
    const again = await runCliInProcess(['--official', '--no-config', '--fix', 'scopes.mcpdesc.json'], { cwd: root });
    assert.equal(again.status, 0, again.stderr);
    assert.equal(fs.readFileSync(file, 'utf8'), once);
  });
});
