import { z } from 'zod';
import { storableString } from './text-fields';

/** International format: a leading +, then 7 to 15 digits (spaces and dashes allowed between). */
export const INTERNATIONAL_PHONE = /^\+[1-9](?:[ -]?\d){6,14}$/;

export const contactInfo = z.object({
  email: storableString('Email')
    .trim()
    .min(1, 'Please enter a valid value.')
    .email('Please enter a valid email address'),
  phone: storableString('Phone')
    .trim()
    .min(1, 'Please enter a valid value.')
    .regex(INTERNATIONAL_PHONE, 'Phone must be in international format, e.g. +234 801 234 5678'),
  whatsapp: storableString('WhatsApp')
    .trim()
    .min(1, 'Please enter a valid value.')
    .regex(INTERNATIONAL_PHONE, 'WhatsApp must be in international format, e.g. +234 801 234 5678'),
  address: storableString('Address').trim().min(1, 'Please enter a valid value.').max(500, 'Address is too long'),
});
export type ContactInfo = z.infer<typeof contactInfo>;

/** What a screen read: compared with what it sends, never stored. A fresh shop reads four empty fields. */
const contactInfoRead = z.object({
  email: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  address: z.string(),
});

/**
 * PUT /api/contact-info: the four fields plus the signed-in manager's own password, checked by the
 * server. `basedOn`, optional, is the four fields as the screen read them before the edit: then only
 * the fields changed from them are saved, so a field another manager saved meanwhile stays as they left it.
 */
export const updateContactInfoInput = contactInfo.extend({
  password: z.string({ error: 'Password Required' }).min(1, 'Password Required'),
  basedOn: contactInfoRead.optional(),
});
export type UpdateContactInfoInput = z.infer<typeof updateContactInfoInput>;

/**
 * GET /api/contact-info: the saved details, or four empty fields with updatedAt null until a manager
 * first saves them (a fresh shop answers 200 like any other read, not an error).
 */
export const contactInfoResponse = z.object({
  email: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  address: z.string(),
  updatedAt: z.string().nullable(),
});
export type ContactInfoResponse = z.infer<typeof contactInfoResponse>;
