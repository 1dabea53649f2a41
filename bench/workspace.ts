// A generated workspace for the scan benchmark: 1,000 files (~55 MB), most of them mcpdesc documents
// of mixed sizes recognised in every way the spec allows, plus JSON that must be left alone.
// A manifest (not a .json file, so no scanner looks at it) records what each file is.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateMcpdesc, type Json, type JsonObject } from './generate';
import { deriveSeed, Random } from './random';
import { NOUNS, VERBS, WORDS } from './vocabulary';

/** Bumped whenever the generator's output changes, so a cached workspace is regenerated. */
export const WORKSPACE_GENERATOR_VERSION = 3;
export const MANIFEST_NAME = '.mcpdesc-bench-manifest';

export type WorkspaceFileKind =
  /** `*.mcpdesc.json` with a root `mcpdesc` member. */
  | 'mcpdesc-json'
  /** `*.mcpdesc.json` without the member: recognised by its name only. */
  | 'mcpdesc-json-by-name'
  /** `*.mcpdesc.jsonc`, with comments. */
  | 'mcpdesc-jsonc'
  /** A plain `*.json` recognised by its root `mcpdesc` member. */
  | 'mcpdesc-sniffed'
  /** JSON that is not an mcpdesc document. */
  | 'other-json';

export interface WorkspaceFile {
  /** Relative to the workspace root, '/'-separated. */
  path: string;
  bytes: number;
  kind: WorkspaceFileKind;
  /** Inside node_modules: a scanner must skip it. */
  ignored: boolean;
  /** Violations seeded into it (each gives one diagnostic); 0 for other JSON. */
  seeded: number;
}

export interface WorkspaceManifest {
  version: number;
  seed: number;
  fileCount: number;
  totalBytes: number;
  files: WorkspaceFile[];
}

export interface WorkspaceOptions {
  /** Default 1000. */
  files?: number;
  /** Default 55 MB. */
  totalBytes?: number;
}

/** The mcpdesc documents a scanner must check (and publish diagnostics for). */
export function expectedDocuments(manifest: WorkspaceManifest): WorkspaceFile[] {
  return manifest.files.filter((f) => f.kind !== 'other-json' && !f.ignored);
}

/** Reuses the workspace in `dir` when its manifest matches the seed and options, else regenerates it. */
export function ensureWorkspace(dir: string, seed: number, options: WorkspaceOptions = {}): WorkspaceManifest {
  const manifestPath = path.join(dir, MANIFEST_NAME);
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as WorkspaceManifest;
    if (
      manifest.version === WORKSPACE_GENERATOR_VERSION &&
      manifest.seed === seed &&
      manifest.fileCount === (options.files ?? 1000) &&
      manifest.files.every((f) => fs.statSync(path.join(dir, f.path), { throwIfNoEntry: false })?.size === f.bytes)
    ) {
      return manifest;
    }
  } catch {
    // No usable manifest: generate.
  }
  return generateWorkspace(dir, seed, options);
}

/** Writes the workspace into `dir` (emptied first) and returns its manifest. */
export function generateWorkspace(dir: string, seed: number, options: WorkspaceOptions = {}): WorkspaceManifest {
  const fileCount = options.files ?? 1000;
  const totalBytes = options.totalBytes ?? 55 * 1024 * 1024;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const random = new Random(seed);
  const plan = planFiles(random, fileCount, totalBytes);
  const files: WorkspaceFile[] = [];
  // A document is at least one tool (~25 KB on average), so small plans come out larger than
  // planned; later documents are scaled down by what is left of the budget to land near the total.
  let plannedLeft = plan.reduce((sum, f) => sum + f.bytes, 0);
  let budgetLeft = totalBytes;
  plan.forEach((planned, index) => {
    const fileSeed = deriveSeed(seed, index);
    let text: string;
    let seeded = 0;
    const scale = plannedLeft > 0 ? Math.max(0.05, budgetLeft / plannedLeft) : 1;
    plannedLeft -= planned.bytes;
    if (planned.kind === 'other-json') {
      text = otherJson(new Random(fileSeed), planned.path, planned.bytes);
    } else {
      const generated = generateMcpdesc(fileSeed, planned.bytes * Math.min(1, scale), {
        format: planned.kind === 'mcpdesc-jsonc' ? 'jsonc' : 'json',
        omitMcpdescMember: planned.kind === 'mcpdesc-json-by-name',
      });
      text = generated.text;
      seeded = Object.values(generated.stats.seeded).reduce((a, b) => a + b, 0);
    }
    const target = path.join(dir, planned.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    files.push({ path: planned.path, bytes: Buffer.byteLength(text), kind: planned.kind, ignored: planned.ignored, seeded });
    budgetLeft -= Buffer.byteLength(text);
  });
  const manifest: WorkspaceManifest = {
    version: WORKSPACE_GENERATOR_VERSION,
    seed,
    fileCount,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    files,
  };
  fs.writeFileSync(path.join(dir, MANIFEST_NAME), JSON.stringify(manifest));
  return manifest;
}

interface PlannedFile {
  path: string;
  bytes: number;
  kind: WorkspaceFileKind;
  ignored: boolean;
}

function planFiles(random: Random, fileCount: number, totalBytes: number): PlannedFile[] {
  const planned: PlannedFile[] = [];
  const usedPaths = new Set<string>();
  const unique = (candidate: string): string => {
    let result = candidate;
    for (let n = 2; usedPaths.has(result); n++) result = candidate.replace(/(\.[a-z.]+)$/, `-${n}$1`);
    usedPaths.add(result);
    return result;
  };

  // Non-mcpdesc JSON: ~7% of the files, mostly small configs, a few big data files (sniffed, skipped).
  const otherCount = Math.max(4, Math.round(fileCount * 0.07));
  const ignoredMcpdesc = Math.min(2, Math.max(0, fileCount - otherCount - 1));
  for (let i = 0; i < otherCount; i++) {
    const pkg = `${random.pick(VERBS)}-${random.pick(NOUNS).replace('_', '-')}`;
    const kind = i % 10;
    if (kind < 4) planned.push({ path: unique(`packages/${pkg}/package.json`), bytes: 1500, kind: 'other-json', ignored: false });
    else if (kind < 6)
      planned.push({ path: unique(`packages/${pkg}/tsconfig.json`), bytes: 600, kind: 'other-json', ignored: false });
    else if (kind < 7)
      planned.push({ path: unique(`config/${pkg}.tools.json`), bytes: 20_000, kind: 'other-json', ignored: false });
    else if (kind < 9)
      planned.push({ path: unique(`node_modules/${pkg}/package.json`), bytes: 1200, kind: 'other-json', ignored: true });
    else
      planned.push({
        path: unique(`data/${pkg}-records.json`),
        bytes: random.pick([200_000, 600_000, 1_200_000]),
        kind: 'other-json',
        ignored: false,
      });
  }
  for (let i = 0; i < ignoredMcpdesc; i++) {
    planned.push({
      path: unique(`node_modules/@vendor/mcp-${i}/server.mcpdesc.json`),
      bytes: 30_000,
      kind: 'mcpdesc-json',
      ignored: true,
    });
  }

  // mcpdesc documents: log-uniform sizes (many small, some large), plus 1% of ~1.5 MB dumps,
  // scaled so the whole workspace comes to about totalBytes.
  const documentCount = fileCount - planned.length;
  const fixedBytes = planned.reduce((sum, f) => sum + f.bytes, 0);
  const bigCount = Math.floor(documentCount / 100);
  const bigBytes = 1_500_000;
  const weights: number[] = [];
  for (let i = 0; i < documentCount - bigCount; i++) weights.push(Math.exp(Math.log(1) + random.next() * Math.log(100)));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const remaining = Math.max(0, totalBytes - fixedBytes - bigCount * bigBytes);
  const sizes = weights.map((w) => Math.max(3000, Math.round((w / weightSum) * remaining)));
  for (let i = 0; i < bigCount; i++) sizes.splice(random.int(0, sizes.length), 0, bigBytes);

  sizes.forEach((bytes, i) => {
    const group = `servers/${NOUNS[i % NOUNS.length]!.replace('_', '-')}`;
    const base = `${random.pick(VERBS)}-${random.pick(NOUNS).replace('_', '-')}`;
    const kind = random.weighted<WorkspaceFileKind>([
      ['mcpdesc-json', 75],
      ['mcpdesc-sniffed', 10],
      ['mcpdesc-jsonc', 10],
      ['mcpdesc-json-by-name', 5],
    ]);
    const file =
      kind === 'mcpdesc-sniffed' ? `${base}.json` : kind === 'mcpdesc-jsonc' ? `${base}.mcpdesc.jsonc` : `${base}.mcpdesc.json`;
    planned.push({ path: unique(`${group}/${file}`), bytes, kind, ignored: false });
  });
  // Interleave the kinds in directory order so no scanner meets all the small configs first.
  return random.shuffleInPlace(planned);
}

function otherJson(random: Random, filePath: string, targetBytes: number): string {
  const name = filePath.split('/').slice(-2, -1)[0] ?? 'package';
  let value: Json;
  if (filePath.endsWith('package.json')) {
    value = {
      name,
      version: `${random.int(0, 3)}.${random.int(0, 30)}.${random.int(0, 9)}`,
      private: true,
      description: words(random, 6, 14),
      main: 'dist/index.js',
      scripts: { build: 'tsc -p .', test: 'node --test', lint: 'eslint .' },
      dependencies: { 'jsonc-parser': '^3.3.1', yaml: '^2.5.0' },
      devDependencies: { typescript: '^5.6.0', '@types/node': '^20.0.0' },
    };
  } else if (filePath.endsWith('tsconfig.json')) {
    value = { compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, outDir: 'out' }, include: ['src'] };
  } else if (filePath.endsWith('.tools.json')) {
    // Looks like a tool list, but has no `mcpdesc` member and no mcpdesc name: not a document.
    const tools: Json[] = [];
    while (JSON.stringify(tools).length < targetBytes * 0.8) {
      tools.push({
        name: `${random.pick(VERBS)}_${random.pick(NOUNS)}`,
        description: words(random, 8, 20),
        elicitations: [
          { name: 'confirm', mode: 'form', message: 'Confirm?', requestedSchema: { type: 'object', properties: {} } },
        ],
        interactionExamples: { broken: { steps: [{ type: 'elicitation', declaration: 'missing' }] } },
      });
    }
    value = { tools };
  } else {
    const records: Json[] = [];
    let bytes = 0;
    while (bytes < targetBytes) {
      const record: JsonObject = {
        id: random.int(1, 1_000_000),
        name: words(random, 2, 3),
        email: `user${random.int(1, 99999)}@example.com`,
        tags: [random.pick(WORDS), random.pick(WORDS)],
        createdAt: `2025-0${random.int(1, 9)}-1${random.int(0, 9)}T10:00:00Z`,
        active: random.chance(0.8),
      };
      records.push(record);
      bytes += JSON.stringify(record, null, 2).length + 8;
    }
    value = { generatedBy: 'fixture-exporter', records };
  }
  return JSON.stringify(value, null, 2) + '\n';
}

function words(random: Random, min: number, max: number): string {
  const out: string[] = [];
  for (let i = random.int(min, max); i > 0; i--) out.push(random.pick(WORDS));
  return out.join(' ');
}
