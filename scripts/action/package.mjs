// `npm run package:action`: the GitHub Action as a release carries it, so that a job installs and
// builds nothing (issue 36). The tree holds:
//
//   action.yml, scripts/action/lint.sh   the action, as on main
//   dist/cli.js, dist/checkWorker.js     the CLI and its worker, bundled by esbuild with every
//                                        dependency: no node_modules, Node's own modules only
//   docs/rules/                          the rule pages (the job summary links to them, at the tag)
//   package.json                         name and version (what --version and SARIF say)
//   README.md, LICENSE
//
// Nothing built is committed to main. A release commits this tree to a branch of its own, whose
// history is the releases: `--commit BRANCH` adds one commit (its tree this one alone, its parent the
// branch's last release), `--tag TAG` tags it. Pushing them is the releaser's step:
//
//   node scripts/action/package.mjs --commit action-release --tag v0.1.0
//   git push origin action-release v0.1.0        # users: uses: OWNER/REPO@v0.1.0
//
// Usage: node scripts/action/package.mjs [--out DIR] [--commit BRANCH [--tag TAG] [--repository GIT_DIR]]
// (--out: default artifacts/action, which git ignores; --repository: where to commit, default this
// repository). Prints the tree's path, then the commit's id when one was made.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { precompileValidators } from '../precompile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const option = (name) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const outDir = path.resolve(option('--out') ?? path.join(root, 'artifacts', 'action'));
const branch = option('--commit');
const tag = option('--tag');
const repository = path.resolve(option('--repository') ?? root);
if (tag && !branch) {
  console.error('--tag needs --commit BRANCH');
  process.exit(2);
}

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

// As build.mjs bundles them (jsonc-parser's UMD "main" cannot be followed, its ESM build can), for the
// Node.js the runners have.
// The generated modules the bundles import (scripts/precompile.mjs).
await precompileValidators();
await Promise.all(
  [
    { entry: 'server/src/cli.ts', out: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
    { entry: 'server/src/checkWorker.ts', out: 'dist/checkWorker.js' },
  ].map(({ entry, out, banner }) =>
    esbuild.build({
      entryPoints: [path.join(root, entry)],
      outfile: path.join(outDir, out),
      bundle: true,
      platform: 'node',
      mainFields: ['module', 'main'],
      target: 'node20',
      format: 'cjs',
      minify: true,
      logLevel: 'warning',
      banner,
    }),
  ),
);
fs.chmodSync(path.join(outDir, 'dist', 'cli.js'), 0o755);

for (const file of ['action.yml', 'LICENSE', path.join('scripts', 'action', 'lint.sh')]) {
  fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
  fs.copyFileSync(path.join(root, file), path.join(outDir, file));
}
fs.chmodSync(path.join(outDir, 'scripts', 'action', 'lint.sh'), 0o755);
fs.cpSync(path.join(root, 'docs', 'rules'), path.join(outDir, 'docs', 'rules'), { recursive: true });
fs.writeFileSync(
  path.join(outDir, 'package.json'),
  `${JSON.stringify({ name: 'mcpdesc-lint', version: manifest.version, private: true, license: manifest.license }, null, 2)}\n`,
);
fs.writeFileSync(
  path.join(outDir, 'README.md'),
  `# mcpdesc-lint GitHub Action ${manifest.version}\n\nA release of the mcpdesc-lint GitHub Action: the CLI prebuilt (\`dist/\`), so that a job installs and\nbuilds nothing. Built from the sources by \`scripts/action/package.mjs\`; its inputs and outputs are in\n\`action.yml\`, its use in the sources' \`docs/ci.md\`.\n`,
);
process.stdout.write(`${outDir}\n`);

if (branch) process.stdout.write(`${commitTree(outDir, repository, branch, tag)}\n`);

/** Commits the folder's files as the next release on `branch` (created when missing), without touching any work tree or index. */
function commitTree(tree, repositoryPath, branchName, tagName) {
  const gitDir = execFileSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: repositoryPath, encoding: 'utf8' }).trim();
  const git = (args, env = {}) =>
    execFileSync('git', ['--git-dir', gitDir, '--work-tree', tree, ...args], {
      cwd: tree,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    }).trim();
  const index = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-action-index-')), 'index');
  try {
    const withIndex = { GIT_INDEX_FILE: index };
    // -f: the tree is taken whole (dist/ is ignored in the sources' .gitignore, not here).
    git(['add', '-A', '-f', '.'], withIndex);
    const treeId = git(['write-tree'], withIndex);
    let parent = '';
    try {
      parent = git(['rev-parse', '--verify', '--quiet', `refs/heads/${branchName}`]);
    } catch {
      // A first release: the branch starts here.
    }
    let source = 'unknown';
    try {
      source = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    } catch {
      // Sources outside git.
    }
    const message = `mcpdesc-lint action ${manifest.version}\n\nBuilt by scripts/action/package.mjs from ${source}.`;
    const commit = git(['commit-tree', treeId, ...(parent ? ['-p', parent] : []), '-m', message]);
    git(['update-ref', `refs/heads/${branchName}`, commit, ...(parent ? [parent] : [])]);
    if (tagName) git(['tag', tagName, commit]);
    return commit;
  } finally {
    fs.rmSync(path.dirname(index), { recursive: true, force: true });
  }
}
