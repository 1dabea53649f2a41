// The same directory through the CLI and the built server must give the same diagnostics,
// file for file: which files are checked (globs, ignored folders, symlinks), how they are read
// (invalid UTF-8, the size limit, files that are not regular) and the checker's own notices.
// Parity is about the one file policy of the two fronts, so the CLI side runs runCli in this process
// (the same host code the bundle carries) and the server side is the built server, one start for all
// the cases, under the access guard (its record must stay empty); the access-guard case runs the built
// CLI as a process too, the guard preloaded.
// Each case below once gave different answers in the two fronts; it pins the one policy of
// server/src/host. The documents are complete (0.8.0) and carry at most syntax errors, so that the
// cases hold whatever the rules report (all of them are on by default, the whole-document ones too).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CHECKER_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import { ACCESS_ALLOW_ENV, ACCESS_LOG_ENV, OWN_THREADS, accessGuardPath, recordedAccesses } from '../hostile/support/accessLog';
import { generatedCase } from '../hostile/support/generatedCases';
import { repoPath } from '../support/repo';
import { TempWorkspace } from '../workspace/tempWorkspace';
import { runCli, runCliInProcessOn, runServerOnFolders, type FolderCase, type SeenFiles } from './support/bothFronts';

/** No diagnostics from any rule: a complete document, with no tools. */
const CLEAN =
  '{ "mcpdesc": "0.8.0", "info": { "name": "release-bot", "version": "2.0.0" }, "protocolVersions": ["2025-11-25"] }\n';
/** One syntax error (a missing comma), whatever the rules say: reported if and only if the file is checked. */
const BROKEN =
  '{ "mcpdesc": "0.8.0" "info": { "name": "release-bot", "version": "2.0.0" }, "protocolVersions": ["2025-11-25"] }\n';

/** Where the code under test lives and its manifest (the CLI reads its version there). */
const CODE_ROOTS = [repoPath('out'), repoPath('dist'), repoPath('node_modules'), repoPath('package.json'), ...OWN_THREADS];

interface Agreed {
  files: SeenFiles;
  status: number | null;
  stderr: string;
}

function missingComma(): SeenFiles[string] {
  const column = BROKEN.indexOf(' "info"');
  return [
    {
      line: 0,
      character: column + 1,
      endLine: 0,
      endCharacter: column + 7,
      severity: 1,
      code: SYNTAX_RULE_ID,
      violation: 'syntax-error',
      message: 'Comma expected',
    },
  ];
}

describe('the CLI and the server check the same files the same way', () => {
  const workspaces: TempWorkspace[] = [];
  const fresh = (): TempWorkspace => {
    const workspace = new TempWorkspace('mcpdesc-parity-');
    workspaces.push(workspace);
    return workspace;
  };
  after(() => workspaces.forEach((workspace) => workspace.dispose()));

  // The cases but the access guard's share one server start (a server start costs seconds, a case
  // milliseconds): each case's directory is a workspace folder of its own with its own settings, as
  // in a multi-root editor, and the CLI runs in that directory with the same settings as flags. The
  // directories are built before the server starts; each case then compares its folder's answer.
  const builders: Array<() => FolderCase> = [];
  const folders: FolderCase[] = [];
  let serverAnswers: Promise<SeenFiles[]> | undefined;
  // The shared server runs under the access guard, allowed the code and the case folders only: the
  // access case below reads its log (complete once the server has stopped), and the other cases
  // show that none of them made the server touch anything outside its folders either.
  let serverLog = '';
  const guardedServer = (): Promise<SeenFiles[]> => {
    serverLog = fresh().path('server-access.log');
    const allowed = [...CODE_ROOTS, ...folders.map((folder) => folder.root)];
    const env = { [ACCESS_LOG_ENV]: serverLog, [ACCESS_ALLOW_ENV]: JSON.stringify(allowed) };
    return runServerOnFolders(folders, { env: { ...env, NODE_OPTIONS: `--require ${accessGuardPath()}` } });
  };
  /** Registers a case's directory; what it returns asserts that both fronts agree there and gives what they saw. */
  const sharedCase = (build: () => FolderCase): (() => Promise<Agreed>) => {
    const index = builders.push(build) - 1;
    return async () => {
      serverAnswers ??= guardedServer();
      const { root, settings } = folders[index];
      const cli = await runCliInProcessOn(root, settings);
      const server = (await serverAnswers)[index];
      assert.deepEqual(cli.files, server, `the CLI and the server disagree (CLI stderr: ${cli.stderr})`);
      return { files: cli.files, status: cli.status, stderr: cli.stderr };
    };
  };
  before(() => builders.forEach((build) => folders.push(build())));

  const excludeTree = (exclude: string[]): FolderCase => {
    const workspace = fresh();
    workspace.write('release-bot.mcpdesc.json', BROKEN);
    workspace.write('sub/release-bot.mcpdesc.json', BROKEN);
    workspace.write('sub/deeper/release-bot.mcpdesc.json', BROKEN);
    workspace.write('sub/kept.mcpdesc.json', BROKEN);
    return { root: workspace.root, settings: { exclude } };
  };
  const excludedByName = sharedCase(() => excludeTree(['release-bot.mcpdesc.json']));
  const excludedAnchored = sharedCase(() => excludeTree(['sub/release-bot.mcpdesc.json']));
  it('an exclude glob without a slash matches the file name in every folder', async () => {
    const { files } = await excludedByName();
    assert.deepEqual(files, { 'sub/kept.mcpdesc.json': missingComma() });
    // A glob with a slash is anchored at the root.
    const anchored = await excludedAnchored();
    assert.deepEqual(Object.keys(anchored.files), [
      'release-bot.mcpdesc.json',
      'sub/deeper/release-bot.mcpdesc.json',
      'sub/kept.mcpdesc.json',
    ]);
  });

  const included = sharedCase(() => {
    const workspace = fresh();
    workspace.write('specs/a/approval.json', BROKEN.replace('"mcpdesc": "0.8.0" ', '"name": "x" '));
    workspace.write('other.json', BROKEN.replace('"mcpdesc": "0.8.0" ', '"name": "x" '));
    return { root: workspace.root, settings: { include: ['approval.json'] } };
  });
  it('an include glob without a slash matches the file name in every folder', async () => {
    const { files } = await included();
    assert.deepEqual(Object.keys(files), ['specs/a/approval.json']);
  });

  const prefix =
    '{ "mcpdesc": "0.8.0", "info": { "name": "release-bot", "version": "2.0.0" }, "protocolVersions": ["2025-11-25"] ';
  const strayBytes = sharedCase(() => {
    const workspace = fresh();
    fs.writeFileSync(
      workspace.path('stray-byte.mcpdesc.json'),
      Buffer.concat([Buffer.from(prefix), Buffer.from([0xff]), Buffer.from(' }\n')]),
    );
    // In a string the byte changes nothing but the string: checked, clean.
    fs.writeFileSync(
      workspace.path('latin1.mcpdesc.json'),
      Buffer.concat([
        Buffer.from('{ "mcpdesc": "0.8.0", "info": { "name": "caf'),
        Buffer.from([0xe9]),
        Buffer.from('", "version": "2.0.0" }, "protocolVersions": ["2025-11-25"] }\n'),
      ]),
    );
    return { root: workspace.root };
  });
  it('a file with one invalid UTF-8 byte is decoded as an editor does (U+FFFD) and checked', async () => {
    const { files, status, stderr } = await strayBytes();
    assert.doesNotMatch(stderr, /cannot read|UTF-8/);
    assert.equal(status, 1, 'syntax errors, not a failure to read');
    assert.deepEqual(Object.keys(files), ['stray-byte.mcpdesc.json']);
    const [first] = files['stray-byte.mcpdesc.json'];
    // U+FFFD is one UTF-16 unit where the byte was.
    assert.deepEqual([first.line, first.character, first.code], [0, prefix.length, SYNTAX_RULE_ID]);
  });

  const symlinked = sharedCase(() => {
    const workspace = fresh();
    workspace.write('specs/real/doc.mcpdesc.json', BROKEN);
    workspace.write('node_modules/pkg/vendored.mcpdesc.json', BROKEN);
    assert.ok(workspace.symlink('linked', workspace.path('specs/real')));
    assert.ok(workspace.symlink('alias.mcpdesc.json', workspace.path('specs/real/doc.mcpdesc.json')));
    assert.ok(workspace.symlink('specs/real/loop', workspace.path('specs')));
    // Only reachable through the link (node_modules is never entered by its own name).
    assert.ok(workspace.symlink('vendor-link', workspace.path('node_modules/pkg')));
    return { root: workspace.root };
  });
  it('follows symlinked folders and files inside the root, reports each real file once under its own name, and ends cycles', async () => {
    const { files } = await symlinked();
    assert.deepEqual(files, {
      'specs/real/doc.mcpdesc.json': missingComma(),
      'vendor-link/vendored.mcpdesc.json': missingComma(),
    });
  });

  let outsideSecret = '';
  let escapingRepo = '';
  const escaping = sharedCase(() => {
    const workspace = fresh();
    const repo = workspace.path('repo');
    outsideSecret = workspace.path('outside/secret.mcpdesc.json');
    escapingRepo = repo;
    workspace.write('outside/secret.mcpdesc.json', BROKEN);
    workspace.write('outside/nested/other.mcpdesc.json', BROKEN);
    workspace.write('repo/inside.mcpdesc.json', BROKEN);
    assert.ok(workspace.symlink('repo/secret.mcpdesc.json', workspace.path('outside/secret.mcpdesc.json')));
    assert.ok(workspace.symlink('repo/escape', workspace.path('outside')));
    assert.ok(workspace.symlink('repo/passwd.mcpdesc.json', '/etc/passwd'));
    assert.ok(workspace.symlink('repo/environ.mcpdesc.json', '/proc/self/environ'));
    fs.symlinkSync('../outside/secret.mcpdesc.json', workspace.path('repo/relative.mcpdesc.json'));
    return { root: repo };
  });
  it('never reads through a symlink that leads outside the root, even for --fix', async () => {
    // Both fronts agree (sharedCase) and the shared server touched nothing outside its folders.
    const { files } = await escaping();
    assert.deepEqual(files, { 'inside.mcpdesc.json': missingComma() });
    assert.deepEqual(recordedAccesses(serverLog), [], 'the server touched nothing outside the roots');
    // The built CLI, the access guard preloaded into it.
    const repo = escapingRepo;
    const log = path.join(path.dirname(repo), 'access.log');
    const env = { [ACCESS_LOG_ENV]: log, [ACCESS_ALLOW_ENV]: JSON.stringify([...CODE_ROOTS, repo]) };
    const cli = runCli(repo, {}, { nodeArgs: ['--require', accessGuardPath()], env });
    assert.deepEqual(recordedAccesses(log), [], 'the CLI touched nothing outside the root');
    assert.deepEqual(cli.files, { 'inside.mcpdesc.json': missingComma() });
    assert.equal(cli.status, 1, cli.stderr);

    const secret = outsideSecret;
    const before = {
      bytes: fs.readFileSync(secret),
      mtimeMs: fs.statSync(secret).mtimeMs,
      passwd: fs.readFileSync('/etc/passwd'),
    };
    fs.rmSync(log);
    const fixing = runCli(repo, {}, { extra: ['--fix'], nodeArgs: ['--require', accessGuardPath()], env });
    assert.deepEqual(recordedAccesses(log), [], '--fix touched nothing outside the root');
    assert.deepEqual(fixing.files, { 'inside.mcpdesc.json': missingComma() });
    assert.deepEqual(fs.readFileSync(secret), before.bytes);
    assert.equal(fs.statSync(secret).mtimeMs, before.mtimeMs);
    assert.ok(fs.lstatSync(path.join(repo, 'secret.mcpdesc.json')).isSymbolicLink(), 'the link itself is left as it was');
    assert.deepEqual(fs.readFileSync('/etc/passwd'), before.passwd);
  });

  const oversized = sharedCase(() => {
    const workspace = fresh();
    const padding = 'x'.repeat(1500);
    workspace.write('big.mcpdesc.json', BROKEN.replace('"release-bot"', `"${padding}"`));
    workspace.write('big-sniffed.json', `{ "mcpdesc": "0.8.0", "pad": "${padding}" }\n`);
    workspace.write('big-other.json', `{ "name": "not ours", "pad": "${padding}" }\n`);
    workspace.write('small.mcpdesc.json', BROKEN);
    return { root: workspace.root, settings: { maxFileSizeMB: 0.001 } };
  });
  it('a file over the size limit gets the same one notice from both, recognized by name or by its head', async () => {
    const { files, status } = await oversized();
    assert.deepEqual(Object.keys(files), ['big-sniffed.json', 'big.mcpdesc.json', 'small.mcpdesc.json']);
    const [notice, ...rest] = files['big.mcpdesc.json'];
    assert.deepEqual(rest, []);
    assert.deepEqual(
      { ...notice, message: '' },
      {
        line: 0,
        character: 0,
        endLine: 0,
        endCharacter: 0,
        severity: 3,
        code: CHECKER_RULE_ID,
        violation: 'skipped',
        message: '',
      },
    );
    assert.match(
      notice.message,
      /^This file was not checked: it is 0\.00\d+ MB, over the 0\.001 MB size limit \(mcpdesc\.maxFileSizeMB; --max-file-size-mb on the command line\)\.$/,
    );
    assert.equal(status, 1, 'small.mcpdesc.json has an error');
  });

  const nested = sharedCase(() => {
    const workspace = fresh();
    workspace.write('deep.mcpdesc.json', generatedCase('nesting-root-objects').build());
    return { root: workspace.root };
  });
  it('a document nested too deeply gets the same one notice, at the same severity, from both', async () => {
    const { files, status } = await nested();
    const [notice, ...rest] = files['deep.mcpdesc.json'] ?? [];
    assert.deepEqual(rest, []);
    assert.deepEqual([notice?.code, notice?.violation, notice?.severity], [CHECKER_RULE_ID, 'skipped', 3]);
    assert.equal(status, 0, 'a skipped document is not a failure');
  });

  const withPipe = sharedCase(() => {
    const workspace = fresh();
    workspace.write('inside.mcpdesc.json', BROKEN);
    execFileSync('mkfifo', [workspace.path('pipe.mcpdesc.json')]);
    return { root: workspace.root };
  });
  // A hang guard, not a timing: a front waiting on the pipe never answers.
  it('a named pipe in the tree is not a document: neither front waits on it', { timeout: 60_000 }, async () => {
    const { files } = await withPipe();
    assert.deepEqual(files, { 'inside.mcpdesc.json': missingComma() });
  });

  const clean = sharedCase(() => {
    const workspace = fresh();
    workspace.write('a.mcpdesc.json', CLEAN);
    workspace.write(
      'b/c.mcpdesc.yaml',
      'mcpdesc: "0.8.0"\ninfo:\n  name: release-bot\n  version: 2.0.0\nprotocolVersions: ["2025-11-25"]\n',
    );
    return { root: workspace.root };
  });
  it('clean documents give nothing from either front', async () => {
    const { files, status } = await clean();
    assert.deepEqual(files, {});
    assert.equal(status, 0);
  });
});
