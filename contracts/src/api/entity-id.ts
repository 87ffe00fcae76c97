import { z } from 'zod';

/**
 * An entity's id as a client may send it: a UUID in either case (RFC 9562 reads them as one id),
 * stored and looked up in lower case, as the server writes every id it makes.
 */
export const entityId = (error: string) => z.uuid({ error }).overwrite((id) => id.toLowerCase());
