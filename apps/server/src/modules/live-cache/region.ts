export type Key = string | number;

/**
 * A bounded map of answers that expire after `ttlMs` and can be invalidated by key, safe against
 * the race of a slow fill: a reader takes a `ticket()` before it reads the database and `set`
 * keeps the value only if no invalidation of that key (or of any `guards` key) came after the
 * ticket. Oldest entries go first once `max` is reached.
 */
export class Region<V> {
  readonly #entries = new Map<Key, { value: V; at: number }>();
  /** the epoch at which each recently invalidated key was invalidated */
  readonly #invalidated = new Map<Key, number>();
  #epoch = 0;
  /** fills with a ticket below this are refused (records of older invalidations were dropped) */
  #floor = 0;

  constructor(
    readonly max: number,
    readonly ttlMs: number,
    /** false while invalidations may be missed: nothing is answered nor kept */
    private readonly usable: () => boolean = () => true,
  ) {}

  get size() {
    return this.#entries.size;
  }

  get(key: Key, now = Date.now()): V | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (now - e.at >= this.ttlMs || !this.usable()) {
      this.#entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  ticket(): number {
    return this.#epoch;
  }

  /** whether `key` (and each of `guards`) has not been invalidated since `ticket` */
  fresh(key: Key, ticket: number, guards: readonly Key[] = []): boolean {
    if (ticket < this.#floor || !this.usable()) return false;
    for (const k of [key, ...guards]) {
      const at = this.#invalidated.get(k);
      if (at !== undefined && at > ticket) return false;
    }
    return true;
  }

  /** keeps `value` read after `ticket` was taken, unless invalidated since; answers whether it was kept */
  set(key: Key, value: V, ticket: number, guards: readonly Key[] = [], now = Date.now()): boolean {
    if (!this.fresh(key, ticket, guards)) return false;
    this.#entries.delete(key);
    this.#entries.set(key, { value, at: now });
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as Key);
    return true;
  }

  /** restarts an entry's time to live (it was confirmed against the database after `ticket`) */
  renew(key: Key, ticket: number, guards: readonly Key[] = [], now = Date.now()): void {
    const e = this.#entries.get(key);
    if (e && this.fresh(key, ticket, guards)) e.at = now;
  }

  invalidate(key: Key): void {
    this.#entries.delete(key);
    this.#invalidated.delete(key);
    this.#invalidated.set(key, ++this.#epoch);
    if (this.#invalidated.size > this.max) {
      const [oldest, at] = this.#invalidated.entries().next().value as [Key, number];
      this.#invalidated.delete(oldest);
      this.#floor = Math.max(this.#floor, at);
    }
  }

  /** forgets everything, and every fill under way */
  clear(): void {
    this.#entries.clear();
    this.#invalidated.clear();
    this.#floor = ++this.#epoch;
  }

  /** the value of `key`: kept, or loaded and kept when no invalidation raced the load */
  async read(key: Key, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const kept = this.get(key, now);
    if (kept !== undefined) return kept;
    const ticket = this.ticket();
    const value = await load();
    this.set(key, value, ticket, [], now);
    return value;
  }
}
