// Every JSON fixture of the corpus, written as YAML (block, flow and single-quoted style), checks the
// same: the same violations with the same messages, each anchored at the YAML node that corresponds to
// the JSON anchor (same path, key or value), and fix-all gives a document with the same meaning.
// Written once as a function of which fixture goes in which style: yamlTwins.test.ts writes each
// fixture in one style, the next fixture in the next (every fixture and every style at a third of
// the cost), yamlTwins.thorough.test.ts each fixture in the two other styles.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree, type Node } from 'jsonc-parser';
import { parse, stringify, type ToStringOptions } from 'yaml';
import { checkDocument, fixAll, type Diagnostic } from '../../server/src/checker';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { repoPath } from '../support/repo';
import { asJsoncNode } from '../support/jsoncShape';
import { elicitationOnly } from '../support/ruleScope';

type Segment = string | number;
interface Place {
  path: Segment[];
  role: 'key' | 'value';
}

/** Every key and value node of a tree, by exact range. */
function placesOf(root: Node): Map<string, Place> {
  const places = new Map<string, Place>();
  const visit = (node: Node, at: Segment[]): void => {
    places.set(`${node.offset}:${node.length}`, { path: at, role: 'value' });
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (!key || typeof key.value !== 'string') continue;
        places.set(`${key.offset}:${key.length}`, { path: [...at, key.value], role: 'key' });
        if (value) visit(value, [...at, key.value]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((item, index) => visit(item, [...at, index]));
    }
  };
  visit(root, []);
  return places;
}

/** The node at a place (the last duplicate of a key, as the checker reads them). */
function nodeAt(root: Node, place: Place): Node | undefined {
  let node: Node | undefined = root;
  let keyNode: Node | undefined;
  for (const segment of place.path) {
    if (!node) return undefined;
    if (typeof segment === 'number') {
      node = node.type === 'array' ? node.children?.[segment] : undefined;
      keyNode = undefined;
    } else {
      const property: Node | undefined = (node.children ?? [])
        .filter((candidate) => candidate.children?.[0]?.value === segment)
        .pop();
      keyNode = property?.children?.[0];
      node = property?.children?.[1];
    }
  }
  return place.role === 'key' ? keyNode : node;
}

function ruleDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.data.violation !== 'syntax-error');
}

function fixtureFiles(): string[] {
  const files: string[] = [];
  for (const folder of ['expected-invalid', 'expected-valid']) {
    const directory = repoPath('test-fixtures', folder);
    if (!fs.existsSync(directory)) continue;
    for (const name of fs.readdirSync(directory).sort()) {
      if (name.endsWith('.json') && !name.endsWith('.expected.json')) files.push(path.join(directory, name));
    }
  }
  return files;
}

export const STYLES: Array<[string, ToStringOptions]> = [
  ['block', {}],
  ['flow', { collectionStyle: 'flow' }],
  ['block, single-quoted, wide indent', { defaultStringType: 'QUOTE_SINGLE', indent: 4, indentSeq: false }],
];

/** The twins of the fixtures in the styles `written` picks (by the fixture's and the style's index in STYLES). */
export function yamlTwins(tier: string, written: (fileIndex: number, styleIndex: number) => boolean): void {
  describe(`YAML twins of the JSON fixtures${tier}`, () => {
    const files = fixtureFiles();
    it('finds the fixture corpus', () => assert.ok(files.length >= 15, `only ${files.length} fixtures`));
    files.forEach((file, fileIndex) => twinsOf(file, (styleIndex) => written(fileIndex, styleIndex)));
  });
}

function twinsOf(file: string, written: (styleIndex: number) => boolean): void {
  const json = fs.readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(json.replace(/^\uFEFF/, ''));
  } catch {
    // A fixture whose JSON does not parse has no YAML twin by conversion: it must be one of syntax errors.
    it(`${path.basename(file)} has no YAML twin: its JSON does not parse, and the check says so`, () => {
      assert.ok(
        checkDocument(json, elicitationOnly()).diagnostics.some((diagnostic) => diagnostic.data.violation === 'syntax-error'),
      );
    });
    return;
  }
  for (const [styleIndex, [style, options]] of STYLES.entries()) {
    if (!written(styleIndex)) continue;
    it(`${path.basename(file)} as ${style} YAML`, () => {
      const yaml = stringify(value, options);
      const jsonCheck = checkDocument(json, elicitationOnly());
      const yamlCheck = checkDocument(yaml, elicitationOnly({ format: 'yaml' }));
      const jsonDiagnostics = ruleDiagnostics(jsonCheck.diagnostics);
      const yamlDiagnostics = ruleDiagnostics(yamlCheck.diagnostics);
      assert.deepEqual(
        yamlDiagnostics.map((diagnostic) => [diagnostic.data.violation, diagnostic.message]),
        jsonDiagnostics.map((diagnostic) => [diagnostic.data.violation, diagnostic.message]),
      );

      const jsonPlaces = placesOf(parseTree(json.replace(/^\uFEFF/, ' '))!);
      const yamlRoot = asJsoncNode(parseYamlDocuments(yaml).documents[0].root!);
      jsonDiagnostics.forEach((diagnostic, index) => {
        const place = jsonPlaces.get(`${diagnostic.data.offset}:${diagnostic.data.length}`);
        assert.ok(
          place,
          `${diagnostic.data.violation} at ${diagnostic.data.offset}:${diagnostic.data.length} covers a whole key or value node`,
        );
        const twin = nodeAt(yamlRoot, place);
        assert.ok(twin, `no YAML node at ${JSON.stringify(place)}`);
        const actual = yamlDiagnostics[index].data;
        assert.deepEqual(
          { offset: actual.offset, length: actual.length, text: yaml.slice(actual.offset, actual.offset + actual.length) },
          { offset: twin.offset, length: twin.length, text: yaml.slice(twin.offset, twin.offset + twin.length) },
          `${diagnostic.data.violation} at ${place.role} ${JSON.stringify(place.path)}`,
        );
      });

      const jsonFixed = fixAll(json, elicitationOnly());
      const yamlFixed = fixAll(yaml, elicitationOnly({ format: 'yaml' }));
      assert.equal(yamlFixed.applied, jsonFixed.applied, 'as many fixes applied');
      assert.deepEqual(
        parseYamlDocuments(yamlFixed.text).errors.filter((error) => error.code !== 'DUPLICATE_KEY'),
        [],
      );
      assert.deepEqual(
        parse(yamlFixed.text),
        JSON.parse(jsonFixed.text.replace(/^\uFEFF/, '')),
        'the fixed documents mean the same',
      );
      assert.deepEqual(
        ruleDiagnostics(checkDocument(yamlFixed.text, elicitationOnly({ format: 'yaml' })).diagnostics).map(
          (diagnostic) => diagnostic.message,
        ),
        ruleDiagnostics(checkDocument(jsonFixed.text, elicitationOnly()).diagnostics).map((diagnostic) => diagnostic.message),
      );
    });
  }
}
