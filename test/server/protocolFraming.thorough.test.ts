// Each broken framing of brokenFraming.ts sent to a built server of its own after a working session
// (initialize answered): the server says what was wrong on stderr and exits with code 1. The fast
// tier (protocolFraming.test.ts) sends the first; it checks all of them on FramingCheck in-process.
import { describe, it } from 'node:test';
import { BROKEN_FRAMINGS, brokenFramingEndsTheServer } from './brokenFraming';

describe('every broken framing on stdio: the built server says so and exits non-zero', () => {
  for (const broken of BROKEN_FRAMINGS) {
    it(`${broken.name}: logged on stderr, exit code 1`, { timeout: 60_000 }, async () => {
      await brokenFramingEndsTheServer(broken);
    });
  }
});
