// The expected diagnostics of test-fixtures/declaration-validity/, written by hand from
// docs/rules/declaration-validity.md: per fixture, [rule, violation, JSON pointer, key|value]. The
// ranges are computed here from jsonc-parser's and the `yaml` package's own trees, never from the
// checker's output. With duplicate member names a pointer names the last member.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree, type Node } from 'jsonc-parser';
import * as YAML from 'yaml';
import { DECLARATION_RULE_ID, ELICITATION_RULE_ID } from '../../../shared/src/rules';
import { REPO_ROOT } from '../../support/repo';
import { positionAt } from '../../support/expectedDiagnostics';

export const FIXTURES_DIR = path.join(REPO_ROOT, 'test-fixtures', 'declaration-validity');

type Rule = 'D' | 'C';
export type Anchor = [Rule, string, string, 'key' | 'value'];

export interface ExpectedFinding {
  code: string;
  violation: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

const P = '/prompts/0/elicitations';
const props = `${P}/0/requestedSchema/properties`;
const T = '/tools/0/elicitations';

export const ANCHORS: Record<string, Anchor[]> = {
  // The shape of the public elicitation-form-semantics fixture.
  'form-semantics': [
    ['D', 'enum-names-mismatch', `${P}/0/requestedSchema/properties/channel/enumNames`, 'value'],
    ['D', 'invalid-default', `${P}/0/requestedSchema/properties/channel/default`, 'value'],
    ['D', 'unknown-required', `${P}/0/requestedSchema/required/0`, 'value'],
    ['D', 'duplicate-name', `${P}/1/name`, 'value'],
  ],
  // The shape of the public elicitation-branch-mixing fixture, and the url branch's own findings.
  'branch-mixing': [
    ['D', 'form-with-url', '/resources/0/elicitations/0/url', 'key'],
    ['D', 'url-with-requested-schema', '/resources/0/elicitations/1/requestedSchema', 'key'],
    ['D', 'invalid-url', '/resources/0/elicitations/2/url', 'value'],
    ['D', 'invalid-url', '/resources/0/elicitations/3/url', 'value'],
  ],
  // The shape of the public elicitation-version-mismatch fixture, and 2025-06-18's missing vocabulary.
  'version-mismatch': [
    ['D', 'revision-mismatch', `${T}/0/mode`, 'value'],
    ['D', 'revision-mismatch', `${T}/1/requestedSchema/$schema`, 'key'],
    ['D', 'revision-mismatch', `${T}/1/requestedSchema/properties/note/default`, 'key'],
    ['D', 'revision-mismatch', `${T}/1/requestedSchema/properties/days/default`, 'key'],
    ['D', 'revision-mismatch', `${T}/1/requestedSchema/properties/level/default`, 'key'],
    ['D', 'revision-mismatch', `${T}/1/requestedSchema/properties/team/oneOf`, 'key'],
    ['D', 'revision-mismatch', `${T}/1/requestedSchema/properties/scopes/type`, 'value'],
  ],
  // The shape of the public elicitation-scope-outside-parent fixture.
  'scope-outside-parent': [
    ['D', 'scope-outside-parent', '/resourceTemplates/0/elicitations/0/protocolVersions/1', 'value'],
    ['D', 'invalid-scope', '/resourceTemplates/0/elicitations/1/protocolVersions', 'value'],
    ['D', 'invalid-scope', '/resourceTemplates/0/elicitations/2/protocolVersions', 'value'],
  ],
  'declaration-members': [
    ['D', 'empty-elicitations', '/resources/0/elicitations', 'value'],
    ['D', 'malformed-declaration', '/resources/1/elicitations', 'key'],
    ['D', 'malformed-declaration', `${P}/0`, 'value'],
    ['D', 'missing-name', `${P}/1`, 'value'],
    ['D', 'missing-name', `${P}/2/name`, 'value'],
    ['D', 'invalid-name', `${P}/3/name`, 'value'],
    ['D', 'invalid-mode', `${P}/4/mode`, 'value'],
    ['D', 'invalid-mode', `${P}/5/name`, 'value'],
    ['D', 'missing-message', `${P}/6/name`, 'value'],
    ['D', 'missing-message', `${P}/7/message`, 'value'],
    ['D', 'empty-text', `${P}/8/when`, 'value'],
    ['D', 'empty-text', `${P}/8/onDecline`, 'value'],
    ['D', 'empty-text', `${P}/8/onCancel`, 'value'],
    ['D', 'invalid-name', `${T}/1/name`, 'value'],
  ],
  'schema-shapes': [
    ['D', 'unsupported-keyword', '/components/schemas/SharedAddress/properties/street/pattern', 'key'],
    ['D', 'unsupported-keyword', `${P}/0/requestedSchema/additionalProperties`, 'key'],
    ['D', 'nested-schema', `${props}/address/type`, 'value'],
    ['D', 'nested-schema', `${props}/scores/items/type`, 'value'],
    ['D', 'unsupported-format', `${props}/homepage/format`, 'value'],
    ['D', 'invalid-property-schema', `${props}/nothing/type`, 'value'],
    ['D', 'invalid-property-schema', `${props}/untyped`, 'key'],
    ['D', 'invalid-property-schema', `${props}/anything`, 'value'],
    ['D', 'invalid-bounds', `${props}/nickname/minLength`, 'value'],
    ['D', 'invalid-bounds', `${props}/age/minimum`, 'value'],
    ['D', 'invalid-default', `${props}/age/default`, 'value'],
    ['D', 'invalid-bounds', `${props}/tags/minItems`, 'value'],
    ['D', 'invalid-default', `${props}/tags/default/1`, 'value'],
    ['D', 'invalid-default', `${props}/subscribed/default`, 'value'],
    ['D', 'invalid-property-schema', `${props}/tier/oneOf/1`, 'value'],
    ['D', 'invalid-property-schema', `${props}/bio/maxLength`, 'value'],
    ['D', 'invalid-property-schema', `${props}/bio/title`, 'value'],
    ['D', 'missing-requested-schema', `${P}/1/name`, 'value'],
    ['D', 'invalid-requested-schema', `${P}/2/requestedSchema`, 'value'],
    ['D', 'invalid-requested-schema', `${P}/3/requestedSchema/type`, 'value'],
    ['D', 'invalid-requested-schema', `${P}/3/requestedSchema/required`, 'value'],
    ['D', 'invalid-requested-schema', `${P}/4/requestedSchema/$componentRef`, 'value'],
  ],
  // Tool declarations whose problems the consistency rule's invalid-declaration already reports.
  'owned-by-consistency': [
    ['C', 'invalid-declaration', `${T}/0/name`, 'value'],
    ['C', 'invalid-declaration', `${T}/1/name`, 'value'],
    ['D', 'form-with-url', `${T}/1/url`, 'key'],
    ['C', 'invalid-declaration', `${T}/2/name`, 'value'],
    ['C', 'invalid-declaration', `${T}/3/name`, 'value'],
  ],
};

/** The same document with the consistency rule off: this rule reports what that one owned. */
export const OWNED_WITH_CONSISTENCY_OFF: Anchor[] = [
  ['D', 'invalid-mode', `${T}/0/name`, 'value'],
  ['D', 'duplicate-name', `${T}/1/name`, 'value'],
  ['D', 'form-with-url', `${T}/1/url`, 'key'],
  ['D', 'missing-requested-schema', `${T}/2/name`, 'value'],
  ['D', 'invalid-property-schema', `${T}/3/requestedSchema/properties/count/type`, 'value'],
  ['D', 'unknown-required', `${T}/3/requestedSchema/required/0`, 'value'],
];

export interface Fixture {
  stem: string;
  file: string;
  format: 'json' | 'yaml';
  text: string;
}

export function fixtures(folder: 'expected-invalid' | 'expected-valid'): Fixture[] {
  const dir = path.join(FIXTURES_DIR, folder);
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => {
      const format = name.endsWith('.json') ? 'json' : 'yaml';
      return {
        stem: name.replace(/(\.mcpdesc)?\.(json|yaml)$/, ''),
        file: path.join(dir, name),
        format,
        text: fs.readFileSync(path.join(dir, name), 'utf8'),
      } as Fixture;
    });
}

export function expectedFor(fixture: Fixture, anchors: Anchor[]): ExpectedFinding[] {
  return anchors
    .map(([rule, violation, pointer, target]) => {
      const [start, end] =
        fixture.format === 'json' ? jsonSpan(fixture.text, pointer, target) : yamlSpan(fixture.text, pointer, target);
      return {
        code: rule === 'D' ? DECLARATION_RULE_ID : ELICITATION_RULE_ID,
        violation,
        range: { start: positionAt(fixture.text, start), end: positionAt(fixture.text, end) },
      };
    })
    .sort(compareFindings);
}

export function compareFindings(a: ExpectedFinding, b: ExpectedFinding): number {
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    a.range.end.line - b.range.end.line ||
    a.range.end.character - b.range.end.character ||
    a.violation.localeCompare(b.violation) ||
    a.code.localeCompare(b.code)
  );
}

function segmentsOf(pointer: string): string[] {
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function jsonSpan(text: string, pointer: string, target: 'key' | 'value'): [number, number] {
  let node: Node | undefined = parseTree(text, [], { allowTrailingComma: true });
  const segments = segmentsOf(pointer);
  for (let i = 0; i < segments.length; i++) {
    const last = i === segments.length - 1;
    if (node?.type === 'object') {
      const property: Node | undefined = (node.children ?? []).filter((p) => p.children?.[0]?.value === segments[i]).pop();
      if (!property) throw new Error(`no member at ${pointer}`);
      if (last && target === 'key')
        return [property.children![0].offset, property.children![0].offset + property.children![0].length];
      node = property.children![1];
    } else if (node?.type === 'array') {
      node = node.children?.[Number(segments[i])];
    } else {
      throw new Error(`no node at ${pointer}`);
    }
  }
  if (!node) throw new Error(`no node at ${pointer}`);
  return [node.offset, node.offset + node.length];
}

/** A node's end: a scalar's or flow collection's own, a block collection's last entry's. */
function yamlEnd(node: unknown): number {
  if (YAML.isScalar(node) || ((YAML.isMap(node) || YAML.isSeq(node)) && node.flow)) return (node as YAML.Scalar).range![1];
  if (YAML.isMap(node)) {
    const last = node.items[node.items.length - 1];
    return yamlEnd(last.value ?? last.key);
  }
  if (YAML.isSeq(node)) return yamlEnd(node.items[node.items.length - 1]);
  throw new Error('unexpected YAML node');
}

function yamlSpan(text: string, pointer: string, target: 'key' | 'value'): [number, number] {
  let node: unknown = YAML.parseDocument(text).contents;
  const segments = segmentsOf(pointer);
  for (let i = 0; i < segments.length; i++) {
    const last = i === segments.length - 1;
    if (YAML.isMap(node)) {
      const pair = node.items.filter((item) => YAML.isScalar(item.key) && String(item.key.value) === segments[i]).pop();
      if (!pair) throw new Error(`no member at ${pointer}`);
      if (last && target === 'key') {
        const key = pair.key as YAML.Scalar;
        return [key.range![0], key.range![1]];
      }
      node = pair.value;
    } else if (YAML.isSeq(node)) {
      node = node.items[Number(segments[i])];
    } else {
      throw new Error(`no node at ${pointer}`);
    }
  }
  return [(node as YAML.Scalar).range![0], yamlEnd(node)];
}
