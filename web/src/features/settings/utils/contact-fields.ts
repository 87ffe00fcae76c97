import { contactInfo, type ContactInfo } from '@shop/contracts';

export type ContactField = keyof ContactInfo;

type ContactFieldMeta = {
  label: string;
  inputType: 'email' | 'tel' | 'textarea';
  placeholder: string;
  hint?: string;
};

const INTERNATIONAL_HINT = 'Use international format with the country code, e.g. +234 801 234 5678';

export const CONTACT_FIELDS: Readonly<Record<ContactField, ContactFieldMeta>> = {
  email: { label: 'Email', inputType: 'email', placeholder: 'hello@example.com' },
  phone: { label: 'Phone', inputType: 'tel', placeholder: '+234 801 234 5678', hint: INTERNATIONAL_HINT },
  whatsapp: { label: 'WhatsApp', inputType: 'tel', placeholder: '+234 801 234 5678', hint: INTERNATIONAL_HINT },
  address: { label: 'Address', inputType: 'textarea', placeholder: 'Shop address' },
};

export const CONTACT_FIELD_ORDER: readonly ContactField[] = ['email', 'phone', 'whatsapp', 'address'];

export const EMPTY_CONTACT: ContactInfo = { email: '', phone: '', whatsapp: '', address: '' };

/** Spec section 5: an empty value is 'Please enter a valid value.'; the shared schema adds the formats. */
export function validateContact(values: ContactInfo): Partial<Record<ContactField, string>> {
  const parsed = contactInfo.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}
