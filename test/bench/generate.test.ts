// The benchmark's generator: deterministic, realistic in shape, and honest about what it seeded
// (every seeded violation is exactly one diagnostic of its kind, which the checker must agree with).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import { checkDocument } from '../../server/src/checker';
import { DECLARATION_RULE_ID, ELICITATION_RULE_ID } from '../../shared/src/rules';
import { generateDocument, generateMcpdesc, type Json, type JsonObject, SEEDED_VIOLATIONS } from '../../bench/generate';
import { Random } from '../../bench/random';
import { ensureWorkspace, expectedDocuments, generateWorkspace, MANIFEST_NAME } from '../../bench/workspace';

const asObject = (value: Json | undefined): JsonObject => {
  assert.ok(value && typeof value === 'object' && !Array.isArray(value), `expected an object, got ${JSON.stringify(value)}`);
  return value as JsonObject;
};

test('mulberry32 stream is fixed for a seed', () => {
  const a = new Random(1);
  const b = new Random(1);
  const first = [a.next(), a.next(), a.next()];
  assert.deepEqual([b.next(), b.next(), b.next()], first);
  assert.notDeepEqual([new Random(2).next()], [first[0]]);
  for (const x of first) assert.ok(x >= 0 && x < 1);
});

test('same seed and size give the same text; another seed gives another', () => {
  assert.equal(generateDocument(7, 60_000), generateDocument(7, 60_000));
  assert.notEqual(generateDocument(7, 60_000), generateDocument(8, 60_000));
});

test('documents are pretty-printed with 2-space indentation and land near the target size', () => {
  for (const target of [200_000, 1_000_000]) {
    const { text, stats } = generateMcpdesc(11, target);
    assert.equal(text, JSON.stringify(JSON.parse(text), null, 2) + '\n');
    assert.equal(stats.bytes, Buffer.byteLength(text));
    assert.ok(Math.abs(stats.bytes - target) < target * 0.1, `${stats.bytes} bytes for a target of ${target}`);
  }
});

test('tools, declarations, examples and steps have the shapes the issue asks for', () => {
  const { value, stats } = generateMcpdesc(5, 1_000_000);
  assert.equal(value.mcpdesc, '0.8.0');
  const tools = value.tools as Json[];
  assert.equal(tools.length, stats.tools);
  const formats = new Set<string>();
  const stepTypes = new Set<string>();
  let urlDeclarations = 0;
  for (const toolValue of tools) {
    const tool = asObject(toolValue);
    assert.ok(Array.isArray(tool.elicitations), 'elicitations is an array of named declarations');
    const declarations = tool.elicitations as Json[];
    assert.equal(
      new Set(declarations.map((declaration) => asObject(declaration).name)).size,
      declarations.length,
      'names are unique',
    );
    assert.ok(declarations.length >= 1 && declarations.length <= 4);
    for (const declarationValue of declarations) {
      const declaration = asObject(declarationValue);
      if (declaration.mode === 'url') {
        urlDeclarations++;
        continue;
      }
      const properties = asObject(asObject(declaration.requestedSchema).properties);
      const count = Object.keys(properties).length;
      assert.ok(count >= 1 && count <= 6, `${count} properties`);
      for (const property of Object.values(properties)) {
        const schema = asObject(property);
        assert.ok(['string', 'number', 'integer', 'boolean'].includes(String(schema.type)));
        if (schema.format !== undefined) formats.add(String(schema.format));
      }
    }
    const examples = Object.values(asObject(tool.interactionExamples));
    assert.ok(examples.length >= 1 && examples.length <= 5);
    for (const example of examples) {
      const steps = asObject(example).steps as Json[];
      assert.ok(steps.length >= 3 && steps.length <= 10, `${steps.length} steps`);
      for (const step of steps) stepTypes.add(String(asObject(step).type));
    }
  }
  assert.deepEqual([...formats].sort(), ['date', 'date-time', 'email', 'uri']);
  assert.deepEqual([...stepTypes].sort(), ['elicitation', 'roots', 'sampling']);
  assert.ok(urlDeclarations > 0);
  const seeded = Object.values(stats.seeded).reduce((a, b) => a + b, 0);
  const rate = seeded / stats.elicitationSteps;
  assert.ok(rate > 0.05 && rate < 0.15, `violation rate ${rate}`);
  for (const kind of SEEDED_VIOLATIONS) assert.ok(stats.seeded[kind] > 0, `no ${kind} seeded`);
});

test('the checker reports exactly the seeded violations, kind by kind', () => {
  for (let seed = 100; seed < 112; seed++) {
    const { text, stats } = generateMcpdesc(seed, 150_000, { violationRate: 0.3 });
    const reported: Record<string, number> = {};
    // The violations are seeded for the consistency rule; every generated declaration is one MCP
    // clients accept, so the declaration-validity rule (on by default) finds nothing.
    const diagnostics = checkDocument(text).diagnostics;
    assert.deepEqual(
      diagnostics.filter((diagnostic) => diagnostic.code === DECLARATION_RULE_ID).map((d) => d.message),
      [],
      `seed ${seed}`,
    );
    for (const d of diagnostics.filter((diagnostic) => diagnostic.code === ELICITATION_RULE_ID)) {
      reported[d.data.violation] = (reported[d.data.violation] ?? 0) + 1;
    }
    const seeded = Object.fromEntries(Object.entries(stats.seeded).filter(([, n]) => n > 0));
    assert.deepEqual(reported, seeded, `seed ${seed}`);
  }
});

test('YAML and JSONC renderings carry the same value', () => {
  const json = generateMcpdesc(5, 100_000);
  const yaml = generateMcpdesc(5, 100_000, { format: 'yaml' });
  assert.deepEqual(parseYaml(yaml.text), yaml.value);
  assert.ok(Math.abs(yaml.stats.bytes - 100_000) < 100_000 * 0.2, `${yaml.stats.bytes} bytes of YAML`);
  const jsonc = generateMcpdesc(5, 100_000, { format: 'jsonc' });
  assert.ok(jsonc.text.startsWith('//'));
  assert.deepEqual(parseJsonc(jsonc.text), json.value);
  assert.equal(generateMcpdesc(5, 100_000, { omitMcpdescMember: true }).value.mcpdesc, undefined);
});

test('a workspace has the planned files, kinds and manifest, and is reused while it matches', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-bench-ws-'));
  try {
    const manifest = generateWorkspace(dir, 9, { files: 60, totalBytes: 3_000_000 });
    assert.equal(manifest.files.length, 60);
    assert.ok(Math.abs(manifest.totalBytes - 3_000_000) < 600_000, `${manifest.totalBytes} bytes`);
    for (const file of manifest.files) assert.equal(fs.statSync(path.join(dir, file.path)).size, file.bytes);
    const kinds = new Set(manifest.files.map((f) => f.kind));
    for (const kind of ['mcpdesc-json', 'other-json']) assert.ok(kinds.has(kind as never), `no ${kind}`);
    assert.ok(manifest.files.some((f) => f.ignored && f.path.startsWith('node_modules/')));
    for (const file of expectedDocuments(manifest)) {
      assert.ok(!file.ignored && file.kind !== 'other-json');
      if (file.kind === 'mcpdesc-sniffed') assert.ok(!file.path.includes('.mcpdesc.'));
    }
    const before = fs.statSync(path.join(dir, MANIFEST_NAME)).mtimeMs;
    assert.deepEqual(ensureWorkspace(dir, 9, { files: 60, totalBytes: 3_000_000 }), manifest);
    assert.equal(fs.statSync(path.join(dir, MANIFEST_NAME)).mtimeMs, before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
