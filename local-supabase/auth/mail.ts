// The e-mails the auth service sends, rendered from the templates config.toml names
// ([auth.email.template.<kind>]: supabase/templates/*.html) with the variables hosted GoTrue gives
// each kind, so the mailbox shows what production sends. A kind the file leaves out gets GoTrue's
// own default. Templates are parsed when the service starts: a construct local-supabase does not
// render is a start-up error naming the file and line.
import fs from 'node:fs';
import {parseTemplate, renderTemplate, TemplateError, type TemplateData} from '../../shared/mail/goTemplate';
import {htmlToText} from '../../shared/mail/htmlText';
import type {OutgoingMail} from '../mail/outbox';
import {EMAIL_NOTIFICATION_KINDS, EMAIL_TEMPLATE_KINDS, type AuthSettings, type EmailNotificationKind, type EmailTemplateKind} from '../projectConfig';

export type LinkMailKind = 'confirmation' | 'recovery' | 'magiclink' | 'invite';
export type MailKind = LinkMailKind | 'email_change' | 'reauthentication';

const TEMPLATE_OF: Record<MailKind, EmailTemplateKind> = {
  confirmation: 'confirmation',
  recovery: 'recovery',
  magiclink: 'magic_link',
  invite: 'invite',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

// GoTrue's built-in subjects and bodies (internal/mailer), used for a kind config.toml leaves out.
const GOTRUE_DEFAULTS: Record<EmailTemplateKind, {subject: string; body: string}> = {
  confirmation: {
    subject: 'Confirm Your Email',
    body: '<h2>Confirm your email</h2><p>Follow this link to confirm your email:</p><p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  invite: {
    subject: 'You have been invited',
    body: '<h2>You have been invited</h2><p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p><p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  recovery: {
    subject: 'Reset Your Password',
    body: '<h2>Reset password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset password</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  magic_link: {
    subject: 'Your Magic Link',
    body: '<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="{{ .ConfirmationURL }}">Log In</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    body: '<h2>Confirm email address change</h2><p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change email address</a></p><p>Alternatively, enter the code: {{ .Token }}</p>',
  },
  reauthentication: {subject: 'Confirm reauthentication', body: '<h2>Confirm reauthentication</h2><p>Enter the code: {{ .Token }}</p>'},
};

// GoTrue's built-in security notifications (internal/mailer/templatemailer), for a kind that is
// switched on without a content_path or subject.
const NOTIFICATION_DEFAULTS: Record<EmailNotificationKind, {subject: string; body: string}> = {
  password_changed: {
    subject: 'Your password was changed',
    body: "<h2>Your password was changed</h2><p>The password for your account was recently changed.</p><p>If you didn't make this change, reset your password and contact support immediately.</p>",
  },
  email_changed: {
    subject: 'Your email address was changed',
    body: "<h2>Your email address was changed</h2><p>The email address for your account was changed from {{ .OldEmail }} to {{ .Email }}.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  phone_changed: {
    subject: 'Your phone number was changed',
    body: "<h2>Your phone number was changed</h2><p>The phone number for your account was changed from {{ .OldPhone }} to {{ .Phone }}.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  identity_linked: {
    subject: 'A new sign-in method was linked to your account',
    body: "<h2>A new sign-in method was linked</h2><p>Your {{ .Provider }} account was linked as a new sign-in method for {{ .Email }}.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  identity_unlinked: {
    subject: 'A sign-in method was removed from your account',
    body: "<h2>A sign-in method was removed</h2><p>Your {{ .Provider }} account was removed as a sign-in method for {{ .Email }}.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  mfa_factor_enrolled: {
    subject: 'A new verification method was added to your account',
    body: "<h2>A new verification method was added</h2><p>Sign-in verification method {{ .FactorType }} was added to your account.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
  mfa_factor_unenrolled: {
    subject: 'A verification method was removed from your account',
    body: "<h2>A verification method was removed</h2><p>Sign-in verification method {{ .FactorType }} was removed from your account.</p><p>If you didn't make this change, contact support immediately.</p>",
  },
};

/** What GoTrue's notification mails know besides the account (templatemailer's *NotificationMail). */
export interface NotificationFacts {
  /** The recipient: the account's address, for email_changed the OLD address. */
  to: string;
  /** GoTrue's .Email: the account's (for email_changed the new) address. */
  email: string;
  data?: Record<string, unknown> | null;
  oldEmail?: string;
  factorType?: string;
  provider?: string;
  phone?: string;
  oldPhone?: string;
}

/** GoTrue's template data for a notification: SiteURL, Email, Data and the kind's own fact. */
export function notificationData(kind: EmailNotificationKind, siteUrl: string, facts: NotificationFacts): TemplateData {
  const common = {SiteURL: siteUrl, Email: facts.email, Data: facts.data ?? {}};
  switch (kind) {
    case 'email_changed':
      return {...common, OldEmail: facts.oldEmail ?? ''};
    case 'phone_changed':
      return {...common, Phone: facts.phone ?? '', OldPhone: facts.oldPhone ?? ''};
    case 'identity_linked':
    case 'identity_unlinked':
      return {...common, Provider: facts.provider ?? ''};
    case 'mfa_factor_enrolled':
    case 'mfa_factor_unenrolled':
      return {...common, FactorType: facts.factorType ?? ''};
    default:
      return common;
  }
}

/** What the caller knows about one mail; mapped to GoTrue's template variables per kind. */
export interface MailFacts {
  to: string;
  /** The account's current address (GoTrue's .Email); the recipient unless it is an e-mail change. */
  email: string;
  newEmail?: string;
  confirmationUrl?: string;
  token?: string;
  tokenHash?: string;
  redirectTo?: string;
  /** The account's user_metadata (GoTrue's .Data). */
  data?: Record<string, unknown> | null;
}

type Parsed = ReturnType<typeof parseTemplate>;

/** GoTrue's template data for `kind` (internal/mailer/template.go): only what that kind gets. */
export function templateData(kind: EmailTemplateKind, siteUrl: string, facts: MailFacts): TemplateData {
  const common = {SiteURL: siteUrl, Email: facts.email, Token: facts.token ?? '', Data: facts.data ?? {}};
  if (kind === 'reauthentication') return common;
  const link = {...common, ConfirmationURL: facts.confirmationUrl ?? '', TokenHash: facts.tokenHash ?? '', RedirectTo: facts.redirectTo ?? ''};
  return kind === 'email_change' ? {...link, NewEmail: facts.newEmail ?? ''} : link;
}

function readContent(section: string, contentPath: string): string {
  try {
    return fs.readFileSync(contentPath, 'utf8');
  } catch (error) {
    throw new TemplateError(`[${section}] content_path ${contentPath}: ${(error as Error).message}`);
  }
}

export class AuthMailer {
  private constructor(
    private readonly siteUrl: string,
    private readonly templates: Record<EmailTemplateKind, {subject: Parsed; body: Parsed}>,
    /** Only the notifications config.toml switches on. */
    private readonly notifications: Partial<Record<EmailNotificationKind, {subject: Parsed; body: Parsed}>>,
  ) {}

  /** Reads and parses every template; throws naming the file (and line) of the first bad one. */
  static load(settings: Pick<AuthSettings, 'siteUrl' | 'emailTemplates'> & Partial<Pick<AuthSettings, 'emailNotifications'>>): AuthMailer {
    const templates = {} as Record<EmailTemplateKind, {subject: Parsed; body: Parsed}>;
    for (const kind of EMAIL_TEMPLATE_KINDS) {
      const setting = settings.emailTemplates[kind] ?? {};
      let body = GOTRUE_DEFAULTS[kind].body;
      const file = setting.contentPath ?? `GoTrue's default ${kind} template`;
      if (setting.contentPath) body = readContent(`auth.email.template.${kind}`, setting.contentPath);
      templates[kind] = {
        subject: parseTemplate(setting.subject ?? GOTRUE_DEFAULTS[kind].subject, `[auth.email.template.${kind}] subject`),
        body: parseTemplate(body, file),
      };
    }
    const notifications: Partial<Record<EmailNotificationKind, {subject: Parsed; body: Parsed}>> = {};
    for (const kind of EMAIL_NOTIFICATION_KINDS) {
      const setting = settings.emailNotifications?.[kind];
      if (!setting?.enabled) continue;
      const section = `auth.email.notification.${kind}`;
      const body = setting.contentPath ? readContent(section, setting.contentPath) : NOTIFICATION_DEFAULTS[kind].body;
      notifications[kind] = {
        subject: parseTemplate(setting.subject ?? NOTIFICATION_DEFAULTS[kind].subject, `[${section}] subject`),
        body: parseTemplate(body, setting.contentPath ?? `GoTrue's default ${kind} notification`),
      };
    }
    return new AuthMailer(settings.siteUrl, templates, notifications);
  }

  /** A security notification, or undefined when config.toml leaves it off (GoTrue's default). */
  renderNotification(kind: EmailNotificationKind, facts: NotificationFacts): OutgoingMail | undefined {
    const template = this.notifications[kind];
    if (!template) return undefined;
    const data = notificationData(kind, this.siteUrl, facts);
    return this.finish(template, data, facts.to, `${kind}_notification`);
  }

  render(kind: MailKind, facts: MailFacts): OutgoingMail {
    const template = TEMPLATE_OF[kind];
    const data = templateData(template, this.siteUrl, facts);
    const mail = this.finish(this.templates[template], data, facts.to, kind);
    return facts.confirmationUrl ? {...mail, link: facts.confirmationUrl} : mail;
  }

  private finish(template: {subject: Parsed; body: Parsed}, data: TemplateData, to: string, tag: string): OutgoingMail {
    const html = renderTemplate(template.body, data);
    // GoTrue renders subjects as templates too; a subject is a header, not HTML, so it is decoded.
    const subject = htmlToText(renderTemplate(template.subject, data)).replace(/\s+/g, ' ').trim();
    return {to, subject, html, text: htmlToText(html), tag};
  }
}
