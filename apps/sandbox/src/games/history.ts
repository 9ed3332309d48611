/**
 * Recent results per table (game code), kept in memory so a table shows its road when a
 * player sits down. Seeded with hands the engine actually dealt before the player arrived.
 */
export class TableHistory<T> {
  private readonly tables = new Map<string, T[]>();

  constructor(
    private readonly size: number,
    private readonly seed: () => T,
  ) {}

  get(table: string): T[] {
    let h = this.tables.get(table);
    if (!h) {
      h = Array.from({ length: Math.floor(this.size * 0.6) }, this.seed);
      this.tables.set(table, h);
    }
    return h;
  }

  push(table: string, item: T) {
    const h = this.get(table);
    h.push(item);
    if (h.length > this.size) h.splice(0, h.length - this.size);
  }
}
