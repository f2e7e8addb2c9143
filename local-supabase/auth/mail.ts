// The e-mails the auth service sends: plain, branded, with the link (when there is one) and the
// 6-digit code.
import type {OutgoingMail} from '../mail/outbox';

const BRAND = 'Research Methods Academy';

export type LinkMailKind = 'confirmation' | 'recovery' | 'magiclink' | 'invite';
export type MailKind = LinkMailKind | 'email_change_new' | 'email_change_current' | 'email_change_notice' | 'reauthentication';

const COPY: Record<MailKind, {subject: string; heading: string; intro: string; action: string; ignore: string}> = {
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
  magiclink: {
    subject: `Your ${BRAND} sign-in link`,
    heading: 'Sign in',
    intro: `Someone (hopefully you) asked to sign in to ${BRAND} with this e-mail address.`,
    action: 'Sign in',
    ignore: 'If you did not ask for this, you can ignore this e-mail; nobody is signed in.',
  },
  invite: {
    subject: `You are invited to ${BRAND}`,
    heading: 'You have been invited',
    intro: `You have been invited to create an account on ${BRAND}. Accept to sign in and choose a password.`,
    action: 'Accept the invitation',
    ignore: 'If you do not want an account, you can ignore this e-mail.',
  },
  email_change_new: {
    subject: `Confirm your new ${BRAND} e-mail address`,
    heading: 'Confirm your new e-mail address',
    intro: `Someone (hopefully you) asked to use this address for a ${BRAND} account.`,
    action: 'Confirm this address',
    ignore: 'If you did not ask for this, you can ignore this e-mail; nothing changes.',
  },
  email_change_current: {
    subject: `Confirm the e-mail change on your ${BRAND} account`,
    heading: 'Confirm your e-mail change',
    intro: `Someone (hopefully you) asked to move your ${BRAND} account to another e-mail address. The change needs a confirmation from this address and from the new one.`,
    action: 'Confirm the change',
    ignore: 'If you did not ask for this, do not follow the link, and change your password: your account keeps this address.',
  },
  email_change_notice: {
    subject: `Your ${BRAND} e-mail address is being changed`,
    heading: 'Your e-mail address is being changed',
    intro: `Someone (hopefully you) asked to move your ${BRAND} account to another e-mail address. It changes once the new address is confirmed.`,
    action: '',
    ignore: 'If this was not you, change your password now and contact support.',
  },
  reauthentication: {
    subject: `Your ${BRAND} security code`,
    heading: 'Confirm it is you',
    intro: `Enter this code on ${BRAND} to confirm a change to your account's security.`,
    action: '',
    ignore: 'If you did not ask for this, someone may know your password: change it.',
  },
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] as string);
}

/** A mail with an action link (omit for notices and code-only mails) and a 6-digit code (omit for notices). */
export function linkMail(kind: MailKind, to: string, link: string | null, otp: string | null, validMinutes: number): OutgoingMail {
  const copy = COPY[kind];
  const validity = `The ${link ? 'link and code are' : 'code is'} valid for ${validMinutes} minutes and can be used once.`;
  const text = [
    copy.heading,
    '',
    copy.intro,
    '',
    ...(link ? [`${copy.action}: ${link}`, ''] : []),
    ...(otp ? [`${link ? 'Or enter this code' : 'Your code'}: ${otp}`, '', validity] : []),
    copy.ignore,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link)}" style="display: inline-block; background: #2e5e8c; color: #fff; padding: 10px 18px; border-radius: 6px; text-decoration: none;">${escapeHtml(copy.action)}</a></p>`
    : '';
  const code = otp
    ? `<p>${link ? 'Or enter this code' : 'Your code'}: <strong style="font-size: 18px; letter-spacing: 2px;">${otp}</strong></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="font-family: system-ui, sans-serif; color: #1c1e21; max-width: 560px; margin: 0 auto; padding: 24px;">
  <p style="font-weight: 600; color: #2e5e8c; margin: 0 0 16px;">${BRAND}</p>
  <h1 style="font-size: 20px;">${escapeHtml(copy.heading)}</h1>
  <p>${escapeHtml(copy.intro)}</p>
  ${button}
  ${code}
  <p style="font-size: 13px; color: #555;">${otp ? `${validity} ` : ''}${escapeHtml(copy.ignore)}</p>
  ${link ? `<p style="font-size: 13px; color: #555; word-break: break-all;">If the button does not work, open this address: ${escapeHtml(link)}</p>` : ''}
</body></html>`;
  return {to, subject: copy.subject, text, html, ...(link ? {link} : {}), tag: kind};
}
