// The client's answer to a dying server, on a fake clock: restart and tell once; after
// MAX_RESTARTS crashes within RESTART_WINDOW_MS, stay stopped; crashes long apart never add up.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_RESTARTS, RESTART_WINDOW_MS, RestartPolicy } from '../../client/src/restartPolicy';

function policyAt(): { policy: RestartPolicy; advance(ms: number): void } {
  let now = 1_000_000;
  return {
    policy: new RestartPolicy(() => now),
    advance: (ms) => {
      now += ms;
    },
  };
}

describe('restart policy', () => {
  it('restarts, telling the user the first time only', () => {
    const { policy, advance } = policyAt();
    assert.deepEqual(policy.serverStopped(), { restart: true, tellUser: true });
    advance(1000);
    assert.deepEqual(policy.serverStopped(), { restart: true, tellUser: false });
  });

  it(`stops after ${MAX_RESTARTS} restarts within the window`, () => {
    const { policy, advance } = policyAt();
    for (let i = 0; i < MAX_RESTARTS; i++) {
      assert.equal(policy.serverStopped().restart, true, `crash ${i + 1}`);
      advance(1000);
    }
    assert.deepEqual(policy.serverStopped(), { restart: false });
  });

  it('crashes further apart than the window never stop it', () => {
    const { policy, advance } = policyAt();
    for (let i = 0; i < MAX_RESTARTS * 3; i++) {
      assert.equal(policy.serverStopped().restart, true, `crash ${i + 1}`);
      advance(RESTART_WINDOW_MS / (MAX_RESTARTS - 1) + 1);
    }
  });
});
