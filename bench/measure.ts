// Timing helpers. Machines are noisy, so contenders run interleaved in one process (A B C A B C …)
// and are compared by medians: drift in CPU frequency, a neighbour's load or the heap's state then
// hits every contender alike instead of whichever happened to run during it.
import * as os from 'node:os';
import * as fs from 'node:fs';

export interface Contender {
  name: string;
  /** One operation; may return a promise (awaited, and counted). */
  run(): unknown;
}

export interface Summary {
  samples: number;
  median: number;
  p25: number;
  p75: number;
  p95: number;
  min: number;
  max: number;
}

/** Keeps results alive so no optimiser can drop an operation whose result is unused. */
let sink: unknown;
export function consume(value: unknown): void {
  sink = value;
}
export function lastConsumed(): unknown {
  return sink;
}

const collectGarbage: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

export interface InterleaveOptions {
  rounds: number;
  /** Operations per sample (for operations too short to time one by one); default 1. */
  batch?: number;
  /** Untimed rounds first, so every contender is compiled and warm; default 2. */
  warmupRounds?: number;
  /**
   * Force a full GC before each sample, so one contender's garbage is not collected on the next
   * one's time. Worth it for big documents (hundreds of MB of garbage per operation); harmful for
   * small ones: right after a forced GC the heap is shrunk and the next few ms of allocation run
   * 3-4× slower, which swamps a 0.5 ms operation. Default false.
   */
  collectGarbage?: boolean;
  /** Called between rounds (e.g. progress dots). */
  onRound?: (round: number) => void;
}

export interface Timings {
  /** Wall time of one operation (ms), one value per round. */
  wall: number[];
  /**
   * CPU time of this process for one operation (ms): immune to being descheduled on a loaded
   * machine (though it also counts the GC's helper threads), so a second opinion on the ratios.
   */
  cpu: number[];
}

/** Per contender, the time of one operation in each round. */
export async function interleave(contenders: Contender[], options: InterleaveOptions): Promise<Map<string, Timings>> {
  const batch = options.batch ?? 1;
  const times = new Map<string, Timings>(contenders.map((c) => [c.name, { wall: [], cpu: [] }]));
  const warmup = options.warmupRounds ?? 2;
  for (let round = -warmup; round < options.rounds; round++) {
    // The order rotates round by round (A B C, B C A, C A B, …): whoever runs right after a
    // contender that leaves much garbage pays for collecting it, so no one may always be that one.
    const start = ((round % contenders.length) + contenders.length) % contenders.length;
    for (const contender of [...contenders.slice(start), ...contenders.slice(0, start)]) {
      if (options.collectGarbage) collectGarbage?.();
      const cpuStart = process.cpuUsage();
      const startedAt = performance.now();
      for (let i = 0; i < batch; i++) {
        const result = contender.run();
        consume(result instanceof Promise ? await result : result);
      }
      const elapsed = (performance.now() - startedAt) / batch;
      const cpu = process.cpuUsage(cpuStart);
      if (round >= 0) {
        const timings = times.get(contender.name)!;
        timings.wall.push(elapsed);
        timings.cpu.push((cpu.user + cpu.system) / 1000 / batch);
      }
    }
    if (round >= 0) options.onRound?.(round);
  }
  return times;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = values.slice().sort((a, b) => a - b);
  return {
    samples: sorted.length,
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    p95: quantile(sorted, 0.95),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/** Linear interpolation between closest ranks; NaN for no values. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the run started (and ended): a loaded machine makes every figure noisier. */
  loadAverage: number[];
  loadAverageAtEnd?: number[];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  let cpuModel = cpus[0]?.model?.trim() ?? 'unknown';
  // Some virtual machines report only the family in os.cpus(); /proc/cpuinfo may say more.
  try {
    const names = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m);
    if (names?.[1] && names[1].trim().length > cpuModel.length) cpuModel = names[1].trim();
  } catch {
    // Not Linux: os.cpus() it is.
  }
  return {
    cpuModel,
    cores: cpus.length,
    memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** Peak resident set size of a process in MB (Linux VmHWM), or undefined where unavailable. */
export function peakRssMB(pid: number): number | undefined {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+)\s+kB/m);
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux; 10 ms resolution). */
export function processCpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name, which is parenthesized and may contain spaces.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticksPerSecond = 100; // USER_HZ on Linux
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** Resets a process's peak RSS (Linux: clear_refs 5), so VmHWM then measures one phase. */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
