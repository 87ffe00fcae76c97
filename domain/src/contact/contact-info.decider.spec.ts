import type { ContactInfo, DomainEvent } from '@shop/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { contactChangedMeanwhile, contactInfoDecider } from './contact-info.decider';

const read: ContactInfo = {
  email: 'hello@glow.ng',
  phone: '+234 801 000 0001',
  whatsapp: '+234 801 000 0002',
  address: '1 Allen Avenue, Ikeja',
};
const changed = (contact: ContactInfo): DomainEvent => ({ type: 'ContactInfoChanged', data: contact });
const given = DeciderSpecification.for(contactInfoDecider);

describe('contact info decider', () => {
  it('saves the four fields as sent when the screen says nothing of what it read (the spec’s call)', () => {
    const sent = { ...read, email: 'new@glow.ng' };
    given(changed({ ...read, phone: '+234 801 999 9999' }))
      .when({ type: 'ChangeContactInfo', contact: sent })
      .then([changed(sent)]);
  });

  it('keeps a field another manager saved since the screen read, saving only the field edited on it', () => {
    const theirs = { ...read, phone: '+234 801 999 9999' };
    given(changed(read), changed(theirs))
      .when({ type: 'ChangeContactInfo', contact: { ...read, email: 'new@glow.ng' }, basedOn: read })
      .then([changed({ ...theirs, email: 'new@glow.ng' })]);
  });

  it('refuses an edit of a field another manager changed to something else since the screen read it', () => {
    given(changed(read), changed({ ...read, email: 'theirs@glow.ng' }))
      .when({ type: 'ChangeContactInfo', contact: { ...read, email: 'mine@glow.ng' }, basedOn: read })
      .thenRefused('conflict', contactChangedMeanwhile('email', 'theirs@glow.ng'));
  });

  it('records nothing when the edit is what another manager already saved', () => {
    const theirs = { ...read, address: '2 Awolowo Road, Ikoyi' };
    given(changed(read), changed(theirs))
      .when({ type: 'ChangeContactInfo', contact: theirs, basedOn: read })
      .thenNothing();
  });

  it('saves a first set of details as sent, whatever the screen read', () => {
    const empty = { email: '', phone: '', whatsapp: '', address: '' };
    given()
      .when({ type: 'ChangeContactInfo', contact: read, basedOn: empty })
      .then([changed(read)]);
  });
});
