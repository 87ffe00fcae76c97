import { WrongExpectedVersionError, type StreamAppend } from './event-store.port';

/**
 * The fate of one append, known synchronously the moment the store settles it: a later append
 * decided on the states this one would leave may go `after` it (see AppendOptions) and is then
 * written only once this one is, and refused without being written if this one is refused.
 */
export class AppendTicket {
  private state: 'pending' | 'written' | 'refused' = 'pending';
  private announce!: (written: boolean) => void;
  /** true once written, false once refused. */
  readonly settled: Promise<boolean> = new Promise((resolve) => (this.announce = resolve));

  get pending(): boolean {
    return this.state === 'pending';
  }

  get written(): boolean {
    return this.state === 'written';
  }

  get refused(): boolean {
    return this.state === 'refused';
  }

  /** The first call wins: a store marks it as it settles the append, a caller again when it sees the outcome. */
  markWritten(): void {
    this.settle('written');
  }

  markRefused(): void {
    this.settle('refused');
  }

  private settle(state: 'written' | 'refused'): void {
    if (this.state !== 'pending') return;
    this.state = state;
    this.announce(state === 'written');
  }
}

export interface AppendOptions {
  /** Marked by the store as it settles this append, before the returned promise settles. */
  readonly ticket?: AppendTicket;
  /**
   * Appends of this process this one was decided after: it is written only once each is written,
   * never together with one still pending, and refused (a WrongExpectedVersionError, nothing written)
   * when one is refused.
   */
  readonly after?: readonly AppendTicket[];
}

/** The refusal of an append whose predecessor was not written: a version conflict, nothing written. */
export function unfollowable(appends: readonly StreamAppend[]): WrongExpectedVersionError {
  const first = appends[0]!;
  return new WrongExpectedVersionError(first.streamId, first.expectedVersion, null);
}
