/**
 * Calls that are cheaper in bulk (a round trip to PostgreSQL), made one batch at a time: a call made while no batch is
 * in flight goes at once, so an idle caller waits for nothing extra; calls made while one is in flight wait and go
 * together in the next. Under load a round trip carries many calls instead of each queueing for a connection.
 */
export interface BatchBounds<I> {
  /** The most calls in one batch (default 200). */
  maxCalls?: number;
  /** With `size`: the most a batch may hold in all, except that a batch always takes at least one call. */
  maxSize?: number;
  size?: (input: I) => number;
}

export class BatchedCalls<I, O> {
  private queued: Array<{ input: I; resolve: (output: O) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  /**
   * `run` answers each input of a batch, in the order given; if it throws, every call of that batch fails with its
   * error (and the next batch is tried as usual).
   */
  private readonly maxCalls: number;

  constructor(
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly bounds: BatchBounds<I> = {},
  ) {
    this.maxCalls = bounds.maxCalls ?? 200;
  }

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queued.push({ input, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** How many of the queued calls the next batch takes: at least one, and within both bounds. */
  private takeCount(): number {
    const { maxSize, size } = this.bounds;
    const count = Math.min(this.queued.length, this.maxCalls);
    if (maxSize === undefined || size === undefined) return count;
    let total = 0;
    for (let i = 0; i < count; i++) {
      total += size((this.queued[i] as { input: I }).input);
      if (total > maxSize && i > 0) return i;
    }
    return count;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0, this.takeCount());
        try {
          const outputs = await this.run(batch.map((b) => b.input));
          if (outputs.length !== batch.length) throw new Error(`a batch of ${batch.length} was answered with ${outputs.length}`);
          batch.forEach((b, i) => b.resolve(outputs[i] as O));
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
