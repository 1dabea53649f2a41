// What the status item says for each answer of mcpdesc/documentStatus: the counts (undefined here)
// for a checked document, and for one that is not checked, that it is not and which setting decided it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkedItems, notCheckedText, SHOWN_CHARS, statusClick } from '../../client/src/documentStatusText';
import { shownText } from '../../client/src/shownText';
import { DOCUMENT_STATUS_LIMITS, type DocumentStatus } from '../../shared/src/constants';

const NOT_CHECKED = '$(circle-slash) MCP Description: not checked';

const ELICITATION = {
  id: 'mcpdesc.tool.interaction.elicitation-consistency',
  severity: 'error',
  docsUri: 'file:///x/docs/rules/elicitation-consistency.md',
} as const;
const SYNTAX = { id: 'mcpdesc.syntax', severity: 'warning', docsUri: 'file:///x/docs/rules/syntax.md' } as const;
const CHECKED: Extract<DocumentStatus, { kind: 'checked' }> = {
  kind: 'checked',
  formatVersion: '0.8.0',
  revisions: ['2025-06-18', '2025-11-25'],
  rules: [ELICITATION, SYNTAX],
  lastCheckMs: 2.345,
  configFiles: [],
  configFilesRead: true,
};

describe('status item text for a document the server does not check', () => {
  it('checked, a configuration file, not open or no answer: nothing to say (the item shows the counts)', () => {
    assert.equal(notCheckedText(CHECKED), undefined);
    assert.equal(notCheckedText({ kind: 'configuration' }), undefined);
    assert.equal(notCheckedText({ kind: 'notOpen' }), undefined);
    assert.equal(notCheckedText(undefined), undefined);
  });

  it('excluded by the settings: mcpdesc.files.exclude and the glob', () => {
    assert.deepEqual(notCheckedText({ kind: 'excluded', pattern: '**/drafts/**', from: 'settings' }), {
      text: NOT_CHECKED,
      detail: "Not checked: excluded by mcpdesc.files.exclude ('**/drafts/**')",
    });
  });

  it('excluded by a project configuration: its file name and the glob', () => {
    assert.deepEqual(
      notCheckedText({
        kind: 'excluded',
        pattern: 'packages/legacy/old/**',
        from: 'configuration',
        files: ['/w/packages/legacy/mcpdesc-lint.config.json'],
      }),
      {
        text: NOT_CHECKED,
        detail: "Not checked: excluded by mcpdesc-lint.config.json's exclude ('packages/legacy/old/**')",
      },
    );
    assert.equal(
      notCheckedText({
        kind: 'excluded',
        pattern: 'old/**',
        from: 'configuration',
        files: ['/w/mcpdesc-lint.config.json', '/w/p/mcpdesc-lint.config.yaml'],
      })?.detail,
      "Not checked: excluded by the project configuration's exclude ('old/**')",
    );
  });

  it('disabled, not an mcpdesc document, too large: each says so', () => {
    assert.deepEqual(notCheckedText({ kind: 'disabled' }), {
      text: NOT_CHECKED,
      detail: 'Not checked: mcpdesc.enable is off for this file',
    });
    assert.equal(notCheckedText({ kind: 'notMcpdesc' })?.text, 'MCP Description: not an mcpdesc document');
    assert.match(
      notCheckedText({ kind: 'notMcpdesc' })?.detail ?? '',
      /^Not checked: neither its name .*mcpdesc\.files\.include nor a root "mcpdesc" member/,
    );
    assert.deepEqual(notCheckedText({ kind: 'tooLarge', sizeBytes: 25 * 1024 * 1024 + 1, limitMB: 20 }), {
      text: NOT_CHECKED,
      detail: 'Not checked: it is 25 MB, over mcpdesc.maxFileSizeMB (20 MB)',
    });
    assert.equal(
      notCheckedText({ kind: 'tooLarge', sizeBytes: 300, limitMB: 0.0001 })?.detail,
      'Not checked: it is 0.00029 MB, over mcpdesc.maxFileSizeMB (0.0001 MB)',
    );
  });
});

describe('the items of a checked document', () => {
  it("its format version and MCP revisions, the last check's time and its configuration; the rules that ran, opening the first one's page", () => {
    assert.deepEqual(checkedItems(CHECKED), [
      {
        id: 'mcpdesc.document',
        name: 'MCP Description: this file',
        text: 'format 0.8.0 · MCP 2025-06-18, 2025-11-25',
        detail: 'checked in 2.3 ms · settings only (no configuration file)',
      },
      {
        id: 'mcpdesc.rules',
        name: 'MCP Description: rules',
        text: 'rules: elicitation-consistency, syntax',
        click: { kind: 'ruleDocs', title: 'Rule documentation', uri: ELICITATION.docsUri },
      },
    ]);
  });

  it('with configuration files: their names, and a click opens the innermost', () => {
    const [document] = checkedItems({
      ...CHECKED,
      lastCheckMs: 1234.4,
      configFiles: ['/w/mcpdesc-lint.config.json', 'C:\\w\\p\\mcpdesc-lint.config.yaml'],
    });
    assert.equal(document.detail, 'checked in 1234 ms · configured by mcpdesc-lint.config.json < mcpdesc-lint.config.yaml');
    assert.deepEqual(document.click, {
      kind: 'openFile',
      title: 'Open mcpdesc-lint.config.yaml',
      path: 'C:\\w\\p\\mcpdesc-lint.config.yaml',
    });
  });

  it('without a format version, revisions or a finished check, one rule, in a browser', () => {
    const [document, rules] = checkedItems({
      ...CHECKED,
      formatVersion: undefined,
      revisions: undefined,
      rules: [ELICITATION],
      lastCheckMs: undefined,
      configFilesRead: false,
    });
    assert.equal(document.text, 'no format version · no MCP revisions named (protocolVersions)');
    assert.equal(document.detail, 'settings only (configuration files are not read here)');
    assert.equal(document.click, undefined);
    assert.equal(rules.text, 'rule: elicitation-consistency');
  });
});

describe('where a click on the main item leads for a document not checked', () => {
  it('a checked document: nowhere of its own (its items carry the clicks)', () => {
    assert.equal(statusClick(CHECKED), undefined);
  });

  it('the configuration file or the setting that decided', () => {
    assert.deepEqual(
      statusClick({ kind: 'excluded', pattern: 'old/**', from: 'configuration', files: ['/w/mcpdesc-lint.config.json'] }),
      {
        kind: 'openFile',
        title: 'Open mcpdesc-lint.config.json',
        path: '/w/mcpdesc-lint.config.json',
      },
    );
    assert.deepEqual(statusClick({ kind: 'excluded', pattern: '**/drafts/**', from: 'settings' }), {
      kind: 'settings',
      title: 'Open the setting',
      query: 'mcpdesc.files.exclude',
    });
    assert.deepEqual(
      (['disabled', 'notMcpdesc'] as const).map((kind) => statusClick({ kind })),
      [
        { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.enable' },
        { kind: 'settings', title: 'Open the setting', query: 'mcpdesc.files.include' },
      ],
    );
    assert.deepEqual(statusClick({ kind: 'tooLarge', sizeBytes: 1, limitMB: 0 }), {
      kind: 'settings',
      title: 'Open the setting',
      query: 'mcpdesc.maxFileSizeMB',
    });
    assert.equal(statusClick({ kind: 'configuration' }), undefined);
    assert.equal(statusClick(undefined), undefined);
  });
});

/**
 * What VS Code shows of a status text (its renderLabelWithIcons, rewritten from its documented
 * behaviour): `$(name)` becomes an icon, `\$(name)` the text `$(name)`. Icons are listed apart.
 */
function rendered(text: string): { text: string; icons: string[] } {
  const icons: string[] = [];
  const shown = text.replace(
    /(\\)?\$\(([A-Za-z0-9-]+(?:~[A-Za-z]+)?)\)/g,
    (match: string, escaped: string | undefined, name: string) => {
      if (escaped) return match.slice(1);
      icons.push(name);
      return '';
    },
  );
  return { text: shown, icons };
}

describe('document text in the status items: one line, shortened, no icons', () => {
  it('a format version of 669,000 characters with icon syntax in it: shown shortened, its $(…) as text', () => {
    const version = `$(error) $(sync~spin) ${'9'.repeat(669_000)}`;
    const [document] = checkedItems({ ...CHECKED, formatVersion: version });
    const shown = rendered(document.text);
    assert.deepEqual(shown.icons, []);
    assert.ok(document.text.length <= 'format  · MCP 2025-06-18, 2025-11-25'.length + SHOWN_CHARS.formatVersion + 2);
    assert.ok(shown.text.startsWith('format $(error) $(sync~spin) 999'), shown.text);
    assert.ok(shown.text.endsWith('… · MCP 2025-06-18, 2025-11-25'), shown.text);
  });

  it('revisions: each one as text, the line shortened, and those the server did not send counted', () => {
    const revisions = Array.from({ length: DOCUMENT_STATUS_LIMITS.revisions }, (_, index) => `$(check)-2025-${index}`);
    const [document] = checkedItems({ ...CHECKED, revisions, revisionsOmitted: 99_984 });
    const shown = rendered(document.text);
    assert.deepEqual(shown.icons, []);
    assert.match(shown.text, /^format 0\.8\.0 · MCP \$\(check\)-2025-0, \$\(check\)-2025-1, .*… \(\+99984 more\)$/);
    assert.ok(document.text.length < 'format 0.8.0 · MCP  (+99984 more)'.length + SHOWN_CHARS.revisions + 20);
  });

  it('line breaks, tabs and control characters become one space; an escaped icon stays as written', () => {
    assert.equal(shownText('a\n\tb\u0000\u001bc', 80), 'a b c');
    assert.equal(rendered(shownText('\\$(x) and $(y)', 80)).text, '\\$(x) and $(y)');
    assert.deepEqual(rendered(shownText('\\$(x) and $(y)', 80)).icons, []);
  });

  it('a glob and a configuration file name from the workspace: as text, shortened', () => {
    const detail =
      notCheckedText({ kind: 'excluded', pattern: `$(bug)${'*'.repeat(5000)}`, from: 'configuration', files: ['/w/$(zap).json'] })
        ?.detail ?? '';
    assert.deepEqual(rendered(detail).icons, []);
    assert.ok(detail.length < 2 * SHOWN_CHARS.detail + 60, String(detail.length));
    assert.ok(rendered(detail).text.startsWith("Not checked: excluded by $(zap).json's exclude ('$(bug)***"));
  });

  it('a surrogate pair is never cut in half', () => {
    const text = `${'a'.repeat(SHOWN_CHARS.formatVersion - 2)}😀😀`;
    const cut = shownText(text, SHOWN_CHARS.formatVersion);
    assert.equal(cut, `${'a'.repeat(SHOWN_CHARS.formatVersion - 2)}…`);
  });
});
