// What the server is told about where the editors look (VISIBLE_RANGES_NOTIFICATION): per document,
// the ranges of every editor showing it, sent a short while after the view stops moving, only when
// they changed, and once as empty when no editor shows the document any more. The server decides
// what to do with them; no vscode import here, so the timing and the bookkeeping are unit-tested.
import type { VisibleRangesParams } from '../../shared/src/constants';

type Ranges = VisibleRangesParams['ranges'];

/** Long enough that scrolling sends one notification per pause, short next to reading. */
export const VISIBLE_RANGES_DELAY_MS = 100;

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class VisibleRangesReporter {
  /** What the server was last told, per document it was told anything about. */
  private readonly sent = new Map<string, string>();
  /** The newest report, waiting for the view to settle. */
  private latest: ReadonlyMap<string, Ranges> | undefined;
  private timer: unknown;

  constructor(
    private readonly send: (params: VisibleRangesParams) => void,
    private readonly timers: Timers = realTimers,
  ) {}

  /**
   * The editors show exactly these documents, with these ranges each (all editors of a document
   * together). Documents shown before and missing now are reported with no ranges.
   */
  shown(documents: ReadonlyMap<string, Ranges>): void {
    this.latest = documents;
    if (this.timer === undefined) this.timer = this.timers.set(() => this.flush(), VISIBLE_RANGES_DELAY_MS);
  }

  /** The server restarted: it knows nothing, so everything is sent again at the next report. */
  reset(): void {
    this.sent.clear();
  }

  dispose(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.latest = undefined;
  }

  private flush(): void {
    this.timer = undefined;
    const documents = this.latest ?? new Map<string, Ranges>();
    this.latest = undefined;
    for (const uri of [...this.sent.keys()]) {
      if (documents.has(uri)) continue;
      this.sent.delete(uri);
      this.send({ uri, ranges: [] });
    }
    for (const [uri, ranges] of documents) {
      const key = JSON.stringify(ranges);
      if (this.sent.get(uri) === key) continue;
      this.sent.set(uri, key);
      this.send({ uri, ranges });
    }
  }
}
