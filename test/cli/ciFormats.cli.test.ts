// The CI formats of issue 36 through the built CLI, each read by its consumer's own parser or
// validator: gitlab (Code Climate issues as GitLab's code quality report reads them; typed with
// codeclimate-types), junit (parsed by junit2json, on xml2js's strict XML parser), rdjson (validated
// by @umbrelladocs/rdformat-validator against reviewdog's diagnostic format); and github: at most the
// annotations GitHub shows, every problem in the log, and a pull request with 500 problems shown
// whole in the job summary.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Issue } from 'codeclimate-types';
import type { JsonProblem } from '../../server/src/cli/formatters/json';
import { ELICITATION_RULE_ID } from '../../shared/src/constants';
import { RULES } from '../../shared/src/rules';
import { repoPath } from '../support/repo';
import { runBuiltCli } from './support/cliProcess';
import { runCliInProcess } from './support/cliInProcess';
import { documentWithSteps } from './support/ciDocuments';
import { makeTempTree, removeTree } from './support/tempTree';

const E = ELICITATION_RULE_ID;
// The example workspace's documents are the elicitation rule's examples, partial on purpose (no
// transports, examples without results): the counts below are that rule's, so the runs keep only the
// elicitation rules (the whole-document rules are on by default since issue 34).
const ONLY_ELICITATION = '--elicitation-only';

describe('CI formats read by their consumers', () => {
  let root: string;
  let problems: JsonProblem[];
  before(async () => {
    root = makeTempTree({});
    fs.cpSync(repoPath('test-fixtures', 'workspace'), root, { recursive: true });
    // Non-ASCII before a finding on its line (columns differ in UTF-16 and UTF-8), and a name
    // with what XML and JSON must escape.
    fs.writeFileSync(path.join(root, 'ünïcode.mcpdesc.json'), documentWithSteps(['confirm', 'ça-<&"\u0001>-日本']));
    problems = JSON.parse((await runCliInProcess([ONLY_ELICITATION, '--format', 'json'], { cwd: root })).stdout) as JsonProblem[];
    assert.equal(problems.length, 15);
  });
  after(() => removeTree(root));

  it('gitlab: the fields GitLab reads, fingerprints unique and stable when lines move, one issue per problem', async () => {
    const run = await runCliInProcess([ONLY_ELICITATION, '--format', 'gitlab'], { cwd: root });
    assert.equal(run.status, 1);
    const issues = JSON.parse(run.stdout) as Issue[];
    assert.equal(issues.length, problems.length);
    const severities = new Set(['info', 'minor', 'major', 'critical', 'blocker']);
    issues.forEach((issue, index) => {
      // What GitLab requires of each (docs.gitlab.com, Code Quality: "Implement a custom tool").
      assert.equal(typeof issue.description, 'string');
      assert.ok(!/[\r\n]/.test(issue.description), 'one line');
      assert.equal(issue.check_name, problems[index].code);
      assert.match(issue.fingerprint ?? '', /^[0-9a-f]{32}$/);
      assert.ok(severities.has(issue.severity ?? ''), issue.severity);
      assert.ok('lines' in issue.location);
      assert.deepEqual(issue.location, {
        path: problems[index].file,
        lines: { begin: problems[index].range.start.line + 1, end: problems[index].range.end.line + 1 },
      });
      assert.ok(fs.existsSync(path.join(root, issue.location.path)), 'a path relative to the repository root');
    });
    assert.equal(new Set(issues.map((issue) => issue.fingerprint)).size, issues.length);
    assert.deepEqual(new Set(issues.map((issue) => issue.severity)), new Set(['major']));

    // Lines added above the findings: GitLab matches the same issues by the same fingerprints.
    const file = path.join(root, 'ünïcode.mcpdesc.json');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, documentWithSteps(['confirm', 'ça-<&"\u0001>-日本'], 12));
    try {
      const moved = JSON.parse(
        (await runCliInProcess([ONLY_ELICITATION, '--format', 'gitlab', 'ünïcode.mcpdesc.json'], { cwd: root })).stdout,
      ) as Issue[];
      const before = issues.filter((issue) => issue.location.path === 'ünïcode.mcpdesc.json');
      assert.deepEqual(
        moved.map((issue) => issue.fingerprint),
        before.map((issue) => issue.fingerprint),
      );
      assert.notDeepEqual(
        moved.map((issue) => issue.location),
        before.map((issue) => issue.location),
      );
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('junit: parsed by junit2json, a suite per file, a failure per error or warning, the files that failed as errors', async () => {
    const { parse } = await import('junit2json');
    fs.writeFileSync(path.join(root, 'unreadable.mcpdesc.json'), '{}');
    fs.chmodSync(path.join(root, 'unreadable.mcpdesc.json'), 0);
    const readable = process.getuid?.() === 0;
    try {
      const run = await runCliInProcess(
        [ONLY_ELICITATION, '--format', 'junit', '--rule', `${E}=warning`, '.', 'missing.mcpdesc.json'],
        {
          cwd: root,
        },
      );
      assert.equal(run.status, 2);
      const parsed = await parse(run.stdout);
      assert.ok(parsed && 'testsuite' in parsed);
      const suites = (
        parsed as {
          testsuite: Array<{
            name?: string;
            tests?: number;
            failures?: number;
            errors?: number;
            testcase?: Array<{
              name?: string;
              classname?: string;
              failure?: Array<{ message?: string; type?: string; inner?: string }>;
              error?: Array<{ message?: string }>;
            }>;
          }>;
        }
      ).testsuite;
      const byName = new Map(suites.map((suite) => [suite.name, suite]));
      const unicode = byName.get('ünïcode.mcpdesc.json');
      assert.ok(unicode);
      assert.deepEqual([unicode.tests, unicode.failures, unicode.errors], [1, 1, 0]);
      const failure = unicode.testcase?.[0].failure?.[0];
      assert.equal(unicode.testcase?.[0].name, `${E}/unknown-declaration at 50:30`);
      assert.equal(failure?.type, 'warning');
      assert.equal(
        failure?.message,
        problems.find((p) => p.file === 'ünïcode.mcpdesc.json')?.message.replaceAll('\u0001', '\\x01'),
      );
      assert.match(
        failure?.inner ?? '',
        /^ünïcode\.mcpdesc\.json:50:30: warning: Elicitation step references 'ça-<&"\\x01>-日本'/,
      );
      const clean = byName.get('changelog-bot.mcpdesc.json');
      assert.deepEqual([clean?.tests, clean?.failures, clean?.testcase?.[0].failure], [1, 0, undefined]);
      const failed = byName.get('mcpdesc-lint');
      assert.equal(failed?.errors, readable ? 1 : 2);
      assert.match(
        failed?.testcase?.[0].error?.[0].message ?? '',
        /^missing\.mcpdesc\.json: no such file or directory$|cannot read/,
      );
      const total = parsed as { tests?: number; failures?: number };
      assert.equal(total.failures, problems.length);
    } finally {
      fs.rmSync(path.join(root, 'unreadable.mcpdesc.json'), { force: true });
    }
  });

  it("rdjson: valid for reviewdog's diagnostic format, columns in UTF-8 bytes, codes linked to the rule pages", async () => {
    const { RDFormatValidator } = await import('@umbrelladocs/rdformat-validator');
    const validator = new RDFormatValidator({ strictMode: true, allowExtraFields: false });
    const run = await runCliInProcess([ONLY_ELICITATION, '--format', 'rdjson'], {
      cwd: root,
      env: { MCPDESC_LINT_RULE_DOCS_URL: 'https://example.com/docs/rules' },
    });
    assert.equal(run.status, 1);
    const verdict = validator.validateObject(JSON.parse(run.stdout));
    assert.deepEqual(verdict.errors, []);
    assert.equal(verdict.valid, true);
    // The validator does refuse what reviewdog would: a severity it does not know.
    assert.equal(validator.validateObject(JSON.parse(run.stdout.replace('"ERROR"', '"FATAL"'))).valid, false);

    const result = JSON.parse(run.stdout) as {
      diagnostics: Array<{
        location: { path: string; range: { start: { line: number; column: number } } };
        code: { value: string; url?: string };
      }>;
    };
    assert.equal(result.diagnostics.length, problems.length);
    const unicode = result.diagnostics.find((d) => d.location.path === 'ünïcode.mcpdesc.json');
    const line = fs.readFileSync(path.join(root, 'ünïcode.mcpdesc.json'), 'utf8').split('\n')[49];
    const utf16 = problems.find((p) => p.file === 'ünïcode.mcpdesc.json')!.range.start.character;
    assert.deepEqual(unicode?.location.range.start, { line: 50, column: Buffer.byteLength(line.slice(0, utf16)) + 1 });
    assert.equal(unicode?.code.url, `https://example.com/docs/rules/${RULES[E].docsFile}`);
  });
});

describe('--format github', () => {
  let root: string;
  before(() => {
    // A pull request with 500 problems: 480 in one document, 20 spread over others.
    const files: Record<string, string> = {
      'big.mcpdesc.json': documentWithSteps(Array.from({ length: 480 }, (_, index) => `unknown-${index}`)),
    };
    for (let index = 0; index < 20; index++) files[`small/doc-${index}.mcpdesc.json`] = documentWithSteps([`missing-${index}`]);
    root = makeTempTree(files);
  });
  after(() => removeTree(root));

  it('a pull request with 500 problems: 10 annotations of each kind, every problem in the log and all 500 in the job summary', () => {
    const summary = path.join(root, '..', `${path.basename(root)}.summary.md`);
    fs.writeFileSync(summary, '# An earlier step\n');
    try {
      const run = runBuiltCli([ONLY_ELICITATION, '--format', 'github', '--rule', `${E}=on`], {
        cwd: root,
        env: {
          GITHUB_STEP_SUMMARY: summary,
          GITHUB_SERVER_URL: 'https://github.com',
          GITHUB_REPOSITORY: 'octo/specs',
          GITHUB_SHA: 'abc123',
          MCPDESC_LINT_RULE_DOCS_URL: 'https://github.com/octo/mcpdesc-lint/blob/v1/docs/rules/',
        },
      });
      assert.equal(run.status, 1);
      const lines = run.stdout.trimEnd().split('\n');
      const errors = lines.filter((line) => line.startsWith('::error '));
      assert.equal(errors.length, 10);
      // The ten are spread: each of the 21 files holds at most one of them.
      assert.equal(new Set(errors.map((line) => /file=([^,]+)/.exec(line)?.[1])).size, 10);
      assert.deepEqual(
        lines.filter((line) => line.startsWith('::notice ')),
        [
          '::notice title=mcpdesc-lint::10 of 500 problems are annotations (GitHub shows 10 errors, 10 warnings and 10 notices per step); this log and the job summary list all of them.',
        ],
      );
      const logLines = lines.filter((line) => !line.startsWith('::'));
      assert.equal(logLines.length, 490);
      assert.match(logLines[0], /^big\.mcpdesc\.json:\d+:\d+: error: Elicitation step references 'unknown-\d+'/);

      const written = fs.readFileSync(summary, 'utf8');
      assert.ok(written.startsWith('# An earlier step\n## mcpdesc-lint\n'), 'appended to what the job had written');
      assert.match(written, /\*\*500 problems\*\* \(500 errors, 0 warnings\) in 21 of 21 files checked\./);
      const rows = written.split('\n').filter((line) => /^\| \[\d+:\d+\]\(/.test(line));
      assert.equal(rows.length, 500);
      assert.match(
        rows[0],
        new RegExp(
          `^\\| \\[30:30\\]\\(https://github\\.com/octo/specs/blob/abc123/big\\.mcpdesc\\.json#L30\\) \\| 🔴 error \\| Elicitation step references \\\\'unknown\\\\-0\\\\'.* \\| \\[mcpdesc\\\\\\.tool\\\\\\.interaction\\\\\\.elicitation\\\\\\-consistency\\]\\(https://github\\.com/octo/mcpdesc-lint/blob/v1/docs/rules/elicitation-consistency\\.md\\)<br>unknown\\\\-declaration \\|$`,
        ),
      );
      assert.match(written, /^### small\\\/doc\\-0\\\.mcpdesc\\\.json \(1 problem\)$/m);
    } finally {
      fs.rmSync(summary, { force: true });
    }
  });

  it('without GITHUB_STEP_SUMMARY nothing else is written; a clean run prints nothing and summarises itself', async () => {
    const clean = makeTempTree({ 'a.mcpdesc.json': documentWithSteps(['confirm']) });
    const summary = path.join(clean, 'summary.md');
    try {
      assert.deepEqual(await runCliInProcess([ONLY_ELICITATION, '--format', 'github', '.'], { cwd: clean }), {
        status: 0,
        stdout: '',
        stderr: '',
      });
      assert.ok(!fs.existsSync(summary));
      assert.deepEqual(
        await runCliInProcess([ONLY_ELICITATION, '--format', 'github', '.'], {
          cwd: clean,
          env: { GITHUB_STEP_SUMMARY: summary },
        }),
        {
          status: 0,
          stdout: '',
          stderr: '',
        },
      );
      assert.equal(fs.readFileSync(summary, 'utf8'), '## mcpdesc-lint\n\nNo problems in 1 file checked.\n');
    } finally {
      removeTree(clean);
    }
  });
});
