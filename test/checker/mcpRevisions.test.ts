// The MCP revision table (server/src/checker/mcp/revisions.ts): its revisions are the shipped JSON
// schema's, it answers as MCP's schema reads, a row added to it is read the same way, and no other
// file of the checker names a revision or compares with "the latest".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MCP, MCP_REVISION_ROWS, RevisionTable } from '../../server/src/checker/mcp/revisions';
import { CHECKED_REVISIONS } from '../../server/src/checker/rules/declarationValidity/revisions';
import { repoPath } from '../support/repo';

test("the revisions are the shipped JSON schema's $defs.revision, in its order", () => {
  const schema = JSON.parse(fs.readFileSync(repoPath('schemas', 'mcp-description-0.8.0.schema.json'), 'utf8')) as {
    $defs: { revision: { enum: string[] } };
  };
  assert.deepEqual(MCP.revisions, schema.$defs.revision.enum);
});

test('the table answers what each revision has, when a feature came, went or was deprecated', () => {
  assert.deepEqual(MCP.revisionsWith('elicitation'), ['2025-06-18', '2025-11-25', '2026-07-28']);
  assert.deepEqual(MCP.revisionsWith('tool.execution'), ['2025-11-25']);
  assert.deepEqual(MCP.revisionsWith('result.resultType'), ['2026-07-28']);
  assert.equal(MCP.introducedIn('transport.streamable-http'), '2025-03-26');
  assert.equal(MCP.predates('2025-06-18', 'icons'), true);
  assert.equal(MCP.predates('2025-11-25', 'icons'), false);
  assert.equal(MCP.removedBy('2026-07-28', 'tasks'), true);
  assert.equal(MCP.removedBy('2025-06-18', 'tasks'), false, 'not yet there is not removed');
  assert.equal(MCP.deprecates('2026-07-28', 'logging'), true);
  assert.equal(MCP.deprecates('2025-11-25', 'logging'), false);
  // A revision outside the table has nothing, predates nothing and is removed from nothing.
  for (const question of [MCP.has, MCP.predates, MCP.removedBy, MCP.deprecates]) {
    assert.equal(question.call(MCP, '2099-01-01', 'title'), false);
  }
  assert.equal(MCP.isKnown('2099-01-01'), false);
});

test('the elicitation vocabulary follows the table: url mode, $schema, defaults and the enum forms from 2025-11-25', () => {
  const summary = CHECKED_REVISIONS.map((vocabulary) => [
    vocabulary.revision,
    vocabulary.urlMode,
    [...vocabulary.schemaKeywords],
    Object.keys(vocabulary.forms),
    [...vocabulary.forms.string!],
  ]);
  const string = ['type', 'title', 'description', 'minLength', 'maxLength', 'format'];
  const forms = ['string', 'number', 'boolean', 'enum'];
  const later = [
    true,
    ['$schema', 'type', 'properties', 'required'],
    [...forms, 'titledEnum', 'multiSelect'],
    [...string, 'default'],
  ];
  assert.deepEqual(summary, [
    ['2025-06-18', false, ['type', 'properties', 'required'], forms, string],
    ['2025-11-25', ...later],
    ['2026-07-28', ...later],
  ]);
});

test('a row added to the table (a hypothetical revision, not shipped) inherits the last one, less what it removes', () => {
  const table = new RevisionTable([
    ...MCP_REVISION_ROWS,
    { revision: '2027-01-01', adds: [], removes: ['result.cache-fields'], deprecates: ['client.elicitation.modes'] },
  ]);
  assert.deepEqual(table.revisions.at(-1), '2027-01-01');
  assert.equal(table.has('2027-01-01', 'result.resultType'), true);
  assert.equal(table.has('2027-01-01', 'result.cache-fields'), false);
  assert.equal(table.removedBy('2027-01-01', 'result.cache-fields'), true);
  assert.equal(table.removedBy('2027-01-01', 'tasks'), true);
  assert.equal(table.deprecates('2027-01-01', 'logging'), true);
  assert.equal(table.deprecates('2027-01-01', 'client.elicitation.modes'), true);
  assert.equal(table.introducedIn('result.cache-fields'), '2026-07-28');
  assert.deepEqual(table.revisionsWith('result.cache-fields'), ['2026-07-28']);
  // The shipped table is unchanged by it.
  assert.equal(MCP.isKnown('2027-01-01'), false);
});

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? sources(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
    );
}

test('no file of the checker but the revision table names a revision or a "latest" one', () => {
  const checker = repoPath('server', 'src', 'checker');
  const table = path.join(checker, 'mcp', 'revisions.ts');
  // The extension catalogue's effective date is the catalogue's own, not a revision's.
  const catalogue = path.join(checker, 'mcp', 'extensionCatalogue.ts');
  const naming = sources(checker)
    .filter((file) => file !== table && file !== catalogue)
    .filter((file) => /\b20\d\d-\d\d-\d\d\b|LATEST/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(checker, file));
  assert.deepEqual(naming, []);
});
