import type { AppendTicket } from '../event-store';
import type { StreamFold } from './stream-state-cache';

/** A stream's state as an earlier command's append, submitted but maybe not yet written, leaves it. */
export interface TentativeState {
  readonly fold: StreamFold<unknown>;
  readonly state: unknown;
  readonly version: number;
  /** That append: a command deciding on this state appends after it. */
  readonly ticket: AppendTicket;
}

/** What a command leaves the commands queued behind it once its append is submitted. */
export interface Handoff {
  readonly ticket: AppendTicket;
  /** The streams it writes, with the state and version its append leads to. */
  readonly streams: ReadonlyMap<string, Omit<TentativeState, 'ticket'>>;
}

/** A command's place in the queue. */
export interface QueueTurn {
  /**
   * Once each earlier command on these streams has submitted its append or finished: the states
   * their appends lead to, for the streams that have an earlier command. Empty when one of them
   * cannot hand over (it finished without appending, its append was refused, it did not write the
   * stream); then every earlier command has finished.
   */
  earlier(): Promise<ReadonlyMap<string, TentativeState>>;
  /** Once every earlier command on these streams has finished. */
  finished(): Promise<void>;
  /** Lets later commands decide on this command's states now, while its append is being written. */
  handOff(handoff: Handoff): void;
}

interface Place {
  readonly handedOff: Promise<Handoff | null>;
  readonly done: Promise<void>;
}

/**
 * Commands of this process that touch a common stream run one after another; commands on other
 * streams run meanwhile (and share a group commit). Without it, concurrent commands on a hot stream
 * all decide on the same cached version and all but one fail their append with a version
 * conflict, then re-read the stream and decide again: a 10-line sale over popular products could
 * retry for seconds. Writers in other processes are still kept apart by the expected versions.
 *
 * "After" means after the earlier command has decided and submitted its append (its hand-off), not
 * after that append is written: the next command decides on the states it leads to and appends
 * after it (AppendOptions.after), so it is ready for the store's next batch instead of deciding
 * only once the earlier append comes back. If the earlier append is refused, so is the later one,
 * which then decides again on what was really written.
 *
 * A command takes its place behind every earlier command on any of its streams in one synchronous
 * step, so it only ever waits for commands that arrived before it: no deadlock, whatever the order
 * of the streams. A hand-written keyed queue (see docs/decisions.md): the mutex libraries lock one
 * key at a time, and taking several keys one by one would need a global order to be deadlock-free.
 */
export class StreamWriteQueue {
  /** Per stream, the place of the last command queued on it. */
  private readonly tails = new Map<string, Place>();

  async run<Result>(streamIds: readonly string[], work: (turn: QueueTurn) => Promise<Result>): Promise<Result> {
    const keys = [...new Set(streamIds)];
    let handOff!: (handoff: Handoff | null) => void;
    let release!: () => void;
    const place: Place = {
      handedOff: new Promise<Handoff | null>((resolve) => (handOff = resolve)),
      done: new Promise<void>((resolve) => (release = resolve)),
    };
    const earlier = new Map<string, Place>();
    for (const key of keys) {
      const tail = this.tails.get(key);
      this.tails.set(key, place);
      if (tail) earlier.set(key, tail);
    }
    const finished = async () => {
      if (earlier.size > 0) await Promise.all([...earlier.values()].map((other) => other.done));
    };
    const turn: QueueTurn = {
      earlier: async () => {
        const tentative = new Map<string, TentativeState>();
        for (const [key, other] of earlier) {
          const handoff = await other.handedOff;
          const stream = handoff?.streams.get(key);
          if (!handoff || !stream || handoff.ticket.refused) {
            await finished();
            return new Map();
          }
          tentative.set(key, { ...stream, ticket: handoff.ticket });
        }
        return tentative;
      },
      finished,
      handOff,
    };
    try {
      return await work(turn);
    } finally {
      for (const key of keys) if (this.tails.get(key) === place) this.tails.delete(key);
      handOff(null);
      release();
    }
  }

  /** Streams with a command running or waiting (for tests and metrics). */
  get size(): number {
    return this.tails.size;
  }
}
