import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type StoredEvent,
  type Subscription,
} from '@shop/infrastructure';
import { consoleLogger, type ProjectionLogger, type ReadModelProjection } from '../shared/projection';
import { applyBatch, applyBatchToAll, compareNullable, type ApplyOutcome } from './apply-batch';
import { ensureCheckpoints, readCheckpoints } from './checkpoint.store';
import { parseBatch, type EventBatch } from './event-batch';
import { safeErrorMessage } from './projection-error';
import { reportSetAside } from './set-aside.report';
import { CheckpointWatch } from './checkpoint-watch';

export interface ProjectionRunnerOptions {
  /** Defaults for start(); knex and projections alone also let waitFor poll a projector elsewhere. */
  readonly knex?: Knex;
  readonly eventStore?: EventStore;
  readonly projections?: readonly ReadModelProjection[];
  /** Events per subscription delivery and per catch-up read (5,000: a catch-up's transactions are few and large). */
  readonly batchSize?: number;
  readonly logger?: ProjectionLogger;
  /** Waits before retrying a failed batch; after the last one the projection is marked failed. */
  readonly retryDelaysMs?: readonly number[];
}

export interface WaitOptions {
  /**
   * Do not wait for a projection that is failing now (it is retried on a later delivery): a read
   * then gets that read model as it stands instead of waiting out the timeout.
   */
  readonly skipFailing?: boolean;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly checkpoint: GlobalPosition | null;
  /** Message of the error that stopped it; it is retried from its checkpoint on the next delivery. */
  readonly failed: string | null;
}

interface Running {
  readonly eventStore: EventStore;
  readonly knex: Knex;
  readonly projections: readonly ReadModelProjection[];
  readonly subscription: Subscription;
}

/** Deliveries at least this large (a catch-up, not a live trickle) insert their rows by COPY. */
const BULK_DELIVERY_EVENTS = 200;

/**
 * Keeps the read models up to date in this process: one subscription from the lowest checkpoint,
 * each delivery applied per projection in its own transaction (see applyBatch). An event a
 * projection cannot apply is set aside for that projection alone (projection_set_aside) and an
 * alert logged; a projection that keeps failing otherwise (database unreachable, a bug) is retried
 * from its own checkpoint on later deliveries, so one broken read model does not stop the others.
 */
export class ProjectionRunner {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly checkpoints = new Map<string, GlobalPosition | null>();
  private readonly failures = new Map<string, unknown>();
  /** Bumped at each failure: a waiter gives up only on failures that happen while it waits. */
  private failureCount = 0;
  private readonly batchSize: number;
  private readonly logger: ProjectionLogger;
  private readonly retryDelaysMs: readonly number[];
  private readonly options: ProjectionRunnerOptions;
  private running: Running | null = null;
  /** Polls the checkpoints for waiters while the projector runs elsewhere (see waitFor). */
  private watch: CheckpointWatch | null = null;
  /** End of the last delivery: the next one covers (previousLast, itsLast]. */
  private previousLast: GlobalPosition | null = null;

  constructor(options: ProjectionRunnerOptions = {}) {
    this.options = options;
    this.batchSize = options.batchSize ?? 5_000;
    this.logger = options.logger ?? consoleLogger;
    this.retryDelaysMs = options.retryDelaysMs ?? [100, 500, 2_000];
  }

  async start(
    eventStore = this.options.eventStore,
    knex = this.options.knex,
    projections = this.options.projections,
  ): Promise<void> {
    if (this.running) throw new Error('ProjectionRunner is already running');
    if (!eventStore || !knex || !projections)
      throw new Error('ProjectionRunner.start needs an event store, knex and projections');
    const names = projections.map((projection) => projection.name);
    await ensureCheckpoints(knex, names);
    const stored = await readCheckpoints(knex, names);
    this.checkpoints.clear();
    this.failures.clear();
    for (const checkpoint of stored) this.checkpoints.set(checkpoint.name, checkpoint.position);

    const positions = stored.map((checkpoint) => checkpoint.position);
    const lowest = positions.includes(null)
      ? null
      : (positions as GlobalPosition[]).reduce((low, position) =>
          comparePositions(position, low) < 0 ? position : low,
        );
    this.previousLast = lowest;
    // Assigned before subscribing: a delivery may arrive before subscribe() returns.
    const pending = { eventStore, knex, projections, subscription: null as Subscription | null };
    this.running = pending as Running;
    pending.subscription = eventStore.subscribe({
      after: lowest,
      batchSize: this.batchSize,
      onEvents: (events) => this.onEvents(events),
      onError: (error) => this.logger.error('event subscription failed', error),
    });
    this.logger.info(
      `projecting ${names.join(', ')} from ${lowest ? `${lowest.commit}:${lowest.prepare}` : 'the start'}`,
    );
  }

  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = null;
    await running.subscription.stop();
    this.emitter.emit('progress');
  }

  /**
   * Resolves true once every projection's checkpoint is at or past `position` (read-your-writes
   * after a command), false on timeout, when a projection fails while it waits, or when the
   * runner stops. It never rejects: the write has succeeded either way, only the read may lag.
   * Not started here but given knex and projections: the projector runs in another process, so
   * this polls projection_checkpoints instead.
   */
  waitFor(position: GlobalPosition, timeoutMs = 5_000, options: WaitOptions = {}): Promise<boolean> {
    const { knex, projections } = this.options;
    if (!this.running && knex && projections) {
      this.watch ??= new CheckpointWatch(
        knex,
        projections.map((projection) => projection.name),
      );
      return this.watch.waitFor(position, timeoutMs);
    }
    const failuresBefore = this.failureCount;
    const outcome = () => this.outcomeFor(position, failuresBefore, options.skipFailing === true);
    const now = outcome();
    if (now !== 'pending') return Promise.resolve(now === 'reached');
    return new Promise((resolve) => {
      const finish = (reached: boolean) => {
        clearTimeout(timer);
        this.emitter.off('progress', onProgress);
        resolve(reached);
      };
      const onProgress = () => {
        const current = outcome();
        if (current !== 'pending') finish(current === 'reached');
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.emitter.on('progress', onProgress);
    });
  }

  status(): ProjectionStatus[] {
    return [...this.checkpoints].map(([name, checkpoint]) => {
      const failure = this.failures.get(name);
      return { name, checkpoint, failed: failure === undefined ? null : errorMessage(failure) };
    });
  }

  private outcomeFor(
    position: GlobalPosition,
    failuresBefore: number,
    skipFailing: boolean,
  ): 'reached' | 'failed' | 'pending' {
    if (!this.running) return 'failed';
    let pending = false;
    for (const [name, checkpoint] of this.checkpoints) {
      if (checkpoint !== null && comparePositions(checkpoint, position) >= 0) continue;
      if (skipFailing && this.failures.has(name)) continue;
      // A projection that failed earlier is retried on the next delivery: only a fresh failure ends the wait.
      if (this.failures.has(name) && this.failureCount > failuresBefore) return 'failed';
      pending = true;
    }
    return pending ? 'pending' : 'reached';
  }

  private async onEvents(events: readonly StoredEvent[]): Promise<void> {
    const running = this.running;
    if (!running) return;
    const batch = parseBatch(this.previousLast, events, this.logger);
    if (!batch) return;
    this.previousLast = batch.last;
    for (const projection of await this.applyTogether(running, batch)) {
      try {
        if (this.failures.has(projection.name)) {
          await this.catchUp(running, projection, batch.last);
        } else {
          await this.applyWithRetry(running.knex, projection, batch);
        }
        this.failures.delete(projection.name);
      } catch (error) {
        this.failures.set(projection.name, error);
        this.failureCount += 1;
        // The message only: a database error's detail holds the row's values.
        this.logger.error(
          `projection ${projection.name} failed: ${safeErrorMessage(error)}; it will be retried from its checkpoint`,
        );
      }
      this.emitter.emit('progress');
    }
  }

  /**
   * The common case in one transaction for every healthy projection (see applyBatchToAll). Returns
   * the projections still to apply one by one: the failed ones, any that found a gap, and all of
   * them when the shared transaction failed (one projection's error must not hold up the others).
   */
  private async applyTogether(running: Running, batch: EventBatch): Promise<readonly ReadModelProjection[]> {
    const healthy = running.projections.filter((projection) => !this.failures.has(projection.name));
    if (healthy.length < 2) return running.projections;
    // When every one is where the batch starts, as after the previous delivery, no lock is taken first.
    const start = batch.after;
    const expected =
      start !== null &&
      healthy.every((projection) => compareNullable(this.checkpoints.get(projection.name) ?? null, start) === 0)
        ? start
        : undefined;
    // A catch-up's large deliveries insert their rows by COPY, as the rebuild does; a batch COPY
    // refuses (a duplicate row) fails here and is applied again the plain way, one projection at a time.
    const bulk = batch.entries.length >= BULK_DELIVERY_EVENTS;
    const outcomes = await applyBatchToAll(running.knex, healthy, batch, { expected, bulk }).catch(() => null);
    if (!outcomes) return running.projections;
    for (const [name, outcome] of outcomes) {
      this.reported(outcome);
      if (outcome.status !== 'gap') this.checkpoints.set(name, outcome.checkpoint);
    }
    this.emitter.emit('progress');
    return running.projections.filter(
      (projection) => this.failures.has(projection.name) || outcomes.get(projection.name)?.status === 'gap',
    );
  }

  private async applyWithRetry(knex: Knex, projection: ReadModelProjection, batch: EventBatch): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const outcome = this.reported(await applyBatch(knex, projection, batch));
        if (outcome.status === 'gap') {
          // Someone reset or held back this projection: the delivered batch is not enough.
          const running = this.running;
          if (running) await this.catchUp(running, projection, batch.last);
          return;
        }
        this.checkpoints.set(projection.name, outcome.checkpoint);
        return;
      } catch (error) {
        const delay = this.retryDelaysMs[attempt];
        if (delay === undefined) throw error;
        this.logger.warn(`projection ${projection.name}: ${safeErrorMessage(error)}; retrying in ${delay} ms`);
        await sleep(delay);
      }
    }
  }

  private reported(outcome: ApplyOutcome): ApplyOutcome {
    reportSetAside(this.logger, outcome.setAside);
    return outcome;
  }

  /** Reads from the projection's own stored checkpoint until it reaches `target`. */
  private async catchUp(running: Running, projection: ReadModelProjection, target: GlobalPosition): Promise<void> {
    for (;;) {
      const [stored] = await readCheckpoints(running.knex, [projection.name]);
      const after = stored?.position ?? null;
      this.checkpoints.set(projection.name, after);
      if (after !== null && comparePositions(after, target) >= 0) return;
      const events = await running.eventStore.readAll({ after, limit: this.batchSize });
      const batch = parseBatch(after, events, this.logger);
      if (!batch) return;
      const outcome = this.reported(await applyBatch(running.knex, projection, batch));
      this.checkpoints.set(projection.name, outcome.checkpoint);
      this.emitter.emit('progress');
      if (!this.running) return;
    }
  }
}

const errorMessage = (error: unknown) => safeErrorMessage(error);
