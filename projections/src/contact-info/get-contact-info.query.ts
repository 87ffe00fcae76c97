import type { Knex } from 'knex';
import type { ContactInfoResponse } from '@shop/contracts';
import { toIsoString } from '../shared/sql-values';

export async function getContactInfo(knex: Knex): Promise<ContactInfoResponse | null> {
  const row = await knex('contact_info').where({ id: 1 }).first('email', 'phone', 'whatsapp', 'address', 'updated_at');
  return row
    ? {
        email: row.email,
        phone: row.phone,
        whatsapp: row.whatsapp,
        address: row.address,
        updatedAt: toIsoString(row.updated_at),
      }
    : null;
}
