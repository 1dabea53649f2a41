// The browser build's node:vm (scripts/build.mjs maps the import here). The checker's time budget
// (checker/timeBudget.ts) runs costly work under a V8 watchdog that interrupts it; a web worker has
// no such watchdog. Here the work runs to its end and, when it took longer than its limit, its result
// is dropped with the error the watchdog would have raised, so the document's budget is still
// charged and the work after it is refused: a document costs at most one over-long step more than in
// Node, not an unbounded number. (A worker the client finds hung is ended by the client's restart.)

const TIMEOUT_CODE = 'ERR_SCRIPT_EXECUTION_TIMEOUT';

export function createContext<T extends object>(sandbox: T): T {
  return sandbox;
}

/** Only the one script timeBudget.ts compiles, `work()`, is supported. */
export class Script {
  constructor(private readonly code: string) {
    if (code !== 'work()') throw new Error(`the browser build runs no script but work(), not ${code}`);
  }

  runInContext(sandbox: { work?: () => unknown }, options: { timeout?: number } = {}): unknown {
    const work = sandbox.work;
    if (!work) throw new Error(`${this.code}: nothing to run`);
    const started = performance.now();
    const result = work();
    if (options.timeout !== undefined && performance.now() - started > options.timeout) {
      throw Object.assign(new Error('Script execution timed out.'), { code: TIMEOUT_CODE });
    }
    return result;
  }
}
