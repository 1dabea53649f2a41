// The browser build's node:vm (scripts/build.mjs maps the import here). The checker's time budget
// (checker/timeBudget.ts) runs costly work under a V8 watchdog that interrupts it; a web worker has
// no such watchdog. Here the work runs to its end and, when it took longer than its limit, its result
// is dropped with the error the watchdog would have raised, so the document's budget is still
// charged and the work after it is refused. `Script.interrupts` tells the budget so: the checker then
// runs nothing whose length only an interruption could bound (patterns RE2 cannot run, RE2 and
// native checks past one short step), so a document costs at most one short step more than in Node.

const TIMEOUT_CODE = 'ERR_SCRIPT_EXECUTION_TIMEOUT';

export function createContext<T extends object>(sandbox: T): T {
  return sandbox;
}

/** Only the one script timeBudget.ts compiles, `work()`, is supported. */
export class Script {
  /** Read by timeBudget.ts (`canInterrupt`): work run here is not interrupted at its timeout. */
  static readonly interrupts = false;

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
