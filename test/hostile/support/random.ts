// A small seeded PRNG (mulberry32: 32 bits of state, plenty for choosing mutations), so a fuzz run
// is fully determined by its seed.
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, bound). */
  below(bound: number): number {
    return Math.floor(this.next() * bound);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}
