import nodemailer from 'nodemailer';
import type {MailTransport} from './outbox';

/** Relays mail through SMTP_URL (e.g. smtp://user:pass@host:587) with nodemailer. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transporter.sendMail({from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html});
  };
}
