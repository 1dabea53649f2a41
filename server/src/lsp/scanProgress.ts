// Progress of workspace scans, as the user sees it: one window/workDoneProgress
// ("Checking MCP descriptions 120/1000") from the first walk until the last scanned file is
// checked, when the client supports it (otherwise the reporter is a no-op). Overlapping scans
// (a folder added during the initial scan) share it. Reports are throttled, the end is not.
import type { Connection, WorkDoneProgressServerReporter } from 'vscode-languageserver';

export const SCAN_PROGRESS_TITLE = 'Checking MCP descriptions';
const REPORT_INTERVAL_MS = 100;

export interface ScanSummary {
  files: number;
  elapsedMs: number;
}

export class ScanProgress {
  private readonly outstanding = new Set<string>();
  private walks = 0;
  private done = 0;
  private startedAt = 0;
  private reporter: Promise<WorkDoneProgressServerReporter | undefined> | undefined;
  private reportTimer: NodeJS.Timeout | undefined;
  private readonly finishListeners: Array<(summary: ScanSummary) => void> = [];

  constructor(
    private readonly connection: Connection,
    private readonly log: (message: string) => void,
  ) {}

  get active(): boolean {
    return this.reporter !== undefined;
  }

  /** A walk is under way: more files may be queued any moment. */
  get walking(): boolean {
    return this.walks > 0;
  }

  /** A walk begins: the scan is not over before it ends, even if every file found so far is checked. */
  walkStarted(): void {
    this.start();
    this.walks++;
  }

  walkEnded(): void {
    this.walks = Math.max(0, this.walks - 1);
    this.update();
  }

  /** A file the scan queued for checking. */
  add(uri: string): void {
    this.start();
    this.outstanding.add(uri);
    this.update();
  }

  /** A check ran (or was dropped); counts only for files the scan queued. */
  completed(uri: string): void {
    if (!this.outstanding.delete(uri)) return;
    this.done++;
    this.update();
  }

  /** Files that no longer need checking (their folder was removed). */
  removeWhere(matches: (uri: string) => boolean): void {
    for (const uri of this.outstanding) if (matches(uri)) this.outstanding.delete(uri);
    this.update();
  }

  onFinished(listener: (summary: ScanSummary) => void): void {
    this.finishListeners.push(listener);
  }

  private start(): void {
    if (this.reporter) return;
    this.done = 0;
    this.startedAt = Date.now();
    this.reporter = this.connection.window.createWorkDoneProgress().then(
      (reporter) => {
        reporter.begin(SCAN_PROGRESS_TITLE, 0, 'looking for files', false);
        return reporter;
      },
      (error: unknown) => {
        this.log(`Could not show the scan's progress: ${String(error)}`);
        return undefined;
      },
    );
  }

  private update(): void {
    if (!this.reporter) return;
    if (this.walks === 0 && this.outstanding.size === 0) {
      this.finish();
      return;
    }
    if (this.reportTimer) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      this.report();
    }, REPORT_INTERVAL_MS);
  }

  private report(): void {
    const reporter = this.reporter;
    if (!reporter) return;
    const total = this.done + this.outstanding.size;
    const message = total === 0 ? 'looking for files' : `${this.done}/${total}`;
    const percentage = total === 0 ? 0 : Math.floor((this.done * 100) / total);
    void reporter.then((active) => active?.report(percentage, message));
  }

  private finish(): void {
    const reporter = this.reporter;
    this.reporter = undefined;
    if (this.reportTimer) clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
    const summary: ScanSummary = { files: this.done, elapsedMs: Date.now() - this.startedAt };
    void reporter?.then((active) => {
      active?.report(100, `${summary.files}/${summary.files}`);
      active?.done();
    });
    for (const listener of this.finishListeners) listener(summary);
  }
}
