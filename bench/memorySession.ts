// The 10 MB JSON session alone (open it three times, 50 edits, a burst), as `npm run bench` runs it
// on the built server over stdio: peak RSS and latencies, without the rest of the benchmark, for
// work on the server's memory. With --yaml, the same document as YAML (about 7.5 MB).
// Usage: node out/bench/memorySession.js [--quick] [--seed=N] [--yaml]
import * as os from 'node:os';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { checkDocument } from '../server/src/checker';
import { generateMcpdesc, renderYaml } from './generate';
import { benchDocuments } from './serverBench';

const TEN_MB = 10 * 1024 * 1024;

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const seedArg = process.argv.find((arg) => arg.startsWith('--seed='));
  // The benchmark's 10 MB document is the third of its sizes: seed + 2000 (see run.ts).
  const seed = (seedArg ? Number(seedArg.slice(7)) : 20260601) + 2000;
  const repoRoot = path.resolve(__dirname, '..', '..');
  const format = process.argv.includes('--yaml') ? 'yaml' : 'json';
  const generated = generateMcpdesc(seed, TEN_MB, { format: 'json' });
  const text = format === 'yaml' ? renderYaml(generated.value) : generated.text;
  const label = format === 'yaml' ? `10 MB as YAML (${(text.length / 1024 / 1024).toFixed(1)} MB)` : '10 MB';
  const diagnosticOffsets = checkDocument(text, { format }).diagnostics.map((d) => d.data.offset);
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpdesc-memory-'));
  try {
    const result = await benchDocuments({
      serverPath: path.join(repoRoot, 'dist', 'server.js'),
      repoRoot,
      scratchDir,
      documents: [{ label, text, diagnosticOffsets, format }],
      quick,
      log: (message) => process.stderr.write(`${message}\n`),
    });
    console.log(JSON.stringify({ peakRssMB: result.peakRssMB, open: result.open[0]?.medianMs, editP50: result.edit[0]?.p50Ms, editP95: result.edit[0]?.p95Ms, burstFinal: result.burst[0]?.finalAfterLastEditMs }));
  } finally {
    fs.rmSync(scratchDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
