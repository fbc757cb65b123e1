/**
 * Group commit for the metering hot path: calls that arrive while earlier statements are in
 * flight are coalesced into one multi-row statement, so a few hundred reserves (or settles) share
 * one round trip, one plan execution and one commit (one WAL flush) instead of paying for their
 * own. An idle path sends a call on the next turn of the event loop, alone.
 *
 * `run` answers every item of a batch, in order: a value, or `RETRY` when the item could not be
 * written in this statement (another item of the same account was; an UPDATE changes a row
 * once per statement) and goes into the next batch; `null` sends the item to the caller's
 * locking path. A failure of `run` fails every item of the batch.
 */
export const RETRY = Symbol('retry');

export interface GroupCommitOptions {
  /** Statements of this kind in flight at once (each on its own connection). */
  inFlight: number;
  /** Items per statement at most. */
  maxBatch: number;
  /** How often an item may go back to the next batch before it takes the locking path. */
  maxRetries?: number;
}

interface Pending<In, Out> {
  item: In;
  retries: number;
  resolve: (out: Out | null) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<In, Out> {
  private queue: Pending<In, Out>[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: In[]) => Promise<(Out | null | typeof RETRY)[]>,
    private readonly opts: GroupCommitOptions,
  ) {}

  /** The item's answer, or null when the caller must decide it on its locking path. */
  submit(item: In): Promise<Out | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, retries: 0, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.opts.inFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // Let the calls already parsed in this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.running < this.opts.inFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.running++;
      void this.execute(batch).finally(() => {
        this.running--;
        this.schedule();
      });
    }
  }

  private async execute(batch: Pending<In, Out>[]): Promise<void> {
    let answers: (Out | null | typeof RETRY)[];
    try {
      answers = await this.run(batch.map((p) => p.item));
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const answer = answers[i];
      if (answer !== RETRY) p.resolve(answer ?? null);
      else if (p.retries >= (this.opts.maxRetries ?? 8)) p.resolve(null);
      else this.queue.push({ ...p, retries: p.retries + 1 });
    });
  }
}
