// When the server process dies: restart it, tell the user the first time only (not once per crash),
// and give up after repeated crashes in a short time. Kept apart from the VS Code types so that the
// decision can be tested in plain Node.

export const MAX_RESTARTS = 4;
export const RESTART_WINDOW_MS = 3 * 60 * 1000;

export type AfterServerStopped =
  /** Restart; `tellUser` the first time in this session. */
  | { restart: true; tellUser: boolean }
  /** Crashed too often lately: leave it stopped. */
  | { restart: false };

export class RestartPolicy {
  private readonly restarts: number[] = [];
  private told = false;

  constructor(private readonly now: () => number = Date.now) {}

  serverStopped(): AfterServerStopped {
    const now = this.now();
    while (this.restarts.length > 0 && now - this.restarts[0] > RESTART_WINDOW_MS) this.restarts.shift();
    if (this.restarts.length >= MAX_RESTARTS) return { restart: false };
    this.restarts.push(now);
    const tellUser = !this.told;
    this.told = true;
    return { restart: true, tellUser };
  }
}
