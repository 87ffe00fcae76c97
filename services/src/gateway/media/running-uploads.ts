/**
 * PUTs streaming into this gateway, counted per user the upload URLs were issued to: each one holds a
 * temporary file until it is in, so their number (not only the files kept) bounds the disk one user takes.
 */
export class RunningUploads {
  private readonly running = new Map<string, number>();

  constructor(private readonly maxPerUser: number) {}

  /** Counts one more PUT of `owner`; false (nothing counted) when `maxPerUser` already run. */
  enter(owner: string): boolean {
    const now = this.running.get(owner) ?? 0;
    if (now >= this.maxPerUser) return false;
    this.running.set(owner, now + 1);
    return true;
  }

  leave(owner: string): void {
    const now = (this.running.get(owner) ?? 1) - 1;
    if (now > 0) this.running.set(owner, now);
    else this.running.delete(owner);
  }
}
