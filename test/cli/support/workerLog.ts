// The variable that names the file each worker thread of a CLI under test appends its thread id to
// (workerThreadLog.ts). Its own module, so that the in-process runner (cliInProcess.ts) names it
// without loading node:worker_threads, which would keep each file that uses it out of its folder's
// shared process.
export const WORKER_LOG_ENV = 'MCPDESC_WORKER_LOG';
