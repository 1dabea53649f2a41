// The tests' seeded PRNG: the benchmark generator's own (bench/random.ts), so a seed means the same
// stream in a test and in the generator, and a fuzz run is fully determined by its seed. Seed 0 is mapped to
// a fixed non-zero state, as mulberry32 wants.
import { Random } from '../../bench/random';

export class SeededRandom extends Random {
  constructor(seed: number) {
    super(seed >>> 0 || 0x9e3779b9);
  }

  /** Integer in [0, bound). */
  below(bound: number): number {
    return Math.floor(this.next() * bound);
  }
}
