// The e-mails the auth service sends, rendered from the templates config.toml names
// ([auth.email.template.<kind>]: supabase/templates/*.html) with the variables hosted GoTrue gives
// each kind, so the mailbox shows what production sends. A kind the file leaves out gets GoTrue's
// own default. Templates are parsed when the service starts: a construct local-supabase does not
// render is a start-up error naming the file and line.
import fs from 'node:fs';
import {parseTemplate, renderTemplate, TemplateError, type TemplateData} from '../mail/goTemplate';
import {htmlToText} from '../mail/htmlText';
import type {OutgoingMail} from '../mail/outbox';
import {EMAIL_TEMPLATE_KINDS, type AuthSettings, type EmailTemplateKind} from '../projectConfig';

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

export class AuthMailer {
  private constructor(
    private readonly siteUrl: string,
    private readonly templates: Record<EmailTemplateKind, {subject: Parsed; body: Parsed}>,
  ) {}

  /** Reads and parses every template; throws naming the file (and line) of the first bad one. */
  static load(settings: Pick<AuthSettings, 'siteUrl' | 'emailTemplates'>): AuthMailer {
    const templates = {} as Record<EmailTemplateKind, {subject: Parsed; body: Parsed}>;
    for (const kind of EMAIL_TEMPLATE_KINDS) {
      const setting = settings.emailTemplates[kind] ?? {};
      let body = GOTRUE_DEFAULTS[kind].body;
      const file = setting.contentPath ?? `GoTrue's default ${kind} template`;
      if (setting.contentPath) {
        try {
          body = fs.readFileSync(setting.contentPath, 'utf8');
        } catch (error) {
          throw new TemplateError(`[auth.email.template.${kind}] content_path ${setting.contentPath}: ${(error as Error).message}`);
        }
      }
      templates[kind] = {
        subject: parseTemplate(setting.subject ?? GOTRUE_DEFAULTS[kind].subject, `[auth.email.template.${kind}] subject`),
        body: parseTemplate(body, file),
      };
    }
    return new AuthMailer(settings.siteUrl, templates);
  }

  render(kind: MailKind, facts: MailFacts): OutgoingMail {
    const template = TEMPLATE_OF[kind];
    const data = templateData(template, this.siteUrl, facts);
    const html = renderTemplate(this.templates[template].body, data);
    // GoTrue renders subjects as templates too; a subject is a header, not HTML, so it is decoded.
    const subject = htmlToText(renderTemplate(this.templates[template].subject, data)).replace(/\s+/g, ' ').trim();
    return {to: facts.to, subject, html, text: htmlToText(html), ...(facts.confirmationUrl ? {link: facts.confirmationUrl} : {}), tag: kind};
  }
}
