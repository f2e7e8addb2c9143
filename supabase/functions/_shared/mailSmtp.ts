// Sends a rendered mail by SMTP: the project's SMTP server in production (the one config.toml's
// [auth.email.smtp] names for the auth mails, given to the function as SMTP_HOST, SMTP_PORT,
// SMTP_USER, SMTP_PASS and SMTP_SENDER), local-supabase's SMTP listener locally, which files what
// it receives into the mailbox. nodemailer runs in Node and in Deno (npm: specifier).
import nodemailer from 'nodemailer';
import {MAIL_SENDER} from '../../../shared/site.ts';
import type {RenderedMail} from './mailMessages.ts';

export type Env = Record<string, string | undefined>;

export type SendMail = (to: string, mail: RenderedMail) => Promise<void>;

export class MailConfigError extends Error {}

/** The sender: SMTP_SENDER ("Name <address>" or an address), else the product's no-reply address. */
export function sender(env: Env): string {
  return env.SMTP_SENDER?.trim() || `${MAIL_SENDER.name} <${MAIL_SENDER.address}>`;
}

export function smtpSender(env: Env): SendMail {
  const host = env.SMTP_HOST;
  const port = Number(env.SMTP_PORT ?? '587');
  if (!host) throw new MailConfigError('SMTP_HOST is not configured');
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new MailConfigError('SMTP_PORT must be a port number');
  const transporter = nodemailer.createTransport({
    host,
    port,
    // Port 465 is TLS from the first byte; the others upgrade with STARTTLS when offered.
    secure: port === 465,
    ...(env.SMTP_USER ? {auth: {user: env.SMTP_USER, pass: env.SMTP_PASS ?? ''}} : {}),
  });
  const from = sender(env);
  return async (to, mail) => {
    await transporter.sendMail({from, to, subject: mail.subject, text: mail.text, html: mail.html});
  };
}
