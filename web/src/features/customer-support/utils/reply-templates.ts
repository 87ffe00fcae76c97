import type { SupportRequest } from '@shop/contracts';
import { STORE_NAME } from '@/config/store';

export type ReplyTemplate = 'apology' | 'resolution' | 'feedback';

export const REPLY_TEMPLATES: readonly { key: ReplyTemplate; label: string }[] = [
  { key: 'apology', label: 'Apology' },
  { key: 'resolution', label: 'Resolution' },
  { key: 'feedback', label: 'Feedback' },
];

const about = (request: SupportRequest) => (request.subject ? ` about "${request.subject}"` : '');

/** A starting text addressed to the customer by name; staff edit it before sending. */
export function replyTemplate(template: ReplyTemplate, request: SupportRequest): string {
  const greeting = `Dear ${request.fullName},`;
  const signOff = `Kind regards,\n${STORE_NAME} Customer Care`;
  switch (template) {
    case 'apology':
      return `${greeting}\n\nThank you for contacting us${about(request)}. We are very sorry for the inconvenience this has caused you. We are looking into it now and will get back to you as soon as possible with a solution.\n\n${signOff}`;
    case 'resolution':
      return `${greeting}\n\nThank you for your patience. We are pleased to let you know that your request${about(request)} has been resolved. If anything else comes up, simply reply to this message and we will be glad to help.\n\n${signOff}`;
    case 'feedback':
      return `${greeting}\n\nThank you for taking the time to share your feedback${about(request)}. We truly value hearing from our customers, and your comments have been passed on to our team to help us improve.\n\n${signOff}`;
    default: {
      const unknown: never = template;
      throw new Error(`Unknown reply template: ${String(unknown)}`);
    }
  }
}
