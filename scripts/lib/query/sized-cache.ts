// A least recently used cache of values up to a total size, which the handler keeps
// record packs, detail files and whole answers in between requests. In: a budget and
// how a value is sized. Out: the cache. Pure (memory only).

/** Least recently used values, up to a total size. */
export class SizedCache<T> {
  private readonly entries = new Map<string, T>();
  private size = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    if (this.sizeOf(value) > this.budget) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.size -= this.sizeOf(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.size += this.sizeOf(value);
    for (const [oldKey, oldValue] of this.entries) {
      if (this.size <= this.budget) break;
      this.entries.delete(oldKey);
      this.size -= this.sizeOf(oldValue);
    }
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }
}
