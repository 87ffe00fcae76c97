import { z } from 'zod';

/** Who did it and when: every event carries it, so the ledger is an audit trail. */
export const eventMetadataSchema = z.object({
  actorId: z.string().nullable(),
  actorName: z.string(),
  at: z.iso.datetime({ offset: true }),
  correlationId: z.string().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;
