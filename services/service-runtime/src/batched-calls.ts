/**
 * Calls that are cheaper in bulk (a round trip to PostgreSQL), made one batch at a time: a call made while no batch is
 * in flight goes at once, so an idle caller waits for nothing extra; calls made while one is in flight wait and go
 * together in the next. Under load a round trip carries many calls instead of each queueing for a connection.
 */
export class BatchedCalls<I, O> {
  private queued: Array<{ input: I; resolve: (output: O) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  /**
   * `run` answers each input of a batch, in the order given; if it throws, every call of that batch fails with its
   * error (and the next batch is tried as usual).
   */
  constructor(
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly batchMax = 200,
  ) {}

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queued.push({ input, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0, this.batchMax);
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
