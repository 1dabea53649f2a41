// Diagnostics over LSP: fixtures opened in the real server publish exactly their expected
// diagnostics (a representative few here, every one in diagnostics.thorough.test.ts), with the
// document's version; non-mcpdesc JSON gets nothing; closing clears. The fixtures are the consistency rule's corpus: compared by code, the declaration-validity rule's
// findings on them left to that rule's corpus (test/declaration-validity/fronts.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { DOCUMENT_SCHEMA_RULE_ID } from '../../shared/src/rules';
import { elicitationOnly } from '../support/ruleScope';
import { invalidFixtures, rulePageInvalidFixture, validFixtures, RULE_PAGE_DIAGNOSTIC_COUNT } from './fixtures';
import { LspTestClient } from './lspClient';
import { assertInvalidFixturePublished, assertValidFixturePublished, fastTierOf } from './fixtureDiagnostics';

describe('diagnostics published by the server', () => {
  let client: LspTestClient;

  before(async () => {
    // The consistency rule's corpus is partial documents: the elicitation preset keeps this to that rule.
    client = await LspTestClient.start({ settings: elicitationOnly() });
  });

  after(async () => {
    assert.equal(await client.stop(), 0, 'the server exits cleanly after shutdown/exit');
  });

  // A representative few of the corpus (fixtureDiagnostics.ts); every fixture: diagnostics.thorough.test.ts.
  for (const fixture of fastTierOf(invalidFixtures(), 'expected-invalid')) {
    it(`${fixture.name}: the expected diagnostics`, async () => {
      await assertInvalidFixturePublished(client, fixture);
    });
  }

  for (const fixture of fastTierOf(validFixtures(), 'expected-valid')) {
    it(`${fixture.name}: no diagnostics`, async () => {
      await assertValidFixturePublished(client, fixture);
    });
  }

  it('the rule page fixture gets exactly its four diagnostics (spec section 4), published with the version', async () => {
    const fixture = rulePageInvalidFixture();
    await client.open(fixture.uri, fixture.text, fixture.languageId, 7);
    const publish = await client.waitForPublish(fixture.uri, (candidate) => candidate.version === 7);
    assert.deepEqual(
      publish.diagnostics.map((diagnostic) => [
        (diagnostic.data as { violation: string }).violation,
        client.document(fixture.uri).getText(diagnostic.range),
        diagnostic.severity,
        diagnostic.code,
      ]),
      [
        ['unknown-declaration', '"missing"', 1, ELICITATION_RULE_ID],
        ['unexpected-content', '"content"', 1, ELICITATION_RULE_ID],
        ['schema-mismatch', '"requestedSchema"', 1, ELICITATION_RULE_ID],
        ['invalid-content', 'true', 1, ELICITATION_RULE_ID],
      ],
    );
    await client.close(fixture.uri);
  });

  it('a JSON file that is not an mcpdesc document gets no diagnostics at all', async () => {
    const plainUri = 'file:///mcpdesc-test/plain/package.json';
    const markerUri = 'file:///mcpdesc-test/plain/marker.mcpdesc.json';
    await client.open(plainUri, '{ "name": "not-an-mcpdesc", "tools": [] }');
    // Checks run in arrival order at equal priority, so once the marker is published the plain
    // file's check is over too.
    await client.open(markerUri, '{ "mcpdesc": "0.8.0" }');
    await client.diagnosticsFor(markerUri, 1);
    assert.equal(client.publishes.filter((publish) => publish.uri === plainUri).length, 0);
    await client.close(plainUri);
    await client.close(markerUri);
  });

  it('closing a document clears its diagnostics', async () => {
    const fixture = rulePageInvalidFixture();
    const uri = 'file:///mcpdesc-test/close/closing.mcpdesc.json';
    await client.open(uri, fixture.text);
    assert.equal((await client.diagnosticsFor(uri, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);
    const before = client.lastSequence;
    await client.close(uri);
    const cleared = await client.waitForPublish(uri, () => true, before);
    assert.deepEqual(cleared.diagnostics, []);
  });

  it('diagnostics follow edits: each published version matches its text', async () => {
    const fixture = rulePageInvalidFixture();
    const uri = 'file:///mcpdesc-test/edit/edited.mcpdesc.json';
    await client.open(uri, fixture.text);
    assert.equal((await client.diagnosticsFor(uri, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);
    // Drop steps[0]'s declaration: a step may name none, so only its content problem stays.
    const document = client.document(uri);
    const member = '"declaration": "missing",';
    const start = document.getText().indexOf(member);
    const version = await client.applyEdits(uri, [
      { range: { start: document.positionAt(start), end: document.positionAt(start + member.length) }, newText: '' },
    ]);
    const diagnostics = await client.diagnosticsFor(uri, version);
    assert.deepEqual(
      diagnostics.map((diagnostic) => (diagnostic.data as { violation: string }).violation),
      ['unexpected-content', 'schema-mismatch', 'invalid-content'],
    );
    await client.close(uri);
  });
});

describe('diagnostics published with no settings (every rule on by default)', () => {
  let client: LspTestClient;

  before(async () => {
    // The default rules are what is tested; the describe above checks through the document workers.
    client = await LspTestClient.start({ openChecksOnMainThread: true });
  });

  after(async () => {
    assert.equal(await client.stop(), 0, 'the server exits cleanly after shutdown/exit');
  });

  it("an incomplete document gets the schema rule's error, with the official code", async () => {
    const uri = 'file:///mcpdesc-test/default/incomplete.mcpdesc.json';
    const text = '{ "mcpdesc": "0.8.0", "info": { "name": "bot" }, "protocolVersions": ["2025-11-25"] }';
    await client.open(uri, text);
    const diagnostics = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(
      diagnostics.map((diagnostic) => [
        diagnostic.code,
        diagnostic.severity,
        diagnostic.range,
        diagnostic.message,
        (diagnostic.data as { officialCode?: string }).officialCode,
      ]),
      [
        [
          DOCUMENT_SCHEMA_RULE_ID,
          1,
          { start: { line: 0, character: 22 }, end: { line: 0, character: 28 } },
          "info is missing the required member 'version'.",
          'schema-validation',
        ],
      ],
    );
    assert.equal(client.document(uri).getText(diagnostics[0]!.range), '"info"');
    await client.close(uri);
  });
});
