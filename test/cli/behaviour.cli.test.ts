// The built CLI's contract beyond the fixtures: discovery, options, exit codes and --fix.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { builtCliPath, runBuiltCli } from './support/cliProcess';
import { runCliInProcess } from './support/cliInProcess';
import { fixturesDirectory } from './support/fixtures';
import { repoRoot } from './support/repoRoot';
import { makeTempTree, removeTree } from './support/tempTree';

const RULE_PAGE_INVALID = fs.readFileSync(
  path.join(fixturesDirectory('expected-invalid'), 'invalid-tool-interaction-example-semantics.json'),
  'utf8',
);
const RULE_PAGE_VALID = fs.readFileSync(
  path.join(fixturesDirectory('expected-valid'), 'named-tool-interaction-examples.json'),
  'utf8',
);
const INVALID_UTF8 = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);

// The elicitation rule's page fixtures are deliberately partial documents: the whole-document
// rules (on by default since issue 34) report what they lack. Tests of exit statuses, severities,
// discovery and --fix that count the elicitation rule's problems run with the preset that keeps
// only the elicitation rules; the defaults are tested by the --official test below.
const ONLY_ELICITATION = '--elicitation-only';

function jsonProblems(stdout: string): JsonProblem[] {
  return JSON.parse(stdout) as JsonProblem[];
}

function filesOf(problems: JsonProblem[]): string[] {
  return [...new Set(problems.map((problem) => problem.file))].sort();
}

describe('cli behaviour (built dist/cli.js)', () => {
  let root: string;
  let outside: string;

  before(() => {
    builtCliPath();
    root = makeTempTree({
      'valid.mcpdesc.json': RULE_PAGE_VALID,
      'invalid.mcpdesc.json': RULE_PAGE_INVALID,
      'tree/docs/a.mcpdesc.json': RULE_PAGE_INVALID,
      'tree/node_modules/pkg/b.mcpdesc.json': RULE_PAGE_INVALID,
      'tree/docs/node_modules/c.mcpdesc.json': RULE_PAGE_INVALID,
      'tree/.git/d.mcpdesc.json': RULE_PAGE_INVALID,
      'tree/sniffed/plain.json': RULE_PAGE_INVALID,
      'tree/sniffed/not-mcpdesc.json': '{ "name": "x", ',
      'tree/sniffed/config.yaml': 'name: x\n',
      'tree/extra/thing.desc': RULE_PAGE_INVALID,
      'unreadable/bad.mcpdesc.json': INVALID_UTF8,
      'unreadable/good.mcpdesc.json': RULE_PAGE_INVALID,
    });
    outside = makeTempTree({ 'outside.mcpdesc.json': RULE_PAGE_INVALID });
    fs.symlinkSync(outside, path.join(root, 'tree', 'linked'));
  });
  after(() => {
    removeTree(root);
    removeTree(outside);
  });

  describe('exit status', () => {
    // In-process: the real process's exit status is 0 for --help below, 1 and 2 in the next two cases.
    it('is 0 with no output for a clean document', async () => {
      const run = await runCliInProcess(['valid.mcpdesc.json'], { cwd: root });
      assert.deepEqual(run, { status: 0, stdout: '', stderr: '' });
    });

    it('is 1 when problems are found, and 0 with --exit-zero, which still prints them', async () => {
      const failing = runBuiltCli([ONLY_ELICITATION, 'invalid.mcpdesc.json'], { cwd: root });
      assert.equal(failing.status, 1);
      assert.match(failing.stdout, /4 problems/);
      const exitZero = await runCliInProcess([ONLY_ELICITATION, '--exit-zero', 'invalid.mcpdesc.json'], { cwd: root });
      assert.equal(exitZero.status, 0);
      assert.equal(exitZero.stdout, failing.stdout);
    });

    it('is 2 for a usage error, with the message on stderr and nothing on stdout', async () => {
      const run = runBuiltCli(['--nope', 'invalid.mcpdesc.json'], { cwd: root });
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^mcpdesc-lint: Unknown option '--nope'\nRun 'mcpdesc-lint --help' for usage\.\n$/);
      assert.equal((await runCliInProcess(['--format', 'xml'], { cwd: root })).status, 2);
      assert.equal((await runCliInProcess(['--rule', `${ELICITATION_RULE_ID}=loud`], { cwd: root })).status, 2);
    });

    it('a reader that stops early (mcpdesc-lint | head) ends the run quietly, with its own status', async () => {
      // Far more than a pipe holds (64 KB, this gives ~190 KB): the CLI is still writing when the reader
      // goes away. One job: the report is written whole once every file is checked, so worker threads
      // play no part in how the pipe ends, and starting them would only cost the test.
      const args = ['--elicitation-only', '--jobs', '1', '--format', 'json', 'test-fixtures/expected-invalid'];
      const child = spawn(process.execPath, [builtCliPath(), ...args], {
        cwd: repoRoot(),
        env: { ...process.env, NO_COLOR: '1' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.stdout.once('data', () => child.stdout.destroy());
      const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.on('close', (code, ended) => resolve([code, ended])),
      );
      assert.deepEqual({ status, signal, stderr }, { status: 1, signal: null, stderr: '' });
    });

    it('checks a file that is not valid UTF-8 as an editor shows it (U+FFFD), as the server does', async () => {
      const run = await runCliInProcess(['--format', 'json', 'unreadable'], { cwd: root });
      assert.equal(run.status, 1);
      assert.equal(run.stderr, '');
      assert.deepEqual(filesOf(jsonProblems(run.stdout)), ['unreadable/bad.mcpdesc.json', 'unreadable/good.mcpdesc.json']);
    });

    it('is 2 for a file named on the command line that cannot be read, after checking the other files', async () => {
      const run = await runCliInProcess(['--format', 'json', 'unreadable/good.mcpdesc.json', '/dev/null'], { cwd: root });
      assert.equal(run.status, 2);
      assert.match(run.stderr, /^mcpdesc-lint: [./]*dev\/null: cannot read: it is a character device, not a regular file\n$/);
      assert.deepEqual(filesOf(jsonProblems(run.stdout)), ['unreadable/good.mcpdesc.json']);
    });

    it('is 2 for a path that does not exist, and other paths are still checked', async () => {
      const run = await runCliInProcess(['missing.mcpdesc.json', 'invalid.mcpdesc.json'], { cwd: root });
      assert.equal(run.status, 2);
      assert.equal(run.stderr, 'mcpdesc-lint: missing.mcpdesc.json: no such file or directory\n');
      assert.match(run.stdout, /invalid\.mcpdesc\.json/);
    });

    it('the whole-document rules are on by default with the official severities (--official and "extends": "mcpdesc:official" say the same); --elicitation-only and "extends": "mcpdesc:elicitation" turn them off', async () => {
      const corpus = path.join(repoRoot(), 'test-fixtures', 'official-agreement', 'security-and-tags.yaml');
      const seen = (problems: JsonProblem[]) =>
        problems
          .filter((problem) => problem.code.startsWith('mcpdesc.document.'))
          .map((problem) => `${problem.severity} ${problem.violation}`)
          .sort();
      const elicitationOnly = await runCliInProcess(['--format', 'json', '--no-config', '--elicitation-only', corpus]);
      assert.deepEqual(seen(jsonProblems(elicitationOnly.stdout)), []);
      const byDefault = await runCliInProcess(['--format', 'json', '--no-config', corpus]);
      assert.equal(byDefault.status, 1);
      const official = await runCliInProcess(['--format', 'json', '--no-config', '--official', corpus]);
      assert.equal(official.status, 1);
      assert.equal(official.stdout, byDefault.stdout);
      // Every problem of the whole-document rules carries the official validator's code, in the JSON output too.
      assert.ok(
        jsonProblems(official.stdout).every((problem) => !problem.code.startsWith('mcpdesc.document.') || problem.officialCode),
      );
      const expected = [
        'error duplicate-root-tag',
        'error non-oauth-scope-misuse',
        'error unknown-security-scheme',
        'error unknown-tag-reference',
        'error unknown-tag-reference',
        'warning uncatalogued-oauth-scope',
        'warning uncatalogued-oauth-scope',
      ];
      assert.deepEqual(seen(jsonProblems(official.stdout)), expected);
      // The official code of each finding is the same in the JSON and in SARIF (properties.officialCode).
      const codes = (problems: Array<{ officialCode?: string; pointer?: string }>) =>
        problems.map((problem) => `${problem.officialCode} ${problem.pointer}`).sort();
      const sarif = await runCliInProcess(['--format', 'sarif', '--no-config', corpus]);
      const results = (
        JSON.parse(sarif.stdout) as {
          runs: Array<{ results: Array<{ properties: { officialCode?: string; pointer?: string } }> }>;
        }
      ).runs[0].results;
      assert.deepEqual(codes(results.map((result) => result.properties)), codes(jsonProblems(official.stdout)));
      assert.ok(codes(results.map((result) => result.properties)).includes('unknown-tag-reference /prompts/0/tags/0'));
      const tree = makeTempTree({
        'mcpdesc-lint.config.json': '{ "extends": "mcpdesc:official" }',
        'vault.mcpdesc.yaml': fs.readFileSync(corpus, 'utf8'),
      });
      try {
        assert.deepEqual(seen(jsonProblems((await runCliInProcess(['--format', 'json', '.'], { cwd: tree })).stdout)), expected);
      } finally {
        removeTree(tree);
      }
      const narrowed = makeTempTree({
        'mcpdesc-lint.config.json': '{ "extends": "mcpdesc:elicitation" }',
        'vault.mcpdesc.yaml': fs.readFileSync(corpus, 'utf8'),
      });
      try {
        assert.deepEqual(seen(jsonProblems((await runCliInProcess(['--format', 'json', '.'], { cwd: narrowed })).stdout)), []);
      } finally {
        removeTree(narrowed);
      }
    });

    it('--help and --version exit 0', async () => {
      // --help through dist/cli.js, --version in-process: both are answered before anything is read.
      const help = runBuiltCli(['--help']);
      assert.equal(help.status, 0);
      assert.match(help.stdout, /^mcpdesc-lint \S+: /);
      assert.match(help.stdout, /Usage: mcpdesc-lint \[options\] \[paths\.\.\.\]/);
      assert.match(help.stdout, /--exit-zero/);
      const version = await runCliInProcess(['--version']);
      const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'package.json'), 'utf8')) as { version: string };
      assert.deepEqual(version, { status: 0, stdout: `${manifest.version}\n`, stderr: '' });
    });
  });

  describe('--rule and --quiet', () => {
    it('reports the rule at the configured severity; errors fail, warnings only past --max-warnings, information never', async () => {
      const asWarning = await runCliInProcess(
        [ONLY_ELICITATION, '--rule', `${ELICITATION_RULE_ID}=warning`, 'invalid.mcpdesc.json'],
        {
          cwd: root,
        },
      );
      assert.equal(asWarning.status, 0, 'warnings alone do not fail a run (issue 34)');
      assert.match(asWarning.stdout, /^ {2}40:30 {2}warning {2}/m);
      assert.match(asWarning.stdout, /\u2716 4 problems \(0 errors, 4 warnings\)/);
      for (const [limit, status] of [
        ['3', 1],
        ['4', 0],
        ['-1', 0],
      ] as const) {
        const limited = await runCliInProcess(
          [ONLY_ELICITATION, '--max-warnings', limit, '--rule', `${ELICITATION_RULE_ID}=warning`, 'invalid.mcpdesc.json'],
          {
            cwd: root,
          },
        );
        assert.equal(limited.status, status, `--max-warnings ${limit}`);
        assert.equal(limited.stderr, status === 1 ? 'mcpdesc-lint: 4 warnings found: more than --max-warnings 3 allows\n' : '');
      }

      const asInformation = await runCliInProcess(
        [ONLY_ELICITATION, '--format', 'json', '--rule', `${ELICITATION_RULE_ID}=information`, 'invalid.mcpdesc.json'],
        { cwd: root },
      );
      assert.equal(asInformation.status, 0);
      assert.deepEqual(
        jsonProblems(asInformation.stdout).map((p) => [p.severity, p.severityNumber]),
        Array(4).fill(['information', 3]),
      );

      const off = await runCliInProcess(
        [ONLY_ELICITATION, '--format', 'json', '--rule', `${ELICITATION_RULE_ID}=off`, 'invalid.mcpdesc.json'],
        {
          cwd: root,
        },
      );
      assert.deepEqual([off.status, jsonProblems(off.stdout)], [0, []]);
    });

    it('--quiet shows errors only; --max-warnings still counts the warnings it hides (as ESLint does)', async () => {
      const run = await runCliInProcess(
        [ONLY_ELICITATION, '--quiet', '--rule', `${ELICITATION_RULE_ID}=warning`, 'invalid.mcpdesc.json'],
        {
          cwd: root,
        },
      );
      assert.deepEqual(run, { status: 0, stdout: '', stderr: '' });
      assert.equal((await runCliInProcess([ONLY_ELICITATION, '--quiet', 'invalid.mcpdesc.json'], { cwd: root })).status, 1);
      const limited = await runCliInProcess(
        [ONLY_ELICITATION, '--quiet', '--max-warnings', '0', '--rule', `${ELICITATION_RULE_ID}=warning`, 'invalid.mcpdesc.json'],
        {
          cwd: root,
        },
      );
      assert.deepEqual(limited, {
        status: 1,
        stdout: '',
        stderr: 'mcpdesc-lint: 4 warnings found: more than --max-warnings 0 allows\n',
      });
    });
  });

  describe('discovery', () => {
    it('finds documents by name and by root member, skipping node_modules, .git, symlinked directories and other JSON', async () => {
      const run = await runCliInProcess(['--format', 'json', 'tree'], { cwd: root });
      assert.equal(run.stderr, '');
      assert.equal(run.status, 1);
      assert.deepEqual(filesOf(jsonProblems(run.stdout)), ['tree/docs/a.mcpdesc.json', 'tree/sniffed/plain.json']);
    });

    it('defaults to the current directory', async () => {
      const run = await runCliInProcess(['--format', 'json'], { cwd: path.join(root, 'tree') });
      assert.deepEqual(filesOf(jsonProblems(run.stdout)), ['docs/a.mcpdesc.json', 'sniffed/plain.json']);
    });

    it('checks a file named explicitly even when it is not recognized as a document', async () => {
      const run = await runCliInProcess([ONLY_ELICITATION, '--format', 'json', 'tree/sniffed/not-mcpdesc.json'], { cwd: root });
      assert.equal(run.status, 1);
      const problems = jsonProblems(run.stdout);
      assert.ok(problems.length > 0);
      assert.ok(problems.every((p) => p.file === 'tree/sniffed/not-mcpdesc.json' && p.violation === 'syntax-error'));
    });

    it('--include adds documents, --exclude removes them even when named', async () => {
      const included = await runCliInProcess(['--format', 'json', '--include', '**/*.desc', 'tree'], { cwd: root });
      assert.deepEqual(filesOf(jsonProblems(included.stdout)), [
        'tree/docs/a.mcpdesc.json',
        'tree/extra/thing.desc',
        'tree/sniffed/plain.json',
      ]);
      const excluded = await runCliInProcess(
        ['--format', 'json', '--exclude', 'tree/docs/**', 'tree', 'tree/docs/a.mcpdesc.json'],
        {
          cwd: root,
        },
      );
      assert.deepEqual(filesOf(jsonProblems(excluded.stdout)), ['tree/sniffed/plain.json']);
      assert.equal(excluded.stderr, 'mcpdesc-lint: warning: tree/docs/a.mcpdesc.json: not checked, it matches --exclude\n');
      assert.equal(excluded.status, 1);
    });

    it('expands quoted globs itself, and a glob matching no file is an error', async () => {
      const byName = await runCliInProcess(['--format', 'json', 'tree/**/*.mcpdesc.json'], { cwd: root });
      assert.deepEqual(filesOf(jsonProblems(byName.stdout)), ['tree/docs/a.mcpdesc.json']);
      const sniffed = await runCliInProcess(['--format', 'json', 'tree/sniffed/*.json'], { cwd: root });
      assert.deepEqual(filesOf(jsonProblems(sniffed.stdout)), ['tree/sniffed/plain.json']);
      const none = await runCliInProcess(['tree/**/*.nothing'], { cwd: root });
      assert.equal(none.status, 2);
      assert.equal(none.stderr, "mcpdesc-lint: No files match the pattern 'tree/**/*.nothing'\n");
    });

    it('skips a file over the size limit with one information diagnostic', async () => {
      const run = await runCliInProcess(['--format', 'json', '--max-file-size-mb', '0.001', 'invalid.mcpdesc.json'], {
        cwd: root,
      });
      assert.equal(run.status, 0);
      const [problem, ...rest] = jsonProblems(run.stdout);
      assert.deepEqual(rest, []);
      assert.deepEqual(
        [problem.code, problem.violation, problem.severity, problem.range],
        ['mcpdesc.checker', 'skipped', 'information', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }],
      );
      assert.match(problem.message, /over the 0\.001 MB size limit/);
    });

    it('handles a YAML document without crashing: checked, or reported as not supported yet', async () => {
      const yamlRoot = makeTempTree({ 'spec.mcpdesc.yaml': 'mcpdesc: "0.9.0"\ntools: []\n' });
      try {
        const run = await runCliInProcess(['--format', 'json', '.'], { cwd: yamlRoot });
        assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
        if (run.status === 2) assert.match(run.stderr, /spec\.mcpdesc\.yaml: YAML documents are not supported yet/);
        else
          assert.deepEqual(
            filesOf(jsonProblems(run.stdout)).filter((file) => file !== 'spec.mcpdesc.yaml'),
            [],
          );
      } finally {
        removeTree(yamlRoot);
      }
    });
  });

  describe('--fix', () => {
    const COMMENTED = [
      "// Release bot: the rule page's invalid step, with comments around everything the fixes touch.",
      '{',
      '  "mcpdesc": "0.8.0",',
      '  "tools": [',
      '    {',
      '      "name": "prepare_release",',
      '      "inputSchema": { "type": "object" },',
      '      "elicitations": [',
      '        /* The form. */',
      '        {',
      '          "name": "confirm",',
      '          "mode": "form",',
      '          "message": "Approve this release?",',
      '          "requestedSchema": { "type": "object", "properties": { "approved": { "type": "boolean" } }, "required": ["approved"] }',
      '        }, // trailing comment after confirm',
      '        // url mode',
      '        { "name": "authorize", "mode": "url", "message": "Authorize publication.", "url": "https://mcp.example.com/release/connect" }',
      '      ],',
      '      "interactionExamples": {',
      '        "broken": {',
      '          "steps": [',
      '            {',
      '              "type": "elicitation", // the step',
      '              "declaration": "missing", /* not declared */',
      '              "request": { "mode": "url", "message": "Authorize publication.", "url": "https://mcp.example.com/release/connect" },',
      '              "response": {',
      '                "action": "accept", // accepted',
      '                "content": { "approved": true }',
      '              }',
      '            }',
      '          ]',
      '        }',
      '      }',
      '    }',
      '  ]',
      '}',
      '',
    ];
    // The lines a fix may have to rewrite: a comma after the last declaration, the content member and the comma before it.
    const MAY_CHANGE = new Set([16, 26, 27]);

    function isSubsequence(needles: string[], haystack: string[]): boolean {
      let at = 0;
      for (const needle of needles) {
        while (at < haystack.length && haystack[at] !== needle) at++;
        if (at === haystack.length) return false;
        at++;
      }
      return true;
    }

    it('fixes in place, keeps comments and untouched lines byte-identical, and the result is clean', async () => {
      const fixRoot = makeTempTree({ 'commented.mcpdesc.jsonc': COMMENTED.join('\n') });
      try {
        const before = await runCliInProcess([ONLY_ELICITATION, '--format', 'json', '.'], { cwd: fixRoot });
        assert.deepEqual(
          jsonProblems(before.stdout).map((p) => p.violation),
          ['unknown-declaration', 'unexpected-content'],
        );
        // In-process: --fix through dist/cli.js writes a file in fixSafety/cli.test.ts (by a rename, its mode kept).
        const fix = await runCliInProcess([ONLY_ELICITATION, '--fix', '.'], { cwd: fixRoot });
        assert.deepEqual(fix, { status: 0, stdout: '', stderr: '' });
        const fixed = fs.readFileSync(path.join(fixRoot, 'commented.mcpdesc.jsonc'), 'utf8');
        const fixedLines = fixed.split('\n');
        const untouched = COMMENTED.filter((_, index) => !MAY_CHANGE.has(index));
        assert.ok(isSubsequence(untouched, fixedLines), `untouched lines changed:\n${fixed}`);
        for (const comment of [
          '/* The form. */',
          '// trailing comment after confirm',
          '// url mode',
          '// the step',
          '/* not declared */',
          '// accepted',
        ]) {
          assert.ok(fixed.includes(comment), comment);
        }
        assert.ok(!fixed.includes('"content"'));
        assert.match(fixed, /\{\s*"name": "missing",\s*"mode": "url",/);
        const after = await runCliInProcess([ONLY_ELICITATION, '.'], { cwd: fixRoot });
        assert.deepEqual(after, { status: 0, stdout: '', stderr: '' });
      } finally {
        removeTree(fixRoot);
      }
    });

    it('on the JSONC fixture: fixes what has a fix, keeps every comment line byte-identical, leaves the rest', async () => {
      const name = 'jsonc-comments-trailing-commas.jsonc';
      const original = fs.readFileSync(path.join(fixturesDirectory('expected-invalid'), name), 'utf8');
      const expected = JSON.parse(
        fs.readFileSync(path.join(fixturesDirectory('expected-invalid'), name.replace(/\.jsonc$/, '.expected.json')), 'utf8'),
      ) as { violation: string }[];
      const fixable = new Set([
        'unknown-declaration',
        'unexpected-content',
        'missing-content',
        'mode-mismatch',
        'schema-mismatch',
        'url-mismatch',
      ]);
      const fixRoot = makeTempTree({ [name]: original });
      try {
        // About the consistency rule's fixes on its own corpus (its .expected.json): the other
        // rule, whose "Add a message" would edit a commented line here, is off for this run.
        const fix = await runCliInProcess(
          [ONLY_ELICITATION, '--fix', '--format', 'json', '--rule', `${DECLARATION_RULE_ID}=off`, name],
          {
            cwd: fixRoot,
          },
        );
        const remaining = jsonProblems(fix.stdout).map((problem) => problem.violation);
        assert.deepEqual(
          remaining,
          expected.map((d) => d.violation).filter((violation) => !fixable.has(violation)),
        );
        assert.equal(fix.status, remaining.length > 0 ? 1 : 0);
        const fixedLines = fs.readFileSync(path.join(fixRoot, name), 'utf8').split('\n');
        const commentLines = original.split('\n').filter((line) => /^\s*(\/\/|\/\*)/.test(line));
        assert.ok(commentLines.length >= 3);
        for (const line of commentLines) assert.ok(fixedLines.includes(line), `comment line changed or lost: ${line}`);
      } finally {
        removeTree(fixRoot);
      }
    });

    it('keeps a byte order mark and CRLF line breaks', async () => {
      const crlf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(COMMENTED.join('\r\n'))]);
      const fixRoot = makeTempTree({ 'crlf.mcpdesc.jsonc': crlf });
      try {
        assert.equal((await runCliInProcess([ONLY_ELICITATION, '--fix', '.'], { cwd: fixRoot })).status, 0);
        const bytes = fs.readFileSync(path.join(fixRoot, 'crlf.mcpdesc.jsonc'));
        assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
        const text = bytes.subarray(3).toString('utf8');
        assert.ok(!text.includes('\uFEFF'));
        assert.ok(text.includes('"missing"'));
        assert.equal(text.replace(/\r\n/g, '').search(/[\r\n]/), -1, 'every line break is CRLF');
        assert.deepEqual(await runCliInProcess([ONLY_ELICITATION, '.'], { cwd: fixRoot }), { status: 0, stdout: '', stderr: '' });
      } finally {
        removeTree(fixRoot);
      }
    });

    it('reports what no fix can mend, and leaves files with nothing to fix untouched', async () => {
      const unfixable = fs.readFileSync(path.join(fixturesDirectory('expected-invalid'), 'invalid-action.json'));
      const fixRoot = makeTempTree({ 'unfixable.mcpdesc.json': unfixable, 'valid.mcpdesc.json': RULE_PAGE_VALID });
      try {
        const past = new Date('2001-02-03T04:05:06Z');
        for (const name of ['unfixable.mcpdesc.json', 'valid.mcpdesc.json']) fs.utimesSync(path.join(fixRoot, name), past, past);
        const expected = jsonProblems(
          (await runCliInProcess([ONLY_ELICITATION, '--format', 'json', '.'], { cwd: fixRoot })).stdout,
        );
        assert.ok(expected.length > 0);
        const fix = await runCliInProcess([ONLY_ELICITATION, '--fix', '--format', 'json', '.'], { cwd: fixRoot });
        assert.equal(fix.status, 1);
        assert.deepEqual(jsonProblems(fix.stdout), expected);
        for (const name of ['unfixable.mcpdesc.json', 'valid.mcpdesc.json']) {
          assert.equal(fs.statSync(path.join(fixRoot, name)).mtime.getTime(), past.getTime(), `${name} was rewritten`);
        }
        assert.deepEqual(fs.readFileSync(path.join(fixRoot, 'unfixable.mcpdesc.json')), unfixable);
      } finally {
        removeTree(fixRoot);
      }
    });
  });
});
