interface Pending<T> {
  readonly item: T;
  readonly resolve: (written: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Writes items in groups: while one write is in flight, the items added meanwhile wait and go
 * together in the next one, so N items finishing at once cost one round trip and one commit, not
 * N. Nothing waits for a group to fill: a lone item is written at once.
 */
export class CoalescingWriter<T> {
  private pending: Pending<T>[] = [];
  private writing = false;

  /** write answers which of the items it was given it wrote. */
  constructor(private readonly write: (items: T[]) => Promise<ReadonlySet<T>>) {}

  /** Whether the item was written; rejects when writing it failed. */
  add(item: T): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    while (this.pending.length > 0) {
      const group = this.pending;
      this.pending = [];
      await this.writeGroup(group);
    }
    this.writing = false;
  }

  private async writeGroup(group: readonly Pending<T>[]): Promise<void> {
    try {
      const written = await this.write(group.map(({ item }) => item));
      for (const { item, resolve } of group) resolve(written.has(item));
    } catch (error) {
      if (group.length === 1) return group[0].reject(error);
      // One item the database refuses must not fail the others: each is tried alone.
      for (const one of group) await this.writeGroup([one]);
    }
  }
}
