// Where the benchmark writes its generated documents, workspace and results: outside the repository,
// so that neither the CLI run from the repository root nor an editor opened on it finds 1,000
// generated mcpdesc documents.
import * as os from 'node:os';
import * as path from 'node:path';

export function benchDataDir(): string {
  return process.env.MCPDESC_BENCH_DATA ?? path.join(os.tmpdir(), 'mcpdesc-bench');
}
