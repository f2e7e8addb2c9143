// What each transactional mail says: the outbox row's variables (raw amounts and timestamps from
// the ledger, written by the triggers in 20261126000700_transactional_mail.sql) turned into the
// strings a template prints, and the template in supabase/templates/transactional/<kind>.html
// rendered into a subject (its <title>), an HTML part and a text part. The templates use the same
// Go-template subset as the auth mails and are rendered by the same renderer local-supabase uses
// for those, so a template that renders locally renders the same in production.
import {readFile} from 'node:fs/promises';
import {parseTemplate, renderTemplate, type TemplateData} from '../../../shared/mail/goTemplate.ts';
import {htmlToText} from '../../../shared/mail/htmlText.ts';
import {formatLongDate} from '../../../shared/longDate.ts';
import {certificateUrl} from '../../../shared/certificateAddress.ts';
import {PREMIUM_PLAN} from '../../../shared/plan.ts';
import {SITE_TITLE, SUPPORT_EMAIL} from '../../../shared/site.ts';

export const MAIL_KINDS = [
  'payment_receipt',
  'renewal_reminder',
  'payment_failed',
  'cancellation_confirmed',
  'refund',
  'account_deleted',
  'certificate_earned',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Variables = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** "23 November 2026" from a timestamp the database wrote; "" when there is none. */
function longDate(value: unknown): string {
  const raw = str(value);
  return raw ? formatLongDate(new Date(raw)) : '';
}

/** "$34.30 USD": the amount PayPal charged, always with cents, and its currency. */
export function formatMoney(amount: unknown, currency: unknown): string {
  const value = Number(str(amount));
  if (!Number.isFinite(value)) return '';
  const code = str(currency) || PREMIUM_PLAN.currency;
  return `${code === 'USD' ? '$' : ''}${value.toFixed(2)} ${code}`;
}

/** The site's address (SITE_URL) without a trailing slash, for the links in a mail. */
function siteUrl(env: Record<string, string | undefined>): string {
  return (env.SITE_URL ?? '').replace(/\/+$/, '');
}

/** The strings a template may print; only public facts, never a key or token. */
export function templateData(kind: MailKind, variables: Variables, env: Record<string, string | undefined>): TemplateData {
  const site = siteUrl(env);
  const code = str(variables.code);
  return {
    SiteName: SITE_TITLE,
    SiteUrl: site,
    SupportEmail: SUPPORT_EMAIL,
    PlanName: PREMIUM_PLAN.name,
    AccountUrl: `${site}/account`,
    PricingUrl: `${site}/pricing`,
    Amount: formatMoney(variables.amount, variables.currency),
    DiscountCode: str(variables.discount_code),
    PercentOff: str(variables.percent_off),
    PeriodStart: longDate(variables.period_start),
    PeriodEnd: longDate(variables.period_end),
    AccessUntil: kind === 'cancellation_confirmed' ? longDate(variables.period_end) : '',
    ChargeDate: longDate(variables.charge_date),
    DeletedOn: longDate(variables.deleted_at),
    CourseTitle: str(variables.course_title),
    FullName: str(variables.full_name),
    CertificateUrl: code && site ? certificateUrl({url: site, baseUrl: '/'}, code) : '',
  };
}

const parsed = new Map<MailKind, Promise<ReturnType<typeof parseTemplate>>>();

function template(kind: MailKind): Promise<ReturnType<typeof parseTemplate>> {
  let nodes = parsed.get(kind);
  if (!nodes) {
    // Bundled with the function on hosted Supabase by config.toml's [functions.send-mail] static_files.
    const file = new URL(`../../templates/transactional/${kind}.html`, import.meta.url);
    nodes = readFile(file, 'utf8').then((source) => parseTemplate(source, `transactional/${kind}.html`));
    nodes.catch(() => parsed.delete(kind));
    parsed.set(kind, nodes);
  }
  return nodes;
}

export function isMailKind(kind: string): kind is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(kind);
}

export async function renderMail(kind: MailKind, variables: Variables, env: Record<string, string | undefined>): Promise<RenderedMail> {
  const html = renderTemplate(await template(kind), templateData(kind, variables, env));
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? SITE_TITLE;
  return {subject: htmlToText(title), html, text: htmlToText(html)};
}
