// Quick-fixes and fix-all over LSP: the actions come back tied to their diagnostic, applying the
// preferred one (as an editor would: edit, then didChange) removes that diagnostic and adds none,
// and fix-all (code action and server command) leaves nothing a preferred fix could still fix.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { FIX_ALL_CODE_ACTION_KIND, FORMATTING_OPTIONS_NOTIFICATION, SERVER_COMMANDS } from '../../shared/src/constants';
import { rulePageInvalidFixture } from './fixtures';
import { LspTestClient } from './lspClient';
import { elicitationOnly } from '../support/ruleScope';
import {
  assertPreferredQuickFixesRemove,
  isCodeAction,
  oneFixturePerViolation,
  fixAllLeftovers,
  PREFERRED_FIX_FIXTURES,
  preferredQuickFixOutcome,
  quickFixesFor,
  scenarioUri,
  violationOf,
} from './preferredQuickFixes';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';

describe('code actions served by the server', () => {
  let client: LspTestClient;

  before(async () => {
    // The fixes of the elicitation rules on its partial-document corpus: the elicitation preset.
    client = await LspTestClient.start({ settings: elicitationOnly() });
  });

  after(async () => {
    await client.stop();
  });

  it('the rule page fixture: quick-fix titles, one preferred per diagnostic, tied to it', async () => {
    const fixture = rulePageInvalidFixture();
    const uri = scenarioUri(fixture, 'titles');
    await client.open(uri, fixture.text);
    const diagnostics = await client.diagnosticsFor(uri, 1);
    const [unknownDeclaration, unexpectedContent, schemaMismatch, invalidContent] = diagnostics;
    const declareActions = await quickFixesFor(client, uri, unknownDeclaration);
    // The only declaration, confirm, is in form mode: no "Change to" for a url request.
    assert.deepEqual(
      declareActions.map((action) => [action.title, action.kind, action.isPreferred]),
      [["Declare elicitation 'missing' on tool 'prepare_release'", 'quickfix', true]],
    );
    const removeActions = await quickFixesFor(client, uri, unexpectedContent);
    assert.deepEqual(
      removeActions.map((action) => [action.title, action.isPreferred]),
      [['Remove content', true]],
    );
    const useActions = await quickFixesFor(client, uri, schemaMismatch);
    assert.deepEqual(
      useActions.map((action) => [action.title, action.isPreferred]),
      [["Use the request of declaration 'confirm'", true]],
    );
    assert.deepEqual(await quickFixesFor(client, uri, invalidContent), []);
    for (const [actions, diagnostic] of [
      [declareActions, unknownDeclaration],
      [removeActions, unexpectedContent],
      [useActions, schemaMismatch],
    ] as const) {
      for (const action of actions) {
        assert.deepEqual(action.diagnostics, [diagnostic]);
        assert.ok((action.edit?.changes?.[uri]?.length ?? 0) > 0, `${action.title} carries its edits`);
      }
    }
    await client.close(uri);
  });

  it('no quick-fixes when only source actions are asked for, no fix-all when only quick-fixes are', async () => {
    const fixture = rulePageInvalidFixture();
    const uri = scenarioUri(fixture, 'kinds');
    await client.open(uri, fixture.text);
    const diagnostics = await client.diagnosticsFor(uri, 1);
    const wholeDocument = { start: { line: 0, character: 0 }, end: client.document(uri).positionAt(fixture.text.length) };
    const sourceOnly = (await client.codeActions(uri, wholeDocument, diagnostics, ['source'])).filter(isCodeAction);
    assert.deepEqual(
      sourceOnly.map((action) => action.kind),
      [FIX_ALL_CODE_ACTION_KIND],
    );
    const quickfixOnly = (await client.codeActions(uri, wholeDocument, diagnostics, ['quickfix'])).filter(isCodeAction);
    assert.ok(quickfixOnly.length >= 2 && quickfixOnly.every((action) => action.kind === 'quickfix'));
    await client.close(uri);
  });

  // Every diagnostic of a fixture of each violation kind that has quick-fixes: its preferred fix
  // removes it (preferredQuickFixes.ts); codeActions.thorough.test.ts does so on every invalid fixture.
  const scenarios = oneFixturePerViolation(PREFERRED_FIX_FIXTURES);
  it(`applying the preferred quick-fix removes its diagnostic (${scenarios.length} fixtures, one per violation kind)`, async () => {
    assertPreferredQuickFixesRemove(await preferredQuickFixOutcome(client, scenarios));
  });

  // The rule page fixture's scope is 2025-06-18, which has no url mode: the declaration Declare
  // writes for steps[0]'s url request gets the declaration-validity rule's revision-mismatch, the
  // one problem left (no declaration steps[0] could use avoids it).
  it('the rule page fixture: preferred fixes one after the other leave only the revision-mismatch of what was declared', async () => {
    const fixture = rulePageInvalidFixture();
    const uri = scenarioUri(fixture, 'sequential');
    await client.open(uri, fixture.text);
    let diagnostics = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(diagnostics.map(violationOf), [
      'unknown-declaration',
      'unexpected-content',
      'schema-mismatch',
      'invalid-content',
    ]);
    // invalid-content has no fix of its own: steps[1] takes confirm's request, and its content then fits.
    assert.deepEqual(await quickFixesFor(client, uri, diagnostics[3]), []);
    const steps: Array<[string, string, string[]]> = [
      [
        'unknown-declaration',
        "Declare elicitation 'missing' on tool 'prepare_release'",
        ['revision-mismatch', 'unexpected-content', 'schema-mismatch', 'invalid-content'],
      ],
      ['unexpected-content', 'Remove content', ['revision-mismatch', 'schema-mismatch', 'invalid-content']],
      ['schema-mismatch', "Use the request of declaration 'confirm'", ['revision-mismatch']],
    ];
    for (const [violation, title, remaining] of steps) {
      const target = diagnostics.find((diagnostic) => violationOf(diagnostic) !== 'revision-mismatch')!;
      assert.equal(violationOf(target), violation);
      const preferred = (await quickFixesFor(client, uri, target)).filter((action) => action.isPreferred);
      assert.deepEqual(
        preferred.map((action) => action.title),
        [title],
      );
      const version = await client.applyEdits(uri, preferred[0].edit?.changes?.[uri] ?? []);
      diagnostics = await client.diagnosticsFor(uri, version);
      assert.deepEqual(diagnostics.map(violationOf), remaining, `after "${title}"`);
    }
    assert.match(client.text(uri), /\{\s*"name"\s*:\s*"missing"\s*,\s*"mode"\s*:\s*"url"/);
    await client.close(uri);
  });

  it('source.fixAll.mcpdesc leaves only the revision-mismatch of what it declared in the rule page fixture', async () => {
    const fixture = rulePageInvalidFixture();
    const uri = scenarioUri(fixture, 'fixall');
    await client.open(uri, fixture.text);
    const diagnostics = await client.diagnosticsFor(uri, 1);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const actions = (await client.codeActions(uri, range, [], [FIX_ALL_CODE_ACTION_KIND])).filter(isCodeAction);
    assert.equal(actions.length, 1);
    assert.equal(actions[0].kind, FIX_ALL_CODE_ACTION_KIND);
    assert.equal(diagnostics.length, 4);
    const version = await client.applyEdits(uri, actions[0].edit?.changes?.[uri] ?? []);
    const text = client.text(uri);
    const mode = text.indexOf('"url"', text.indexOf('"name": "missing"'));
    assert.deepEqual(
      (await client.diagnosticsFor(uri, version)).map((d: Diagnostic) => [d.code, violationOf(d), d.range]),
      [
        [
          DECLARATION_RULE_ID,
          'revision-mismatch',
          { start: client.document(uri).positionAt(mode), end: client.document(uri).positionAt(mode + 5) },
        ],
      ],
    );
    // Nothing left to fix: no fix-all offered any more.
    assert.deepEqual(await client.codeActions(uri, range, [], [FIX_ALL_CODE_ACTION_KIND]), []);
    await client.close(uri);
  });

  it(`fix-all leaves no diagnostic that still has a preferred fix (${scenarios.length} fixtures, one per violation kind)`, async () => {
    assert.deepEqual(await fixAllLeftovers(client, scenarios, 'fixall-every'), []);
  });

  it('the fix-all server command applies a versioned edit through workspace/applyEdit', async () => {
    const fixture = rulePageInvalidFixture();
    const uri = scenarioUri(fixture, 'command');
    await client.open(uri, fixture.text);
    await client.diagnosticsFor(uri, 1);
    const appliedBefore = client.appliedEdits.length;
    const result = await client.executeCommand(SERVER_COMMANDS.fixAll, [uri]);
    assert.deepEqual(result, { applied: 3 });
    const edit = client.appliedEdits[appliedBefore];
    const change = edit.documentChanges?.[0];
    assert.ok(change && 'textDocument' in change);
    assert.deepEqual(change.textDocument, { uri, version: 1 });
    // The test client applied the edit and sent it as version 2, as an editor does.
    // Only the revision-mismatch of the url declaration it wrote (see the sequential test above).
    assert.deepEqual((await client.diagnosticsFor(uri, 2)).map(violationOf), ['revision-mismatch']);
    assert.deepEqual(await client.executeCommand(SERVER_COMMANDS.fixAll, [uri]), { applied: 0 });
    await assert.rejects(client.executeCommand(SERVER_COMMANDS.fixAll, [42]), /expects a document URI/);
    await client.close(uri);
  });

  it("the fix-all command passes over formatting options no fix can use (tabSize 1e9, 0, 2.5, 33) for the document's own", async () => {
    const fixture = rulePageInvalidFixture();
    const insertedWith = async (options: unknown, notified?: unknown): Promise<{ result: unknown; inserted: string }> => {
      const uri = scenarioUri(fixture, 'command-formatting');
      await client.open(uri, fixture.text);
      if (notified !== undefined) await client.sendNotification(FORMATTING_OPTIONS_NOTIFICATION, { uri, options: notified });
      await client.diagnosticsFor(uri, 1);
      const appliedBefore = client.appliedEdits.length;
      const result = await client.executeCommand(SERVER_COMMANDS.fixAll, options === undefined ? [uri] : [uri, options]);
      const change = client.appliedEdits[appliedBefore]?.documentChanges?.[0];
      await client.close(uri);
      return {
        result,
        inserted: change && 'edits' in change ? change.edits.map((edit) => ('newText' in edit ? edit.newText : '')).join('') : '',
      };
    };
    const inferred = await insertedWith(undefined);
    assert.deepEqual(inferred.result, { applied: 3 });
    assert.match(inferred.inserted, /\n( *)\{\n\1 {2}"name": "missing"/, 'the fixture is indented by two spaces');
    for (const tabSize of [1e9, 0, -4, 2.5, 33, '4']) {
      // Before: 1e9 answered an internal error (Invalid string length) from ' '.repeat(tabSize).
      assert.deepEqual(await insertedWith({ tabSize, insertSpaces: true }), inferred, `tabSize ${tabSize}`);
    }
    // The notification passes over the same options: the command then infers as well.
    assert.deepEqual(await insertedWith(undefined, { tabSize: 1e9, insertSpaces: true }), inferred);
    // A usable width still applies, up to the largest one.
    const widest = await insertedWith({ tabSize: 32, insertSpaces: true });
    assert.deepEqual(widest.result, { applied: 3 });
    assert.match(widest.inserted, /\n( *)\{\n\1 {32}"name": "missing"/);
  });

  it('inserted text follows the formatting options the editor reported', async () => {
    const fixture = rulePageInvalidFixture();
    const declareTextWith = async (options: { tabSize: number; insertSpaces: boolean } | undefined): Promise<string> => {
      const uri = scenarioUri(fixture, 'formatting');
      await client.open(uri, fixture.text);
      if (options) await client.sendNotification(FORMATTING_OPTIONS_NOTIFICATION, { uri, options });
      const [unknownDeclaration] = await client.diagnosticsFor(uri, 1);
      const [declare] = (await quickFixesFor(client, uri, unknownDeclaration)).filter((action) =>
        action.title.startsWith('Declare'),
      );
      await client.close(uri);
      return (declare.edit?.changes?.[uri] ?? []).map((edit) => edit.newText).join('');
    };
    const inferred = await declareTextWith(undefined);
    const tabs = await declareTextWith({ tabSize: 4, insertSpaces: false });
    assert.ok(!inferred.includes('\t'), 'the document is indented with spaces, so is the inferred insertion');
    assert.ok(tabs.includes('\t'), `with insertSpaces false the insertion uses tabs: ${JSON.stringify(tabs)}`);
  });
});
