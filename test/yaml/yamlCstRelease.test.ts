// Letting the CST go before the tree is built (large texts, see parseYamlDocuments) reads the `:`
// offsets from the CST in a walk of its own: the trees and errors must be exactly those of reading
// them from each pair during the build, on every YAML fixture, the hostile YAML cases, generated
// documents and fuzzed texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseYamlDocuments } from '../../server/src/checker/yaml/parseYamlDocuments';
import type { YamlTreeNode } from '../../server/src/checker/yaml/yamlTreeNode';
import { generateDocument } from '../../bench/generate';
import { GENERATED_CASES } from '../hostile/support/generatedCases';
import { MUTATIONS } from '../hostile/support/mutations';
import { SeededRandom } from '../support/random';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

function yamlFilesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Node by node (each once: aliases share nodes, and a walk of every path through them would be
 * exponential on a "billion laughs" document): kind, range, `:` offset, value, alias and merge facts.
 */
function assertSameTree(a: YamlTreeNode | undefined, b: YamlTreeNode | undefined, what: string): void {
  const seen = new Map<YamlTreeNode, YamlTreeNode>();
  const pending: Array<[YamlTreeNode | undefined, YamlTreeNode | undefined]> = [[a, b]];
  while (pending.length > 0) {
    const [x, y] = pending.pop()!;
    if (x === undefined || y === undefined) {
      assert.equal(x, y, what);
      continue;
    }
    const known = seen.get(x);
    if (known) {
      assert.equal(known, y, `${what}: a shared node is shared alike`);
      continue;
    }
    seen.set(x, y);
    const facts = (n: YamlTreeNode) => ({
      type: n.type, offset: n.offset, length: n.length, colonOffset: n.colonOffset,
      value: typeof n.value === 'object' ? undefined : n.value,
      aliased: n.aliased, sharedByAliases: n.sharedByAliases, mergePairs: n.mergePairs, children: n.children?.length,
    });
    assert.deepStrictEqual(facts(x), facts(y), `${what}: node at ${x.offset}`);
    x.children?.forEach((child, i) => pending.push([child, y.children![i]]));
    pending.push([x.origin, y.origin]);
  }
}

function assertSameParse(text: string, what: string): void {
  const released = parseYamlDocuments(text, { releaseCst: true, fastPath: false });
  const kept = parseYamlDocuments(text, { releaseCst: false, fastPath: false });
  assert.deepStrictEqual(released.errors, kept.errors, `${what}: errors`);
  assert.equal(released.documents.length, kept.documents.length, `${what}: documents`);
  released.documents.forEach((document, i) => {
    assert.deepStrictEqual([document.offset, document.length], [kept.documents[i].offset, kept.documents[i].length], what);
    assertSameTree(document.root as YamlTreeNode | undefined, kept.documents[i].root as YamlTreeNode | undefined, what);
  });
}

const fixtureTexts = [
  ...yamlFilesUnder(path.join(repoRoot, 'test-fixtures', 'yaml')),
  ...yamlFilesUnder(path.join(repoRoot, 'test-fixtures', 'hostile')),
].map((file) => ({ what: path.relative(repoRoot, file), text: fs.readFileSync(file, 'utf8') }));

test('the same trees and errors on every YAML fixture and hostile YAML file', () => {
  assert.ok(fixtureTexts.length >= 50, `only ${fixtureTexts.length} YAML fixtures found`);
  for (const { what, text } of fixtureTexts) assertSameParse(text, what);
});

test('the same on the generated hostile YAML cases and generated documents', () => {
  const cases = GENERATED_CASES.filter((c) => c.format === 'yaml');
  assert.ok(cases.length > 0);
  for (const c of cases) assertSameParse(c.build(), c.name);
  for (let seed = 1; seed <= 5; seed++) assertSameParse(generateDocument(seed, 30_000, { format: 'yaml' }), `generated ${seed}`);
});

test('the same on fuzzed YAML texts (merge keys, aliases, explicit keys and flow mappings among them)', () => {
  const seeds = [
    ...fixtureTexts.map((f) => f.text),
    'base: &b {url: x, mode: url}\nsteps:\n  - <<: *b\n    type: elicitation\n  - ? explicit\n    : value\n    "quoted" : 1\n    {a: 1}: 2\n',
  ];
  const random = new SeededRandom(1717);
  for (let i = 0; i < 300; i++) {
    let text = seeds[random.below(seeds.length)];
    for (let n = 1 + random.below(3); n > 0; n--) text = MUTATIONS[random.below(MUTATIONS.length)].apply(text, random);
    assertSameParse(text, `fuzz #${i}`);
  }
});
