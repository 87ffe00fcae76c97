import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';

export interface SupportMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends one mail; throws when the server refuses it or cannot be reached. */
export interface SupportMailer {
  send(mail: SupportMail): Promise<{ messageId: string | null }>;
}

/** Null when no mail server is configured: replies then wait in the outbox. */
export const SUPPORT_MAILER = Symbol('SUPPORT_MAILER');

/**
 * Bounded timeouts (nodemailer waits minutes by default): the reply call waits for the send, and
 * a mail server that hangs must fail into the outbox, not hold the staff member's request.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createSupportMailer(config: Pick<AppConfig, 'smtpUrl' | 'smtpFrom'>): SupportMailer | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...TIMEOUTS });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: config.smtpFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      return { messageId: typeof info.messageId === 'string' ? info.messageId : null };
    },
  };
}

/** The mail a customer gets: the reply only, never the staff's internal notes. */
export function supportReplyMail(
  request: { requestId: number; fullName: string; email: string; subject: string | null },
  reply: string,
): SupportMail {
  return {
    to: request.email,
    subject: `Re: ${request.subject ?? `Your support request #${request.requestId}`}`,
    text: `Dear ${request.fullName},\n\n${reply}\n\nReference: support request #${request.requestId}\n`,
  };
}
