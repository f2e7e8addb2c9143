import nodemailer from 'nodemailer';
import type {SmtpSettings} from '../projectConfig';
import type {MailTransport} from './outbox';

/**
 * Relays mail with nodemailer: through SMTP_URL (e.g. smtp://user:pass@host:587), or through
 * config.toml's [auth.email.smtp] as hosted GoTrue would, from its sender name and address.
 */
export function smtpTransport(target: string | SmtpSettings): MailTransport {
  if (typeof target === 'string') {
    const transporter = nodemailer.createTransport(target);
    return async (mail) => {
      await transporter.sendMail({from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html});
    };
  }
  const transporter = nodemailer.createTransport({
    host: target.host,
    port: target.port,
    // Port 465 is TLS from the first byte; the others upgrade with STARTTLS when offered.
    secure: target.port === 465,
    ...(target.user ? {auth: {user: target.user, pass: target.pass}} : {}),
  });
  const from = target.senderName ? {name: target.senderName, address: target.adminEmail} : target.adminEmail;
  return async (mail) => {
    await transporter.sendMail({from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html});
  };
}
