import { z } from 'zod';

export const contactInfoChangedV1 = z.object({
  email: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  address: z.string(),
});
export type ContactInfoChanged = z.infer<typeof contactInfoChangedV1>;
