// The project's own modules import each other without cycles (type-only imports included): a
// cycle makes the load order decide what a module sees, as the YAML syntax's self-registration
// once did for callers that imported the checker through fixAll alone.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { it } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from '../support/repo';

const SOURCE_FOLDERS = ['server/src', 'client/src', 'shared/src'];

function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(path.join(REPO_ROOT, folder), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(REPO_ROOT, folder, name)),
  );
}

/** Each file's relative imports (and re-exports), resolved to files. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const options: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Node10 };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const imports = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles;
    const targets = imports
      .filter((entry) => entry.fileName.startsWith('.'))
      .map((entry) => ts.resolveModuleName(entry.fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && !target.endsWith('.d.ts'));
    graph.set(file, targets);
  }
  return graph;
}

/** One cycle of the graph, as the files along it, or undefined. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const onPath: string[] = [];
  const onPathSet = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    if (onPathSet.has(file)) return [...onPath.slice(onPath.indexOf(file)), file];
    if (done.has(file)) return undefined;
    onPath.push(file);
    onPathSet.add(file);
    for (const target of graph.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    onPath.pop();
    onPathSet.delete(file);
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

it('finds a cycle where there is one, and none in a chain', () => {
  assert.deepEqual(
    findCycle(
      new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a']],
      ]),
    ),
    ['a', 'b', 'c', 'a'],
  );
  assert.equal(
    findCycle(
      new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', []],
      ]),
    ),
    undefined,
  );
});

it('the sources of the server, the client and the shared code import each other without cycles', () => {
  const files = sourceFiles();
  const graph = importGraph(files);
  assert.ok(graph.size > 100, `read the sources (${graph.size} files)`);
  // The resolver really follows the imports: the checker's entry reaches the check.
  assert.ok(
    graph.get(path.join(REPO_ROOT, 'server/src/checker/index.ts'))?.includes(path.join(REPO_ROOT, 'server/src/checker/check.ts')),
  );
  const cycle = findCycle(graph);
  assert.equal(cycle, undefined, `an import cycle: ${cycle?.map((file) => path.relative(REPO_ROOT, file)).join(' → ')}`);
});
