// "Reads stay inside the workspace folders; no network access at all": the checker (over every
// hostile fixture, including $ref / $id / $schema pointing at http(s), file:///etc/passwd and
// relative paths) and the CLI run in child processes under a preload that records every file
// access outside the allowed roots and every network or child-process attempt. Nothing may be
// recorded. The guard itself is tested first, so that an empty record means something.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoPath } from '../support/repo';
import { ACCESS_ALLOW_ENV, ACCESS_LOG_ENV, accessGuardPath, recordedAccesses } from './support/accessLog';
import { runCaseInChild } from './support/childRun';

const HANG_GUARD_MS = 120_000;

function freshLog(): { log: string; directory: string } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-access-'));
  return { log: path.join(directory, 'access.log'), directory };
}

function guardEnv(log: string, allowed: string[]): Record<string, string> {
  return { [ACCESS_LOG_ENV]: log, [ACCESS_ALLOW_ENV]: JSON.stringify(allowed) };
}

/**
 * Where the code under test lives, and its own package manifest (the CLI reads its version there):
 * loading them is not an access of the kind this test is about.
 */
const CODE_ROOTS = [repoPath('out'), repoPath('dist'), repoPath('node_modules'), repoPath('package.json')];

describe('no access outside the workspace, no network', () => {
  it('the access guard records file reads outside the allowed roots, network attempts and child processes', () => {
    const { log, directory } = freshLog();
    const script = path.join(directory, 'attempts.js');
    fs.writeFileSync(
      script,
      [
        "const fs = require('fs');",
        "try { fs.readFileSync('/etc/hostname'); } catch {}",
        "try { require('net').connect(9, '127.0.0.1'); } catch {}",
        "try { require('https').get('https://example.com/schema.json'); } catch {}",
        "try { require('child_process').execFileSync('true'); } catch {}",
        "fetch('http://example.com/').catch(() => {});",
        'fs.readFileSync(__filename);',
      ].join('\n'),
    );
    const child = spawnSync(process.execPath, ['--require', accessGuardPath(), script], {
      env: { ...process.env, ...guardEnv(log, [...CODE_ROOTS, path.dirname(script)]) },
      encoding: 'utf8',
      timeout: HANG_GUARD_MS,
    });
    assert.equal(child.status, 0, child.stderr);
    const targets = recordedAccesses(log).map((entry) => `${entry.kind} ${entry.operation} ${entry.target}`);
    assert.ok(targets.includes('fs fs.readFileSync /etc/hostname'), targets.join('\n'));
    assert.ok(targets.includes('network net.connect 9:127.0.0.1'), targets.join('\n'));
    assert.ok(targets.includes('network https.get https://example.com/schema.json'), targets.join('\n'));
    assert.ok(targets.includes('process child_process.execFileSync true'), targets.join('\n'));
    assert.ok(targets.includes('network fetch http://example.com/'), targets.join('\n'));
    assert.ok(!targets.some((target) => target.includes(script)), 'reads inside an allowed root are not recorded');
  });

  it('the checker reads nothing and connects nowhere, on every hostile fixture', async () => {
    const { log, directory } = freshLog();
    const fixtures = repoPath('test-fixtures', 'hostile');
    const files = fs
      .readdirSync(fixtures)
      .filter((file) => /\.mcpdesc\.(jsonc?|ya?ml)$/.test(file))
      .map((file) => path.join(fixtures, file));
    // The runner reads the fixtures itself (allowed); the checker gets text. A relative $ref would
    // resolve against the working directory, an empty folder the guard does not allow.
    const result = await runCaseInChild(
      files.flatMap((file) => ['--file', file]),
      {
        timeoutMs: HANG_GUARD_MS,
        nodeArgs: ['--require', accessGuardPath()],
        env: guardEnv(log, [...CODE_ROOTS, fixtures]),
        cwd: directory,
      },
    );
    assert.equal(result.failure, undefined);
    assert.equal(result.reports.length, files.length);
    const remote = result.reports.find((report) => report.name.endsWith('remote-references.mcpdesc.json'));
    assert.equal(remote?.violations['invalid-declaration'], 8, 'the remote references were seen and reported, not followed');
    assert.deepEqual(recordedAccesses(log), []);
  });

  it('the CLI reads only the files it was given and connects nowhere', () => {
    const { log, directory } = freshLog();
    const workspace = path.join(directory, 'workspace');
    fs.mkdirSync(workspace);
    for (const file of ['remote-references.mcpdesc.json', 'backreference-pattern.mcpdesc.json', 'binary.mcpdesc.json']) {
      fs.copyFileSync(repoPath('test-fixtures', 'hostile', file), path.join(workspace, file));
    }
    // A relative $ref that would land on a real file next to the workspace, if anything followed it.
    fs.writeFileSync(path.join(directory, 'secret.json'), '{"type":"object"}');
    fs.writeFileSync(
      path.join(workspace, 'relative-ref.mcpdesc.json'),
      JSON.stringify({
        mcpdesc: '0.8.0',
        tools: [
          {
            name: 't',
            elicitations: [{ name: 'c', mode: 'form', message: 'Approve?', requestedSchema: { $ref: '../secret.json' } }],
          },
        ],
      }),
    );
    const child = spawnSync(
      process.execPath,
      ['--require', accessGuardPath(), repoPath('dist', 'cli.js'), '--format', 'json', '.'],
      {
        cwd: workspace,
        env: { ...process.env, NO_COLOR: '1', ...guardEnv(log, [...CODE_ROOTS, workspace]) },
        encoding: 'utf8',
        timeout: HANG_GUARD_MS,
      },
    );
    assert.equal(child.status, 1, child.stderr);
    assert.equal(child.stderr, '');
    const reported = JSON.parse(child.stdout) as Array<{ file: string; violation: string }>;
    assert.ok(
      reported.some((entry) => entry.file.endsWith('binary.mcpdesc.json')),
      'the binary file is checked as decoded, as the server checks it',
    );
    assert.ok(
      reported.some((entry) => entry.file.endsWith('relative-ref.mcpdesc.json') && entry.violation === 'invalid-declaration'),
    );
    assert.deepEqual(recordedAccesses(log), []);
  });
});
