// The checks of `npm run preflight`: what a visitor's browser meets at a project (hosted or
// local-supabase), asked through its public API with the publishable key, plus the two facts only
// the Management API shows (SMTP, site URL), asked with an access token when one is given. Each
// check ends pass, fail (with one line per thing to fix) or skip (with what it needs). Nothing
// here writes: the knowledge checks are read with get_knowledge_check, not started.
import path from 'node:path';
import {readCatalog} from '../../src/catalog/readCatalog';
import {functionNames} from './deployPlan';
import {isLocalUrl} from './localUrl';

export interface Expected {
  /** Active course slugs docs/ declares. */
  courses: string[];
  /** `<course>/<lesson>` of free lessons with a knowledge check. */
  freeChecks: string[];
  /** `<course>/<lesson>` of Premium lessons. */
  premiumLessons: string[];
  /** Folders of supabase/functions that deploy as functions. */
  functions: string[];
}

export interface ManagementAccess {
  /** https://api.supabase.com, or local-supabase's own URL (it serves a subset). */
  base: string;
  ref: string;
  token: string;
}

export interface PreflightTarget {
  url: string;
  publishableKey: string;
  management?: ManagementAccess;
}

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
  /** One line per thing to change (failures only). */
  fixes: string[];
}

/** What the repository says a deployed project must serve. */
export function expectedFromRepository(root: string): Expected {
  const catalog = readCatalog(path.join(root, 'docs'));
  const lessons = catalog.courses.flatMap((course) => course.lessons.map((lesson) => ({key: `${course.slug}/${lesson.slug}`, lesson})));
  return {
    courses: catalog.courses.map((c) => c.slug),
    freeChecks: lessons.filter(({lesson}) => lesson.hasKnowledgeCheck && !lesson.isPremium).map(({key}) => key),
    premiumLessons: lessons.filter(({lesson}) => lesson.isPremium).map(({key}) => key),
    functions: functionNames(path.join(root, 'supabase/functions')),
  };
}

const SYNC_FIX = 'publish from this commit: npm run sync:courses with SUPABASE_URL and SUPABASE_SECRET_KEY (npm run deploy runs it)';
const NEEDS_TOKEN = 'skipped (needs SUPABASE_ACCESS_TOKEN: only the Management API shows it)';

const pass = (name: string, detail: string): CheckResult => ({name, status: 'pass', detail, fixes: []});
const fail = (name: string, detail: string, fixes: string[]): CheckResult => ({name, status: 'fail', detail, fixes});
const skip = (name: string, detail: string): CheckResult => ({name, status: 'skip', detail, fixes: []});

interface Answer {
  status: number;
  body: unknown;
}

type Fetch = typeof fetch;

class Api {
  constructor(
    private readonly target: PreflightTarget,
    private readonly fetcher: Fetch,
  ) {}

  private async call(url: string, init: RequestInit): Promise<Answer> {
    const response = await this.fetcher(url, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a function's "ok", a gateway's HTML): kept as text.
    }
    return {status: response.status, body};
  }

  /** A request as supabase-js sends it with the publishable key and no session. */
  public(pathname: string, init: RequestInit = {}): Promise<Answer> {
    const headers = new Headers(init.headers);
    headers.set('apikey', this.target.publishableKey);
    return this.call(`${this.target.url}${pathname}`, {...init, headers});
  }

  rpc(name: string, args: Record<string, unknown>): Promise<Answer> {
    return this.public(`/rest/v1/rpc/${name}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(args)});
  }

  management(access: ManagementAccess): Promise<Answer> {
    return this.call(`${access.base.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(access.ref)}/config/auth`, {headers: {authorization: `Bearer ${access.token}`}});
  }
}

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const message = (answer: Answer) => (typeof answer.body === 'string' ? answer.body.slice(0, 120) : String(record(answer.body).message ?? record(answer.body).msg ?? JSON.stringify(answer.body)));
const split = (key: string) => {
  const [course, lesson] = key.split('/') as [string, string];
  return {p_course_slug: course, p_lesson_slug: lesson};
};
const listed = (items: string[]) => (items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', '));

function keyCheck(key: string, settings: Answer): CheckResult {
  const name = 'publishable key accepted';
  if (key.startsWith('sb_secret_')) {
    return fail(name, 'the key given is a secret key', ['pass the publishable key (sb_publishable_…, Project Settings → API Keys): a secret key must never reach a browser']);
  }
  if (settings.status === 200) return pass(name, key.startsWith('sb_publishable_') ? 'sb_publishable_ key' : 'legacy anon key (switch the build to SUPABASE_PUBLISHABLE_KEY)');
  return fail(name, `GET /auth/v1/settings answered ${settings.status}: ${message(settings)}`, [
    'use this project\'s publishable key (Project Settings → API Keys); a legacy anon key stops working once legacy API keys are disabled',
  ]);
}

async function jwksCheck(api: Api): Promise<CheckResult> {
  const name = 'JWKS served with an asymmetric key';
  const answer = await api.public('/auth/v1/.well-known/jwks.json');
  const keys = Array.isArray(record(answer.body).keys) ? (record(answer.body).keys as unknown[]).map(record) : [];
  const asymmetric = keys.filter((k) => (k.kty === 'EC' || k.kty === 'RSA' || k.kty === 'OKP') && k.d === undefined);
  if (answer.status === 200 && asymmetric.length > 0) return pass(name, asymmetric.map((k) => `${String(k.alg ?? k.kty)} ${String(k.kid ?? '')}`.trim()).join(', '));
  return fail(name, answer.status === 200 ? 'the JWKS lists no asymmetric key' : `GET /auth/v1/.well-known/jwks.json answered ${answer.status}`, [
    'Project Settings → JWT Keys: migrate the legacy JWT secret and rotate to the ES256 standby key, so user tokens are verifiable with the JWKS (the functions rely on it)',
  ]);
}

function authSettingsCheck(settings: Answer): CheckResult {
  const name = 'auth settings: sign-up on, e-mail confirmations on';
  if (settings.status !== 200) return skip(name, 'skipped (the settings were not readable with this key)');
  const s = record(settings.body);
  const fixes: string[] = [];
  if (s.disable_signup !== false) fixes.push('sign-up is off: set [auth] enable_signup = true in supabase/config.toml and run npm run deploy');
  if (record(s.external).email !== true) fixes.push('the e-mail provider is off: set [auth.email] enable_signup = true in supabase/config.toml and run npm run deploy');
  if (s.mailer_autoconfirm !== false) fixes.push('e-mail confirmations are off: set [auth.email] enable_confirmations = true in supabase/config.toml and run npm run deploy');
  return fixes.length === 0 ? pass(name, 'sign-up open, confirmations required') : fail(name, 'GET /auth/v1/settings', fixes);
}

/** SMTP present when confirmations are on, and a site URL (and redirect list) that is not localhost. */
async function managementChecks(api: Api, access: ManagementAccess | undefined, settings: Answer): Promise<CheckResult[]> {
  const smtpName = 'SMTP configured (confirmations need it)';
  const siteName = 'site URL not localhost';
  if (!access) return [skip(smtpName, NEEDS_TOKEN), skip(siteName, NEEDS_TOKEN)];
  const answer = await api.management(access);
  if (answer.status !== 200) {
    const why = `GET /v1/projects/${access.ref}/config/auth answered ${answer.status}: ${message(answer)}`;
    const fix = ['give a personal access token (Account → Access Tokens) with access to this project as SUPABASE_ACCESS_TOKEN, and its ref as SUPABASE_PROJECT_REF'];
    return [fail(smtpName, why, fix), fail(siteName, why, fix)];
  }
  const config = record(answer.body);
  const results: CheckResult[] = [];
  const confirmations = record(settings.body).mailer_autoconfirm === false || config.mailer_autoconfirm === false;
  const host = typeof config.smtp_host === 'string' ? config.smtp_host : '';
  if (host) results.push(pass(smtpName, `${host}, ${String(config.rate_limit_email_sent)} e-mails per hour`));
  else if (confirmations) {
    results.push(
      fail(smtpName, `confirmations are on and no custom SMTP is set: the built-in mailer sends ${String(config.rate_limit_email_sent ?? 2)} e-mails per hour for the whole project`, [
        'set SMTP_HOST, SMTP_USER, SMTP_PASS and SMTP_ADMIN_EMAIL and run npm run deploy (config push), or Authentication → Emails → SMTP Settings',
      ]),
    );
  } else results.push(pass(smtpName, 'no custom SMTP, but confirmations are off'));
  const siteUrl = typeof config.site_url === 'string' ? config.site_url : '';
  const localRedirects = String(config.uri_allow_list ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u && isLocalUrl(u));
  const fixes: string[] = [];
  if (!siteUrl || isLocalUrl(siteUrl)) {
    fixes.push(`site_url is ${siteUrl || 'empty'}: run npm run deploy with SITE_URL=https://<your site> (or Authentication → URL Configuration → Site URL)`);
  }
  if (localRedirects.length > 0) {
    fixes.push(`the redirect allow list names ${localRedirects.join(', ')}: run npm run deploy (it pushes <SITE_URL>/**) or remove them under Authentication → URL Configuration`);
  }
  results.push(fixes.length === 0 ? pass(siteName, siteUrl) : fail(siteName, `site_url ${siteUrl || '(none)'}`, fixes));
  return results;
}

async function functionsCheck(api: Api, names: string[]): Promise<CheckResult> {
  const name = `every function answers (${names.length})`;
  const fixes: string[] = [];
  for (const fn of names) {
    // A deployed function answers its own CORS preflight; the platform answers 404 for one that is not deployed.
    const answer = await api.public(`/functions/v1/${fn}`, {method: 'OPTIONS', headers: {origin: 'https://preflight.invalid', 'access-control-request-method': 'POST'}});
    if (answer.status === 404) fixes.push(`${fn} is not deployed: npm run deploy (or npx supabase functions deploy ${fn} --use-api)`);
    else if (answer.status >= 400) fixes.push(`${fn} answered OPTIONS with ${answer.status} (${message(answer)}): see its logs under Edge Functions → ${fn}`);
  }
  if (names.includes('health') && !fixes.some((f) => f.startsWith('health '))) {
    const health = await api.public('/functions/v1/health');
    if (health.status !== 200 || record(health.body).status !== 'ok') fixes.push(`health answered ${health.status} (${message(health)}): see its logs under Edge Functions → health`);
  }
  return fixes.length === 0 ? pass(name, names.join(', ')) : fail(name, `${fixes.length} of ${names.length} not answering`, fixes);
}

async function coursesCheck(api: Api, expected: string[]): Promise<CheckResult> {
  const name = 'courses published';
  const answer = await api.public('/rest/v1/courses?select=slug&is_active=eq.true');
  if (answer.status !== 200 || !Array.isArray(answer.body)) {
    return fail(name, `GET /rest/v1/courses answered ${answer.status}: ${message(answer)}`, ['push the migrations (npm run deploy), then publish the courses: ' + SYNC_FIX]);
  }
  const present = new Set(answer.body.map((row) => String(record(row).slug)));
  const missing = expected.filter((slug) => !present.has(slug));
  return missing.length === 0 ? pass(name, `${expected.length} active courses`) : fail(name, `missing: ${listed(missing)}`, [SYNC_FIX]);
}

async function knowledgeChecksCheck(api: Api, freeChecks: string[]): Promise<CheckResult> {
  const name = 'knowledge checks published (read anonymously)';
  if (freeChecks.length === 0) return skip(name, 'skipped (docs/ has no knowledge check on a free lesson)');
  const missing: string[] = [];
  let refusal: Answer | undefined;
  for (const key of freeChecks) {
    const answer = await api.rpc('get_knowledge_check', split(key));
    if (answer.status === 200 && typeof record(answer.body).pass_mark === 'number') continue;
    missing.push(key);
    if (answer.status !== 400 || record(answer.body).code !== 'P0001') refusal ??= answer;
  }
  if (missing.length === 0) return pass(name, `${freeChecks.length} checks on free lessons`);
  const fixes = [SYNC_FIX];
  if (refusal) fixes.push(`get_knowledge_check answered ${refusal.status} (${message(refusal)}): push the migrations (npm run deploy) so anon may call it`);
  return fail(name, `not readable: ${listed(missing)}`, fixes);
}

async function premiumBodiesCheck(api: Api, premiumLessons: string[]): Promise<CheckResult> {
  const name = 'Premium bodies not readable anonymously';
  const fixes: string[] = [];
  const table = await api.public('/rest/v1/lesson_bodies?select=lesson_id&limit=1');
  // The migration grants anon nothing on the table, so any 200 (even an empty list, RLS hiding
  // the rows for now) means a grant that is only a policy away from handing out every body.
  if (table.status === 200) {
    fixes.push('anon may select from public.lesson_bodies: in a new migration revoke all on public.lesson_bodies from anon, authenticated (and drop any policy that admits them), then npm run deploy');
  }
  const lesson = premiumLessons[0];
  if (lesson) {
    const answer = await api.rpc('get_premium_lesson', split(lesson));
    const body = record(answer.body);
    if (answer.status === 200 && (body.status === 'unlocked' || body.body !== undefined)) {
      fixes.push(`get_premium_lesson gives an anonymous caller ${lesson}'s body: restore its is_premium()/is_admin() gate in a new migration, then npm run deploy`);
    }
  }
  return fixes.length === 0 ? pass(name, `table refused (${table.status}), get_premium_lesson locked for a visitor`) : fail(name, 'a visitor can read a Premium body', fixes);
}

/** Runs every check in order; a network failure of one check is that check's failure. */
export async function runPreflight(target: PreflightTarget, expected: Expected, fetcher: Fetch = fetch): Promise<CheckResult[]> {
  const api = new Api(target, fetcher);
  const guarded = async (name: string, check: () => Promise<CheckResult | CheckResult[]>): Promise<CheckResult[]> => {
    try {
      return [await check()].flat();
    } catch (error) {
      return [fail(name, `request failed: ${error instanceof Error ? error.message : String(error)}`, [`check that ${target.url} is the project's URL and reachable from here`])];
    }
  };
  let settings: Answer = {status: 0, body: null};
  const results = await guarded('publishable key accepted', async () => {
    settings = await api.public('/auth/v1/settings');
    return keyCheck(target.publishableKey, settings);
  });
  results.push(...(await guarded('JWKS served with an asymmetric key', () => jwksCheck(api))));
  results.push(authSettingsCheck(settings));
  results.push(...(await guarded('Management API auth config', () => managementChecks(api, target.management, settings))));
  results.push(...(await guarded('every function answers', () => functionsCheck(api, expected.functions))));
  results.push(...(await guarded('courses published', () => coursesCheck(api, expected.courses))));
  results.push(...(await guarded('knowledge checks published (read anonymously)', () => knowledgeChecksCheck(api, expected.freeChecks))));
  results.push(...(await guarded('Premium bodies not readable anonymously', () => premiumBodiesCheck(api, expected.premiumLessons))));
  return results;
}

/** The report as printed: one line per check, then a `fix:` line per thing to change. */
export function describeResults(url: string, results: CheckResult[]): string[] {
  const label: Record<CheckStatus, string> = {pass: 'ok  ', fail: 'FAIL', skip: 'skip'};
  const lines = [`preflight ${url}`];
  for (const r of results) {
    lines.push(`  ${label[r.status]}  ${r.name}: ${r.detail}`);
    for (const fix of r.fixes) lines.push(`        fix: ${fix}`);
  }
  const count = (status: CheckStatus) => results.filter((r) => r.status === status).length;
  lines.push(`${results.length} checks: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`);
  return lines;
}
