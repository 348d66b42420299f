/** A small seeded PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export class Random {
  private state: number;
  /** Draws so far: mulberry32 repeats itself after 2^32 of them (about 840,000 services' worth). */
  private draws = 0;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.draws++;
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.min(k, copy.length));
  }

  hex(chars: number): string {
    let out = "";
    while (out.length < chars)
      out += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, "0");
    return out.slice(0, chars);
  }

  /**
   * A UUID v7 whose time part is `ms` and whose random part comes from this generator. Past the
   * generator's period the draws repeat, so the round (0 before it) is mixed into the last part:
   * ids stay unique in a million-service catalogue, and nothing changes below the period.
   */
  uuid7(ms: number): string {
    const time = Math.floor(ms).toString(16).padStart(12, "0");
    const round = Math.floor(this.draws / 2 ** 32);
    let rand = this.hex(20);
    if (round > 0) rand = rand.slice(0, 8) + (BigInt(`0x${rand.slice(8)}`) ^ BigInt(round)).toString(16).padStart(12, "0");
    const variant = ((parseInt(rand[3] ?? "0", 16) & 0x3) | 0x8).toString(16);
    return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${rand.slice(0, 3)}-${variant}${rand.slice(4, 7)}-${rand.slice(8, 20)}`;
  }
}
