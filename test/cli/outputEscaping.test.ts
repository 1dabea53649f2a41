// What the CLI prints of text from outside (file and folder names, document strings its messages
// quote) is escaped for the channel: shown visibly on a terminal, never a workflow command in a CI
// log (GitHub Actions obeys any line of stdout or stderr that starts with `::` or `##[`), the real
// value in JSON and SARIF. The hostile names are real files and folders, linted by the built CLI.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Log } from 'sarif';
import { stderrLine, terminalSafeJson, visiblePathAtLineStart, visibleText } from '../../server/src/cli/outputText';
import { repoPath } from '../support/repo';
import { runCliInProcess } from './support/cliInProcess';

/** Everything a terminal or log viewer obeys or reorders by: C0, DEL, C1, line/paragraph separators, bidi controls. */
const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** What a CI runner reads as a workflow command: the line, after leading white space, starts so. */
const COMMAND = /^\s*(::|##\[)/;

describe('outputText', () => {
  it('shows control characters as escapes and leaves printable text alone', () => {
    assert.equal(visibleText('a\nb\r\tc'), 'a\\nb\\r\\tc');
    assert.equal(visibleText('\u001b]0;title\u0007\u001b[2J\u001b[31mred'), '\\x1b]0;title\\x07\\x1b[2J\\x1b[31mred');
    assert.equal(visibleText('\u0000\u007f\u0085\u009b'), '\\x00\\x7f\\x85\\x9b');
    assert.equal(visibleText('x\u2028y\u2029z'), 'x\\u2028y\\u2029z');
    assert.equal(
      visibleText('\u202egnp.exe\u202c \u2066i\u2069 \u200e\u200f\u061c'),
      '\\u202egnp.exe\\u202c \\u2066i\\u2069 \\u200e\\u200f\\u061c',
    );
    const printable = 'é 日本 ü ñ — “quotes” \u00a0 emoji 🙂 backslash \\ percent %';
    assert.equal(visibleText(printable), printable);
    assert.equal(visibleText('a\r\nb\x1b', true), 'a\r\nb\\x1b');
  });

  it('a file name never starts a line as a workflow command', () => {
    assert.equal(visiblePathAtLineStart('::error::x.json'), './::error::x.json');
    assert.equal(visiblePathAtLineStart('##[error]x.json'), './##[error]x.json');
    assert.equal(visiblePathAtLineStart(':x.json'), './:x.json');
    assert.equal(visiblePathAtLineStart('d\n::error::x/a.json'), 'd\\n::error::x/a.json');
    assert.equal(visiblePathAtLineStart('specs/a.json'), 'specs/a.json');
    assert.equal(visiblePathAtLineStart('../a::b.json'), '../a::b.json');
    assert.equal(stderrLine('x\n::error::y: cannot read'), 'mcpdesc-lint: x\\n::error::y: cannot read\n');
  });

  it('JSON keeps its values and loses what a terminal obeys', () => {
    const value = { name: '\u001b[2J\u009b2J\u2028\u202eé日本', n: 1 };
    const json = terminalSafeJson(JSON.stringify(value, null, 2));
    assert.deepEqual(JSON.parse(json), value);
    assert.doesNotMatch(json, OBEYED);
    assert.ok(json.includes('é日本'));
  });
});

describe('hostile names and strings through the built CLI', () => {
  let directory: string;
  const folder = 'd\n::error file=x,line=1::injected';
  const sample = fs.readFileSync(repoPath('test-fixtures', 'workspace', 'release-bot.mcpdesc.json'), 'utf8');
  // A declaration name the consistency message quotes: window title, screen clear, 8-bit CSI, bidi override.
  const hostileName = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eé日本';
  const run = (args: string[]) => {
    const child = spawnSync(process.execPath, [repoPath('dist', 'cli.js'), ...args], {
      cwd: directory,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
    });
    assert.equal(child.error, undefined);
    return { status: child.status, stdout: child.stdout, stderr: child.stderr };
  };
  // The stylish case goes through the real process's pipes; the other formats run in-process.
  const runInProcess = (args: string[]) => runCliInProcess(args, { cwd: directory });
  const missing = 'gone\n##[error]y.mcpdesc.json';

  before(function () {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-escaping-'));
    fs.mkdirSync(path.join(directory, folder));
    fs.writeFileSync(path.join(directory, folder, 'a.mcpdesc.json'), sample);
    fs.writeFileSync(path.join(directory, '::error::top.mcpdesc.json'), sample);
    fs.writeFileSync(
      path.join(directory, 'quoted.mcpdesc.json'),
      sample.replace('"declaration": "missing"', `"declaration": ${JSON.stringify(hostileName)}`),
    );
  });
  after(() => fs.rmSync(directory, { recursive: true, force: true }));

  it(
    'stylish and stderr: no line is a workflow command, nothing is obeyed, the names are shown escaped',
    { skip: process.platform === 'win32' },
    () => {
      const { status, stdout, stderr } = run(['.', missing]);
      assert.equal(status, 2);
      for (const line of [...stdout.split('\n'), ...stderr.split('\n')]) {
        assert.doesNotMatch(line, COMMAND, line);
        assert.doesNotMatch(line, OBEYED, JSON.stringify(line));
      }
      assert.match(stdout, /^d\\n::error file=x,line=1::injected\/a\.mcpdesc\.json$/m);
      assert.match(stdout, /^\.\/::error::top\.mcpdesc\.json$/m);
      assert.ok(stdout.includes("references '\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\u202eé日本', but"), stdout);
      // `[` makes the argument a glob, which matches nothing.
      assert.equal(stderr, "mcpdesc-lint: No files match the pattern 'gone\\n##[error]y.mcpdesc.json'\n");
    },
  );

  it(
    'github: one annotation per problem and per failure, the file property as GitHub decodes it',
    { skip: process.platform === 'win32' },
    async () => {
      // The rule page's example is a partial document: its three problems are the elicitation rules'.
      const { stdout, stderr } = await runInProcess(['--format', 'github', '--elicitation-only', '.', missing]);
      const lines = stdout.split('\n').filter(Boolean);
      assert.ok(
        lines.every((line) => /^::(error|warning|notice) /.test(line)),
        stdout,
      );
      assert.equal(lines.length, 3 * 3 + 1, 'three problems in each of three files, one failure');
      assert.ok(
        lines.some((line) =>
          line.startsWith('::error file=d%0A%3A%3Aerror file=x%2Cline=1%3A%3Ainjected/a.mcpdesc.json,line=58,'),
        ),
      );
      assert.ok(lines.some((line) => line.startsWith('::error file=%3A%3Aerror%3A%3Atop.mcpdesc.json,line=58,')));
      assert.ok(
        lines.some((line) =>
          line.includes("::Elicitation step references '\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\u202eé日本', but"),
        ),
      );
      assert.ok(
        lines.includes("::error title=mcpdesc-lint::No files match the pattern 'gone\\n##[error]y.mcpdesc.json'"),
        stdout,
      );
      assert.doesNotMatch(stdout + stderr, OBEYED);
      for (const line of stderr.split('\n')) assert.doesNotMatch(line, COMMAND);
    },
  );

  it(
    'json and sarif: the real names and strings, with nothing a terminal obeys written raw',
    { skip: process.platform === 'win32' },
    async () => {
      const json = await runInProcess(['--format', 'json', '.']);
      assert.doesNotMatch(json.stdout, OBEYED);
      const problems = JSON.parse(json.stdout) as Array<{ file: string; message: string }>;
      assert.deepEqual([...new Set(problems.map((problem) => problem.file))].sort(), [
        '::error::top.mcpdesc.json',
        `${folder}/a.mcpdesc.json`,
        'quoted.mcpdesc.json',
      ]);
      assert.ok(problems.some((problem) => problem.message.includes(`'${hostileName}'`)));
      const sarif = await runInProcess(['--format', 'sarif', '.']);
      assert.doesNotMatch(sarif.stdout, OBEYED);
      const log = JSON.parse(sarif.stdout) as Log;
      const uris = new Set(log.runs[0].results?.map((result) => result.locations?.[0].physicalLocation?.artifactLocation?.uri));
      assert.ok(uris.has(`${encodeURIComponent(folder)}/a.mcpdesc.json`));
      assert.ok(log.runs[0].results?.some((result) => result.message.text?.includes(hostileName)));
    },
  );
});
