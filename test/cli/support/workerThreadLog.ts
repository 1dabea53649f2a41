// Preloaded (`node --require workerThreadLog.js`) into the CLI under test: node preloads it into
// every worker thread too, and each worker appends its thread id to the file named by
// MCPDESC_WORKER_LOG, so a test can tell how many workers checked files.
import * as fs from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';
import { WORKER_LOG_ENV } from './workerLog';

export { WORKER_LOG_ENV };

const log = process.env[WORKER_LOG_ENV];
if (log && !isMainThread) fs.appendFileSync(log, `${threadId}\n`);
