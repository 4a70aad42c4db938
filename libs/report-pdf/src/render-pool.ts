import { Worker } from 'node:worker_threads';

// Rendering a PDF is CPU work of tens to hundreds of milliseconds: it runs in worker threads (worker.ts for packs,
// statement/statement-worker.ts for statements), so a service's answers never wait behind it, each with a heap and a
// time limit so one bad model cannot take the service down. The workers are kept warm (loading the renderer and its
// fonts costs about as much again as a render) and take one render at a time; the rest wait their turn, up to
// `waitingMax` of them. A worker that overruns its time is ended and replaced.

export interface RenderLimits {
  workers: number;
  timeoutMs: number;
  maxHeapMb: number;
  /** Renders that may wait for a worker; one more is refused with `RenderPoolBusy`. Unbounded when absent. */
  waitingMax?: number;
}

/** Every worker busy and `waitingMax` renders already waiting: try again later. */
export class RenderPoolBusy extends Error {
  constructor() {
    super('every renderer is busy and the queue is full');
  }
}

export type Rendered = { pdf: Buffer; pages: number };

type Reply = { id: number; pdf: Uint8Array; pages: number } | { id: number; error: string };

class RenderWorker<Model> {
  private readonly worker: Worker;
  private pending?: { id: number; resolve: (r: Rendered) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };
  private nextId = 0;
  dead = false;

  constructor(
    workerFile: string,
    private readonly limits: RenderLimits,
  ) {
    this.worker = new Worker(workerFile, {
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const p = this.pending;
      if (!p || reply.id !== p.id) return;
      this.settle();
      if ('error' in reply) p.reject(new Error(reply.error));
      else p.resolve({ pdf: Buffer.from(reply.pdf), pages: reply.pages });
    });
    const died = (error: Error) => {
      this.dead = true;
      const p = this.pending;
      this.settle();
      p?.reject(error);
    };
    this.worker.on('error', died);
    this.worker.on('exit', (code) => died(new Error(`rendering stopped (exit code ${code})`)));
  }

  render(model: Model): Promise<Rendered> {
    return new Promise((resolve, reject) => {
      const id = ++this.nextId;
      const timer = setTimeout(() => {
        this.pending?.reject(new Error(`rendering took longer than ${this.limits.timeoutMs} ms`));
        this.settle();
        this.dead = true;
        void this.worker.terminate();
      }, this.limits.timeoutMs);
      this.pending = { id, resolve, reject, timer };
      this.worker.postMessage({ id, model });
    });
  }

  private settle() {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = undefined;
  }

  stop() {
    this.dead = true;
    return this.worker.terminate();
  }
}

/** Warm render workers running `workerFile` (a script that answers `{id, model}` with `{id, pdf, pages}` or `{id, error}`). */
export class RenderPool<Model> {
  private readonly idle: Array<RenderWorker<Model>> = [];
  private started = 0;
  private readonly waiting: Array<(worker: RenderWorker<Model>) => void> = [];

  constructor(
    private readonly workerFile: string,
    private readonly limits: RenderLimits,
  ) {}

  async render(model: Model): Promise<Rendered> {
    const worker = await this.take();
    try {
      return await worker.render(model);
    } finally {
      this.give(worker);
    }
  }

  async stop() {
    await Promise.all(this.idle.splice(0).map((w) => w.stop()));
  }

  private take(): Promise<RenderWorker<Model>> {
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    if (this.started < this.limits.workers) {
      this.started++;
      return Promise.resolve(new RenderWorker<Model>(this.workerFile, this.limits));
    }
    if (this.waiting.length >= (this.limits.waitingMax ?? Infinity)) return Promise.reject(new RenderPoolBusy());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Back to the pool, or replaced when it died or was ended for overrunning. */
  private give(worker: RenderWorker<Model>) {
    const next = worker.dead ? new RenderWorker<Model>(this.workerFile, this.limits) : worker;
    const waiter = this.waiting.shift();
    if (waiter) waiter(next);
    else this.idle.push(next);
  }
}
