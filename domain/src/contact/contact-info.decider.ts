import type { ContactInfo, DomainEvent, DomainEventOf } from '@shop/contracts';
import type { Decider } from '../shared/decider';
import { applyChangesSince } from '../shared/changes-since';
import { conflict } from '../shared/domain-error';

export type ContactInfoState = { readonly current: ContactInfo | null };
export type ContactInfoCommand = {
  readonly type: 'ChangeContactInfo';
  readonly contact: ContactInfo;
  /** The details the edit was made to (what the screen last read): only the fields changed from them are saved. */
  readonly basedOn?: ContactInfo;
};

const FIELD_LABELS: Record<keyof ContactInfo, string> = {
  email: 'The email',
  phone: 'The phone number',
  whatsapp: 'The WhatsApp number',
  address: 'The address',
};

/** Refused when another manager changed the same field, to something else, since the screen read it. */
export const contactChangedMeanwhile = (field: keyof ContactInfo, now: string) =>
  `${FIELD_LABELS[field]} was changed by someone else meanwhile, to "${now}". Check it and try again.`;
type ContactInfoEvent = DomainEventOf<'ContactInfoChanged'>;

const same = (a: ContactInfo, b: ContactInfo) =>
  a.email === b.email && a.phone === b.phone && a.whatsapp === b.whatsapp && a.address === b.address;

export function decideContactInfo(command: ContactInfoCommand, state: ContactInfoState): ContactInfoEvent[] {
  const contact = contactToSave(command, state.current);
  if (state.current && same(state.current, contact)) return [];
  const { email, phone, whatsapp, address } = contact;
  return [{ type: 'ContactInfoChanged', data: { email, phone, whatsapp, address } }];
}

function contactToSave({ contact, basedOn }: ContactInfoCommand, current: ContactInfo | null): ContactInfo {
  if (!basedOn || !current) return contact;
  const applied = applyChangesSince(basedOn, contact, current);
  if ('conflict' in applied) {
    const field = applied.conflict[0] as keyof ContactInfo;
    throw conflict(contactChangedMeanwhile(field, current[field]));
  }
  return applied.value;
}

export function evolveContactInfo(state: ContactInfoState, event: DomainEvent): ContactInfoState {
  return event.type === 'ContactInfoChanged' ? { current: event.data } : state;
}

export const contactInfoDecider: Decider<ContactInfoCommand, ContactInfoState, ContactInfoEvent> = {
  initialState: () => ({ current: null }),
  decide: decideContactInfo,
  evolve: evolveContactInfo,
};

/** The shop has one set of contact details. */
export const CONTACT_INFO_STREAM = 'contact-info';
