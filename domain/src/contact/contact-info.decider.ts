import type { ContactInfo, DomainEvent, DomainEventOf } from '@shop/contracts';
import type { Decider } from '../shared/decider';

export type ContactInfoState = { readonly current: ContactInfo | null };
export type ContactInfoCommand = { readonly type: 'ChangeContactInfo'; readonly contact: ContactInfo };
type ContactInfoEvent = DomainEventOf<'ContactInfoChanged'>;

const same = (a: ContactInfo, b: ContactInfo) =>
  a.email === b.email && a.phone === b.phone && a.whatsapp === b.whatsapp && a.address === b.address;

export function decideContactInfo(command: ContactInfoCommand, state: ContactInfoState): ContactInfoEvent[] {
  if (state.current && same(state.current, command.contact)) return [];
  const { email, phone, whatsapp, address } = command.contact;
  return [{ type: 'ContactInfoChanged', data: { email, phone, whatsapp, address } }];
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
