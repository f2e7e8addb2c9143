// The two e-mails the product sends: plain, branded, with the link and the 6-digit code.
import type {OutgoingMail} from '../mail/outbox';

const BRAND = 'Research Methods Academy';

export type LinkMailKind = 'confirmation' | 'recovery';

const COPY: Record<LinkMailKind, {subject: string; heading: string; intro: string; action: string; ignore: string}> = {
  confirmation: {
    subject: `Confirm your ${BRAND} account`,
    heading: 'Confirm your e-mail address',
    intro: `Thanks for signing up for ${BRAND}. Confirm your e-mail address to start learning.`,
    action: 'Confirm my account',
    ignore: 'If you did not sign up, you can ignore this e-mail; no account will be activated.',
  },
  recovery: {
    subject: `Reset your ${BRAND} password`,
    heading: 'Reset your password',
    intro: `Someone (hopefully you) asked to reset the password of your ${BRAND} account.`,
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this e-mail; your password stays unchanged.',
  },
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] as string);
}

export function linkMail(kind: LinkMailKind, to: string, link: string, otp: string, validMinutes: number): OutgoingMail {
  const copy = COPY[kind];
  const text = [
    copy.heading,
    '',
    copy.intro,
    '',
    `${copy.action}: ${link}`,
    '',
    `Or enter this code: ${otp}`,
    '',
    `The link and code are valid for ${validMinutes} minutes and can be used once.`,
    copy.ignore,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="font-family: system-ui, sans-serif; color: #1c1e21; max-width: 560px; margin: 0 auto; padding: 24px;">
  <p style="font-weight: 600; color: #2e5e8c; margin: 0 0 16px;">${BRAND}</p>
  <h1 style="font-size: 20px;">${escapeHtml(copy.heading)}</h1>
  <p>${escapeHtml(copy.intro)}</p>
  <p><a href="${escapeHtml(link)}" style="display: inline-block; background: #2e5e8c; color: #fff; padding: 10px 18px; border-radius: 6px; text-decoration: none;">${escapeHtml(copy.action)}</a></p>
  <p>Or enter this code: <strong style="font-size: 18px; letter-spacing: 2px;">${otp}</strong></p>
  <p style="font-size: 13px; color: #555;">The link and code are valid for ${validMinutes} minutes and can be used once. ${escapeHtml(copy.ignore)}</p>
  <p style="font-size: 13px; color: #555; word-break: break-all;">If the button does not work, open this address: ${escapeHtml(link)}</p>
</body></html>`;
  return {to, subject: copy.subject, text, html, link, tag: kind};
}
