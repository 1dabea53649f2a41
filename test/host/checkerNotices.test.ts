// One message and one severity per checker notice, wherever it arises: the checker's own limits,
// the size limit of either front, an exception caught by either. docs/rules/checker.md states the
// same defaults.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { CHECKER_RULE_ID } from '../../shared/src/constants';
import { checkDocument, internalErrorNotice } from '../../server/src/checker';
import { defaultSeverity, ruleDocsUri, severityNumber } from '../../shared/src/rules';
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';
import { fileTooLargeNotice } from '../../server/src/host';
import { generatedCase } from '../hostile/support/generatedCases';
import { repoPath } from '../support/repo';

const SEVERITY_NAMES: Record<string, number> = { Error: 1, Warning: 2, Information: 3, Hint: 4 };

describe('checker notices', () => {
  it('skipped documents are Information, internal errors Error, by default', () => {
    const [tooLarge] = fileTooLargeNotice(30 * 1024 * 1024, 20, {}, shippedDocsBaseUri());
    assert.deepEqual(
      { ...tooLarge, message: '' },
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        severity: 3,
        code: CHECKER_RULE_ID,
        codeDescription: { href: ruleDocsUri(CHECKER_RULE_ID, shippedDocsBaseUri()) },
        source: 'mcpdesc',
        message: '',
        data: { violation: 'skipped', offset: 0, length: 0 },
      },
    );
    assert.equal(
      tooLarge.message,
      'This file was not checked: it is 30 MB, over the 20 MB size limit (mcpdesc.maxFileSizeMB; --max-file-size-mb on the command line).',
    );

    const [tooDeep, ...rest] = checkDocument(generatedCase('nesting-root-objects').build()).diagnostics;
    assert.deepEqual(rest, []);
    assert.deepEqual(
      [tooDeep.severity, tooDeep.data.violation, tooDeep.message],
      [3, 'skipped', 'This document is nested too deeply to be checked.'],
    );

    const [internal] = internalErrorNotice(new Error('boom'), { rules: {} });
    assert.deepEqual([internal.severity, internal.data.violation], [1, 'internal-error']);
    assert.equal(
      internal.message,
      'This document could not be checked because of an internal error: boom. Other documents are still checked; please report it.',
    );
  });

  it('mcpdesc.checker re-rates or silences every one of them', () => {
    assert.equal(fileTooLargeNotice(2e6, 1, { [CHECKER_RULE_ID]: 'warning' }, shippedDocsBaseUri())[0].severity, 2);
    assert.equal(internalErrorNotice('x', { rules: { [CHECKER_RULE_ID]: 'hint' } })[0].severity, 4);
    assert.deepEqual(fileTooLargeNotice(2e6, 1, { [CHECKER_RULE_ID]: 'off' }, shippedDocsBaseUri()), []);
    assert.deepEqual(internalErrorNotice('x', { rules: { [CHECKER_RULE_ID]: 'off' } }), []);
    assert.deepEqual(
      checkDocument(generatedCase('nesting-root-objects').build(), { rules: { [CHECKER_RULE_ID]: 'off' } }).diagnostics,
      [],
    );
  });

  it('docs/rules/checker.md gives each situation the severity the code gives it', () => {
    const page = fs.readFileSync(repoPath('docs', 'rules', 'checker.md'), 'utf8');
    const rows = page
      .split('\n')
      .filter((line) => /^\| .* \| `(skipped|internal-error|problems-not-shown)` \| \w+ \|/.test(line));
    assert.equal(
      rows.length,
      6,
      'six situations: too large, too deep, too many syntax errors, parts not checked in time, internal error, more problems than are sent',
    );
    for (const row of rows) {
      const [, violation, severity] = /\| `(skipped|internal-error|problems-not-shown)` \| (\w+) \|/.exec(row)!;
      assert.equal(SEVERITY_NAMES[severity], severityNumber(defaultSeverity(CHECKER_RULE_ID, violation)), row);
    }
  });
});
