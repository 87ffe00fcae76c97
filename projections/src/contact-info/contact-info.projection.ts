import { defineProjection } from '../shared/projection';

/** The shop's single contact row: the last change in the batch wins. */
export const contactInfoProjection = defineProjection({
  name: 'contact_info',
  handles: ['ContactInfoChanged'] as const,
  tables: ['contact_info'],
  async project(events, sql) {
    const last = events[events.length - 1];
    if (!last) return;
    sql.write(
      `insert into contact_info (id, email, phone, whatsapp, address, updated_at) values (1, ?, ?, ?, ?, ?)
       on conflict (id) do update set email = excluded.email, phone = excluded.phone,
         whatsapp = excluded.whatsapp, address = excluded.address, updated_at = excluded.updated_at`,
      [last.data.email, last.data.phone, last.data.whatsapp, last.data.address, last.metadata.at],
    );
  },
});
