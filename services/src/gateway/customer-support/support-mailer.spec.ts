import { loadConfig } from '../../config';
import { createSupportMailer, supportReplyMail } from './support-mailer';

describe('support mailer', () => {
  it('is off without SMTP_URL, and SMTP settings are checked at start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ smtpUrl: undefined, smtpFrom: 'Glow Beauty <no-reply@localhost>' });
    expect(createSupportMailer(config)).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).smtpUrl).toBe(
      'smtp://user:pass@mail.example.com:587',
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL must look like/);
    expect(createSupportMailer({ smtpUrl: 'smtp://127.0.0.1:2525', smtpFrom: 'Shop <a@b.c>' })).not.toBeNull();
  });

  it("addresses the customer with the reply and the request's subject or number", () => {
    const request = { requestId: 12, fullName: 'Ada Obi', email: 'ada@example.com', subject: null };
    expect(supportReplyMail(request, 'Refund sent.')).toEqual({
      to: 'ada@example.com',
      subject: 'Re: Your support request #12',
      text: 'Dear Ada Obi,\n\nRefund sent.\n\nReference: support request #12\n',
    });
    expect(supportReplyMail({ ...request, subject: 'Broken seal' }, 'x').subject).toBe('Re: Broken seal');
  });
});
