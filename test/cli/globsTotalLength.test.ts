// --include and --exclude globs together have a length limit: past it, a usage error saying both
// lengths (its message is built only then: formatting the numbers costs every CLI start otherwise).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseArguments } from '../../server/src/cli/options';
import { MAX_GLOB_LENGTH, MAX_GLOBS_TOTAL_LENGTH } from '../../server/src/checker';

/** `count` globs of MAX_GLOB_LENGTH characters each, alternately included and excluded. */
function globArguments(count: number): string[] {
  return Array.from({ length: count }, (_, index) => [
    index % 2 === 0 ? '--include' : '--exclude',
    `${String(index).padStart(4, '0')}/${'a'.repeat(MAX_GLOB_LENGTH - 5)}`,
  ]).flat();
}

describe('the globs of --include and --exclude together', () => {
  const fitting = Math.floor(MAX_GLOBS_TOTAL_LENGTH / MAX_GLOB_LENGTH);

  it('are accepted up to the limit', () => {
    const parsed = parseArguments(globArguments(fitting));
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
  });

  it('past it, are a usage error giving both lengths', () => {
    const parsed = parseArguments(globArguments(fitting + 1));
    assert.equal(parsed.ok, false);
    const total = (fitting + 1) * MAX_GLOB_LENGTH;
    assert.equal(
      parsed.ok ? '' : parsed.message,
      `--include and --exclude globs are ${total.toLocaleString('en-US')} characters together; at most ${MAX_GLOBS_TOTAL_LENGTH.toLocaleString('en-US')} are allowed`,
    );
  });
});
