// The check worker of in-process CLI runs that count their workers (runCliInProcess's countWorkersIn):
// workerThreadLog appends this thread's id to the log first, then the built worker (dist/checkWorker.js)
// serves the pool, as a spawned CLI's workers do with workerThreadLog preloaded.
import './workerThreadLog';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { repoRoot } from './repoRoot';

// Loaded by path at run time: the built bundle is no module of the compiled tests.
createRequire(__filename)(path.join(repoRoot(), 'dist', 'checkWorker.js'));
