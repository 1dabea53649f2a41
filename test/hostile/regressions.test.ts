// What the hostile inputs and the fuzzer found, pinned one by one (each was a hang, a crash or a
// wrong answer before its fix in the checker). The answers pinned are the consistency rule's: its
// documents are minimal (a schema without properties, a url "u") and the declaration-validity rule,
// which runs on each of them too, would add its findings on them; see test/support/ruleScope.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildJsonTree } from '../../server/src/checker/syntax/json/jsonTree';
import { checkDocument, fixAll } from '../../server/src/checker';
import { editDistance } from '../../server/src/checker/rules/editDistance';
import { budgetLeftMs, runCharged, runTimeBoxed, TimeLimitError, withDocumentBudget } from '../../server/src/checker/timeBudget';
import { propertyOf, scalarOf } from '../../server/src/checker/syntax/tree';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { apartFromDeclarationValidity } from '../support/ruleScope';
import { parsesAs, parsesCleanly } from './support/fixChecks';
import { documentWith, itRemovesUnexpectedContentsInOneGo, violations } from './support/minimalDocuments';
import { elicitationOnly } from '../support/ruleScope';

describe('hostile-input regressions', () => {
  it('1e400 and null are different schema values: results do not depend on which was checked first', () => {
    // Distinct property names per order, so the process-wide schema cache starts cold for each.
    const declaration = (property: string, maximum: string) =>
      documentWith(`{"type":"object","properties":{"${property}":{"maximum":${maximum}}}}`, []);
    assert.deepEqual(violations(declaration('infinityFirst', '1e400')), []);
    assert.deepEqual(violations(declaration('infinityFirst', 'null')), ['invalid-declaration']);
    assert.deepEqual(violations(declaration('nullFirst', 'null')), ['invalid-declaration']);
    assert.deepEqual(violations(declaration('nullFirst', '1e400')), []);
  });

  it('edit distances of megabyte names are bounded, and a one-letter typo in a long name still prefers "Change to"', () => {
    const long = 'n'.repeat(1_000_000);
    assert.equal(editDistance(long, `${long}x`), 1);
    assert.equal(editDistance(long, `x${long.slice(1)}`), 1);
    assert.equal(editDistance(long, long.slice(5)), 1_000_000, 'farther than the band: counted as the longer length');
    assert.equal(editDistance('confirm', 'confrim'), 2, 'short names are exact');

    const name = 'a'.repeat(3_000);
    const text = documentWith(
      '{"type":"object"}',
      [
        `{"type":"elicitation","declaration":"${name}b","request":{"mode":"url","message":"m","url":"u"},"response":{"action":"cancel"}}`,
      ],
      `,{"name":"${name}","mode":"url","message":"m"}`,
    );
    const result = checkDocument(text, elicitationOnly());
    const [unknown, ...others] = apartFromDeclarationValidity(result.diagnostics);
    assert.deepEqual([unknown.data.violation, others], ['unknown-declaration', []]);
    const preferred = result.fixesFor(unknown).find((fix) => fix.isPreferred);
    assert.ok(preferred?.title.startsWith('Change to'), preferred?.title);
  });

  it('messages cut long names and long value lists', () => {
    const name = `${'x'.repeat(99)}😀${'y'.repeat(1000)}`;
    const text = documentWith(
      '{"type":"object","properties":{"v":{"enum":[' + Array.from({ length: 100 }, (_, i) => `"v${i}"`).join(',') + ']}}}',
      [
        `{"type":"elicitation","declaration":"${name}","request":{"mode":"url","message":"m","url":"u"},"response":{"action":"cancel"}}`,
        '{"type":"elicitation","declaration":"c","response":{"action":"accept","content":{"v":"none"}}}',
      ],
    );
    const messages = checkDocument(text, elicitationOnly()).diagnostics.map((diagnostic) => diagnostic.message);
    const unknown = messages.find((message) => message.includes('references'))!;
    assert.ok(unknown.includes(`'${'x'.repeat(99)}…'`), 'cut before the surrogate pair, never inside it');
    assert.ok(unknown.length < 400, unknown);
    const invalid = messages.find(
      (message) => message.includes('allowed values') || message.includes('must be equal to one of'),
    )!;
    assert.match(invalid, /and 80 more/);
  });

  it('fix-all stops growing a document before it explodes (a large schema copied into every step)', () => {
    const properties = Array.from({ length: 2_000 }, (_, index) => `"p${index}":{"type":"string"}`).join(',');
    const steps = Array.from(
      { length: 200 },
      () =>
        '{"type":"elicitation","declaration":"c","request":{"message":"m","requestedSchema":{}},"response":{"action":"decline"}}',
    );
    const text = documentWith(`{"type":"object","properties":{${properties}}}`, steps);
    assert.equal(violations(text).length, 200);
    const result = fixAll(text, elicitationOnly());
    assert.ok(result.applied > 0 && result.applied < 200, `applied ${result.applied}`);
    assert.ok(result.text.length <= text.length + Math.max(1_000_000, 4 * text.length));
    assert.ok(parsesCleanly(result.text));
  });

  // At a tenth of the size it was found at (all 20,000: regressions.thorough.test.ts).
  itRemovesUnexpectedContentsInOneGo(2_000);

  it('member lookups in large objects keep JSON.parse semantics (last duplicate with a value wins)', () => {
    const members = Array.from({ length: 100 }, (_, index) => `"k${index}":${index}`);
    const root = buildJsonTree(`{${members.join(',')},"k5":"last","k7":}`).root;
    assert.equal(scalarOf(propertyOf(root, 'k5')?.value), 'last');
    assert.equal(scalarOf(propertyOf(root, 'k7')?.value), 7, 'a member without a value does not count');
    assert.equal(propertyOf(root, 'toString'), undefined);
    assert.equal(propertyOf(root, '__proto__'), undefined);
  });

  it('checking a document leaves Object.prototype alone', () => {
    const text = documentWith('{"type":"object","properties":{"__proto__":{"type":"object"},"constructor":{"type":"object"}}}', [
      '{"type":"elicitation","declaration":"c","request":{"message":"m","requestedSchema":{"type":"object","properties":{"__proto__":{"type":"object"},"constructor":{"type":"object"}}}},"response":{"action":"accept","content":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}}',
    ]);
    checkDocument(text, elicitationOnly());
    fixAll(text, elicitationOnly());
    assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  describe('YAML fixes (found by the fuzzer)', () => {
    // These pin the text the consistency rule's fixes write into minimal documents; with the
    // declaration-validity rule on, fix-all would also add its own edits (a message, say) to the
    // lines compared, so it is off here, and these are about the consistency rule's fixes alone.
    const CONSISTENCY_FIXES = { format: 'yaml', rules: { [DECLARATION_RULE_ID]: 'off' } } as const;
    it('a fix copying a value that holds an alias with no anchor does not throw', () => {
      const text = [
        'mcpdesc: "0.8.0"',
        'tools:',
        '  - name: t',
        '    interactionExamples:',
        '      e:',
        '        steps:',
        '          - type: elicitation',
        '            declaration: g',
        '            request: {mode: url, message: *missing, url: u}',
        '            response: {action: cancel}',
        '',
      ].join('\n');
      const result = checkDocument(text, elicitationOnly(CONSISTENCY_FIXES));
      const unknown = result.diagnostics.find((diagnostic) => diagnostic.data.violation === 'unknown-declaration');
      assert.ok(unknown);
      assert.doesNotThrow(() => result.fixesFor(unknown));
      assert.doesNotThrow(() => fixAll(text, elicitationOnly(CONSISTENCY_FIXES)));
    });

    it('a value written for a flow-mapping key that has none gets its colon', () => {
      const text = [
        'mcpdesc: "0.8.0"',
        'tools:',
        '  - name: t',
        '    elicitations:',
        '      - {name: c, mode: url, url: u}',
        '    interactionExamples:',
        '      e:',
        '        steps:',
        '          - {type: elicitation, declaration: c, request: {mode: url, url}, response: {action: cancel}}',
        '          - {type: elicitation, declaration: c, request: {mode: url, url:}, response: {action: cancel}}',
        '',
      ].join('\n');
      assert.deepEqual(
        checkDocument(text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics.map((diagnostic) => diagnostic.data.violation),
        ['url-mismatch', 'url-mismatch'],
      );
      const result = fixAll(text, elicitationOnly(CONSISTENCY_FIXES));
      assert.ok(parsesAs(result.text, 'yaml'), result.text);
      assert.deepEqual(
        checkDocument(result.text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics.map((diagnostic) => diagnostic.data.violation),
        [],
      );
      assert.match(result.text, /request: \{mode: url, url: u\}, response/);
    });

    // MCPDESC_FUZZ_SEED=7, iterations 7150 and 13232: a lone CR was taken for the document's line break.
    it('a lone CR (not a YAML line break) does not make fixes write CR line breaks', () => {
      const text = [
        '# a lone CR in a comment:\r is not a line break to YAML',
        'mcpdesc: 0.9.0-rc.\r3',
        'tools:',
        '  - name: t',
        '    elicitations:',
        '      - {name: confirm, mode: form, requestedSchema: {type: object, properties: {approved: {type: boolean}}, required: [approved]}}',
        '    interactionExamples:',
        '      e:',
        '        steps:',
        '          - type: elicitation',
        '            declaration: confirmed',
        '            request: {requestedSchema: {type: object, properties: {approved: {type: boolean}}, required: [approved]}}',
        '            response:',
        '              action: accept',
        '',
      ].join('\n');
      assert.ok(parsesAs(text, 'yaml'));
      const result = fixAll(text, elicitationOnly(CONSISTENCY_FIXES));
      assert.ok(parsesAs(result.text, 'yaml'), JSON.stringify(result.text));
      assert.equal(
        result.text,
        text
          .replace('declaration: confirmed', 'declaration: confirm')
          .replace('action: accept\n', 'action: accept\n              content:\n                approved: false\n'),
      );
      assert.deepEqual(checkDocument(result.text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics, []);
    });

    // MCPDESC_FUZZ_SEED=31337, iteration 26484: the `yaml` package counts a lone CR after a colon
    // into the value, so the value started at the colon and its replacement lost the separator.
    it('a value that starts right at its colon is replaced with a blank after the colon', () => {
      const text = [
        'mcpdesc: 0.8.0',
        'tools:',
        '  - name: t',
        '    elicitations:',
        '      - {name: confirm, mode: form, requestedSchema: {type: object}}',
        '    interactionExamples:',
        '      e:',
        '        steps:',
        '          - type: elicitation',
        '            declaration: confirm',
        '            request:',
        '              mode:\r form',
        '              requestedSchema: {type: object}',
        '            response: {action: decline}',
        '          - {"type":"elicitation","declaration":"confirm","request":{"mode":"url","requestedSchema":{"type":"object"}},"response":{"action":"decline"}}',
        '',
      ].join('\n');
      assert.ok(parsesAs(text, 'yaml'));
      assert.deepEqual(
        checkDocument(text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics.map((diagnostic) => diagnostic.data.violation),
        ['mode-mismatch', 'mode-mismatch'],
      );
      const result = fixAll(text, elicitationOnly(CONSISTENCY_FIXES));
      assert.ok(parsesAs(result.text, 'yaml'), JSON.stringify(result.text));
      assert.equal(
        result.text,
        text
          .replace('mode:\r form', 'mode: form')
          .replace('"mode":"url","requestedSchema":{"type":"object"}', '"mode": form,"requestedSchema": {type: object}'),
      );
      assert.deepEqual(checkDocument(result.text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics, []);
    });

    // Found by the merge-key fuzzer (test/yaml/yamlMergeKeyFuzz.thorough.test.ts).
    it('a member with an empty value before a comment is replaced without the space before the `#`', () => {
      const text = [
        'mcpdesc: 0.8.0',
        'tools:',
        '  - name: t',
        '    elicitations:',
        '      - {name: confirm, mode: form, requestedSchema: {type: object}}',
        '    interactionExamples:',
        '      e:',
        '        steps:',
        '          - type: elicitation',
        '            declaration: confirm',
        '            request:',
        '              mode: url',
        '              url:   # to do',
        '            response: {action: decline}',
        '',
      ].join('\n');
      const result = fixAll(text, elicitationOnly(CONSISTENCY_FIXES));
      assert.ok(parsesAs(result.text, 'yaml'), result.text);
      assert.equal(
        result.text,
        text.replace(
          'mode: url\n              url:   # to do',
          'mode: form\n              requestedSchema: {type: object}   # to do',
        ),
      );
      assert.deepEqual(checkDocument(result.text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics, []);
    });

    it('an empty value in a flow mapping is filled after its colon, and removed without the blank before a comment', () => {
      const text = [
        'mcpdesc: 0.8.0',
        'tools:',
        '  - name: t',
        '    elicitations:',
        '      - {name: authorize, mode: url, url: u}',
        '    interactionExamples:',
        '      e:',
        '        steps:',
        '          - type: elicitation',
        '            declaration: authorize',
        '            request: {url: }',
        '            response: {action: decline, content:   # to do',
        '              }',
        '',
      ].join('\n');
      const result = fixAll(text, elicitationOnly(CONSISTENCY_FIXES));
      assert.ok(parsesAs(result.text, 'yaml'), result.text);
      assert.equal(
        result.text,
        text.replace('{url: }', '{url: u, mode: url}').replace('decline, content:   # to do', 'decline   # to do'),
      );
      assert.deepEqual(checkDocument(result.text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics, []);
    });

    it('no "Remove content" for an own content that overrides a merged one (fix-all would loop on it)', () => {
      const text = [
        'mcpdesc: 0.8.0',
        'x-shared:',
        '  declined: &declined {action: decline, content: {approved: false}}',
        'tools:',
        '  - name: t',
        '    elicitations:',
        '      - {name: confirm, mode: form, requestedSchema: {type: object}}',
        '    interactionExamples:',
        '      e:',
        '        steps:',
        '          - type: elicitation',
        '            declaration: confirm',
        '            request: {requestedSchema: {type: object}}',
        '            response: {<<: *declined, content: {}}',
        '',
      ].join('\n');
      const result = checkDocument(text, elicitationOnly(CONSISTENCY_FIXES));
      assert.deepEqual(
        result.diagnostics.map((diagnostic) => diagnostic.data.violation),
        ['unexpected-content'],
      );
      assert.deepEqual(result.fixesFor(result.diagnostics[0]), []);
      assert.deepEqual(fixAll(text, elicitationOnly(CONSISTENCY_FIXES)), { text, edits: [], applied: 0 });
    });

    // Members that come from a `<<` merge were edited as if they were the merging mapping's own (the
    // inline source's text rewritten, members written at the inline source's column). Now a merged
    // value is overridden by an own member of the merging mapping, written at its keys' column.
    it('fix-all on a url merged in from a flow mapping keeps valid YAML', () => {
      const text = [
        ': &url-request',
        '    name: ""',
        '    mode: url',
        '    url: e,',
        'tools:',
        '-   elicitations:',
        '     - *url-request',
        '    interactionExamples:',
        '     :',
        '      steps:',
        '          - type: elicitation',
        '            declaration: ""',
        '            request:',
        '             <<: [{url:},*url-request]',
        '',
      ].join('\n');
      assert.ok(parsesAs(text, 'yaml'));
      const result = fixAll(text, elicitationOnly(CONSISTENCY_FIXES));
      assert.ok(parsesAs(result.text, 'yaml'), result.text);
      // The inline source `{url:}` stays as it was; the url is overridden below the `<<`.
      assert.equal(
        result.text,
        text.replace(
          '             <<: [{url:},*url-request]\n',
          '             <<: [{url:},*url-request]\n             url: e,\n',
        ),
      );
      assert.equal(result.applied, 1);
      assert.deepEqual(
        checkDocument(result.text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics.map((diagnostic) => diagnostic.data.violation),
        ['invalid-action'],
      );
    });
    it('fix-all adding a member to a mapping made only of a << merge keeps valid YAML', () => {
      const text = [
        ': &url-request',
        ' name: authorize',
        ' mode: url',
        'tools:',
        '-   elicitations:',
        '     - *url-request',
        '    interactionExamples:',
        '     :',
        '      steps:',
        '          - type: elicitation',
        '            declaration: authorize',
        '            request:',
        '             <<: [{e}]',
        '',
      ].join('\n');
      assert.ok(parsesAs(text, 'yaml'));
      const result = fixAll(text, elicitationOnly(CONSISTENCY_FIXES));
      assert.ok(parsesAs(result.text, 'yaml'), result.text);
      // At the `<<`'s column, not the inline source's.
      assert.equal(result.text, `${text}             mode: url\n`);
      // No response (no fix), and a url request without the url (the declaration has none to copy).
      assert.deepEqual(
        checkDocument(result.text, elicitationOnly(CONSISTENCY_FIXES)).diagnostics.map((diagnostic) => diagnostic.data.violation),
        ['invalid-action', 'url-mismatch'],
      );
    });
  });

  describe('the time budget', () => {
    it('interrupts a runaway computation', () => {
      assert.throws(
        () =>
          runTimeBoxed(
            () => {
              for (;;);
            },
            20,
            'the loop',
          ),
        TimeLimitError,
      );
    });

    it('refuses further costly work once a document has spent its budget, without running it', (t) => {
      let ranAfterwards = false;
      withDocumentBudget(() => {
        // All but 20 ms of the budget charged at once, by a step that takes that long on the test's
        // clock: the loop below runs out the rest (the budget's full length: test/checker/notChecked.test.ts).
        let clock = 0;
        const now = t.mock.method(performance, 'now', () => clock);
        const charged = budgetLeftMs() - 20;
        runCharged(() => {
          clock += charged;
        });
        now.mock.restore();
        assert.throws(
          () =>
            runTimeBoxed(
              () => {
                for (;;);
              },
              Infinity,
              'the loop',
            ),
          TimeLimitError,
        );
        assert.throws(
          () =>
            runTimeBoxed(
              () => {
                ranAfterwards = true;
              },
              Infinity,
              'more work',
            ),
          TimeLimitError,
        );
      });
      assert.equal(ranAfterwards, false);
      // The next document starts with a fresh budget.
      assert.equal(
        withDocumentBudget(() => runTimeBoxed(() => 42, Infinity, 'work')),
        42,
      );
    });

    it('passes values and exceptions of the work through', () => {
      assert.equal(
        runTimeBoxed(() => 'value', 1000, 'work'),
        'value',
      );
      assert.throws(
        () =>
          runTimeBoxed(
            () => {
              throw new SyntaxError('inner');
            },
            1000,
            'work',
          ),
        SyntaxError,
      );
    });
  });
});
