/** Who issues a command and when: passed in, so deciders stay pure and events record both. */
export interface CommandContext {
  readonly actorId: string | null;
  readonly actorName: string;
  readonly at: string;
}
