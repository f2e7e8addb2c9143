// What `npm run deploy` does to a hosted project, as data: the environment is checked once (every
// missing or wrong variable reported together, before anything runs), then each step is either a
// Supabase CLI command or the course sync. `--dry-run` prints this plan; scripts/deploy.ts runs it.
//
// The CLI runs as `npx --yes supabase@<SUPABASE_CLI_VERSION>`, never from package.json: the
// `supabase` npm package's postinstall downloads the CLI binary from GitHub, so as a dependency it
// would break `npm install` on any machine that reaches only the npm registry (CI mirrors, this
// repository's sandboxes). npx fetches it only when a deploy runs. Pinned, so a CLI release that
// changes config.toml's meaning (3.0 removed [inbucket], for one) is adopted on purpose.
import fs from 'node:fs';
import path from 'node:path';
import {isLocalUrl} from './localUrl';
import {MAIL_SENDER} from '../../shared/site';

export const SUPABASE_CLI_VERSION = '3.1.0';
export const SUPABASE_CLI = ['npx', '--yes', `supabase@${SUPABASE_CLI_VERSION}`] as const;

/** The function secrets the functions read (supabase/functions/_shared/paypal.ts, create-subscription's SITE_URL). */
export const FUNCTION_SECRETS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_API_BASE', 'PAYPAL_PLAN_ID', 'SITE_URL'] as const;

/** Every variable a deploy needs, with where to find it (the refusal names both). */
export const REQUIRED: Record<string, string> = {
  SUPABASE_PROJECT_REF: 'the project reference: Project Settings → General, or the <ref> in https://<ref>.supabase.co',
  SUPABASE_ACCESS_TOKEN: 'a personal access token (sbp_…): Account → Access Tokens',
  SUPABASE_DB_PASSWORD: "the database password chosen when the project was created (Database → Settings to reset it)",
  SUPABASE_SECRET_KEY: 'a secret key (sb_secret_…): Project Settings → API Keys → Secret keys',
  SITE_URL: "the site's public origin, e.g. https://academy.example",
  PAYPAL_CLIENT_ID: 'the PayPal REST app (PayPal in DEPLOYING.md)',
  PAYPAL_CLIENT_SECRET: 'the PayPal REST app',
  PAYPAL_WEBHOOK_ID: 'the PayPal webhook that points at the paypal-webhook function',
  PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com or https://api-m.paypal.com',
  PAYPAL_PLAN_ID: 'the PayPal plan (P-…)',
};

/** Values printed as they are; every other variable a step hands on is printed masked. */
const PUBLIC_VARIABLES = new Set(['SUPABASE_ENV', 'SUPABASE_URL', 'SITE_URL', 'ADDITIONAL_REDIRECT_URL', 'SMTP_ENABLED', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_ADMIN_EMAIL', 'PAYPAL_API_BASE']);

export type DeployStep =
  | {kind: 'cli'; title: string; args: string[]; env: Record<string, string>}
  /** `supabase secrets set` from a file written just before (mode 600) and removed after, so no value is in a process list. */
  | {kind: 'secrets'; title: string; args: string[]; env: Record<string, string>; secrets: Record<string, string>}
  | {kind: 'sync'; title: string; env: Record<string, string>};

export interface DeployPlan {
  projectRef: string;
  apiUrl: string;
  siteUrl: string;
  steps: DeployStep[];
  /** Things that will not stop the deploy but that the operator should know. */
  warnings: string[];
}

export class DeployConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`npm run deploy cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The deployable functions: every folder of supabase/functions with an index.ts, except _shared (the CLI skips `_` folders). */
export function functionNames(functionsDir: string): string[] {
  return fs
    .readdirSync(functionsDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .filter((entry) => fs.existsSync(path.join(functionsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

function checkUrl(name: string, value: string | undefined, problems: string[]): URL | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} (${value}) is not an absolute URL`);
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push(`${name} (${value}) must be an http(s) URL`);
  else if (isLocalUrl(value)) {
    problems.push(`${name} is ${value}, a local address: a hosted project needs the public one (${REQUIRED[name] ?? 'set it'})`);
  } else return url;
  return undefined;
}

/** SMTP for [auth.email.smtp] (supabase/config.toml reads it all from the environment). */
function smtpEnv(env: NodeJS.ProcessEnv, problems: string[], warnings: string[]): Record<string, string> {
  if (!env.SMTP_HOST) {
    warnings.push(
      "no SMTP_HOST: the project keeps Supabase's built-in mailer, 2 auth e-mails per hour for the whole project " +
        '(sign-ups beyond that fail with 429); set SMTP_HOST, SMTP_USER, SMTP_PASS and SMTP_ADMIN_EMAIL before opening sign-ups',
    );
    return {SMTP_ENABLED: 'false', SMTP_PORT: env.SMTP_PORT || '587'};
  }
  for (const name of ['SMTP_USER', 'SMTP_PASS', 'SMTP_ADMIN_EMAIL']) {
    if (!env[name]) problems.push(`${name} is not set (SMTP_HOST is, and [auth.email.smtp] needs all of host, user, pass and admin_email)`);
  }
  return {
    SMTP_ENABLED: 'true',
    SMTP_HOST: env.SMTP_HOST,
    SMTP_PORT: env.SMTP_PORT || '587',
    SMTP_USER: env.SMTP_USER ?? '',
    SMTP_PASS: env.SMTP_PASS ?? '',
    SMTP_ADMIN_EMAIL: env.SMTP_ADMIN_EMAIL ?? '',
  };
}

/** Checks the environment and lays out the deploy; throws DeployConfigError listing every problem. */
export function buildDeployPlan(env: NodeJS.ProcessEnv, functionsDir: string): DeployPlan {
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const [name, where] of Object.entries(REQUIRED)) if (!env[name]) problems.push(`${name} is not set: ${where}`);
  const ref = env.SUPABASE_PROJECT_REF ?? '';
  if (ref && !/^[a-z0-9]+$/.test(ref)) problems.push(`SUPABASE_PROJECT_REF (${ref}) is not a project reference (lowercase letters and digits)`);
  const site = checkUrl('SITE_URL', env.SITE_URL, problems);
  checkUrl('PAYPAL_API_BASE', env.PAYPAL_API_BASE, problems);
  const apiUrl = env.SUPABASE_URL || `https://${ref}.supabase.co`;
  if (env.SUPABASE_URL) checkUrl('SUPABASE_URL', env.SUPABASE_URL, problems);
  if (env.SUPABASE_SECRET_KEY?.startsWith('sb_publishable_')) problems.push('SUPABASE_SECRET_KEY is a publishable key: the course sync needs a secret key (sb_secret_…)');
  const redirect = env.ADDITIONAL_REDIRECT_URL || (site ? `${site.origin}/**` : '');
  if (env.ADDITIONAL_REDIRECT_URL && isLocalUrl(env.ADDITIONAL_REDIRECT_URL)) {
    problems.push(`ADDITIONAL_REDIRECT_URL is ${env.ADDITIONAL_REDIRECT_URL}, a local address: leave it unset (${site?.origin ?? 'SITE_URL'}/** is used) or name the site's own URLs`);
  }
  const smtp = smtpEnv(env, problems, warnings);
  const functions = functionNames(functionsDir);
  if (functions.length === 0) problems.push(`no functions found in ${functionsDir}`);
  if (problems.length > 0) throw new DeployConfigError(problems);

  const siteUrl = site!.origin;
  const cliEnv = {SUPABASE_ACCESS_TOKEN: env.SUPABASE_ACCESS_TOKEN!, SUPABASE_DB_PASSWORD: env.SUPABASE_DB_PASSWORD!};
  // The CLI loads supabase/.env.<SUPABASE_ENV>; "production" keeps .env.development's localhost values out.
  const configEnv = {SUPABASE_ACCESS_TOKEN: cliEnv.SUPABASE_ACCESS_TOKEN, SUPABASE_ENV: 'production', SITE_URL: siteUrl, ADDITIONAL_REDIRECT_URL: redirect, ...smtp};
  const tokenOnly = {SUPABASE_ACCESS_TOKEN: cliEnv.SUPABASE_ACCESS_TOKEN};
  const secrets: Record<string, string> = {};
  for (const name of FUNCTION_SECRETS) secrets[name] = name === 'SITE_URL' ? siteUrl : env[name]!;
  // send-mail sends the transactional mail through the auth mails' SMTP server, as their sender.
  if (smtp.SMTP_ENABLED === 'true') {
    Object.assign(secrets, {
      SMTP_HOST: smtp.SMTP_HOST,
      SMTP_PORT: smtp.SMTP_PORT,
      SMTP_USER: smtp.SMTP_USER,
      SMTP_PASS: smtp.SMTP_PASS,
      SMTP_SENDER: `${MAIL_SENDER.name} <${smtp.SMTP_ADMIN_EMAIL}>`,
    });
  }
  const steps: DeployStep[] = [
    {kind: 'cli', title: 'link the project', args: ['link', '--project-ref', ref], env: cliEnv},
    {kind: 'cli', title: 'push the migrations', args: ['db', 'push', '--linked'], env: cliEnv},
    {kind: 'cli', title: `push config.toml (site URL ${siteUrl}, SMTP ${smtp.SMTP_ENABLED === 'true' ? 'on' : 'off'})`, args: ['config', 'push', '--project-ref', ref], env: configEnv},
    // Before the functions, so a new function never answers without its PayPal settings.
    {kind: 'secrets', title: `set the function secrets (${Object.keys(secrets).join(', ')})`, args: ['secrets', 'set', '--project-ref', ref], env: tokenOnly, secrets},
    ...functions.map(
      (name): DeployStep => ({kind: 'cli', title: `deploy the function ${name}`, args: ['functions', 'deploy', name, '--project-ref', ref, '--use-api'], env: tokenOnly}),
    ),
    {kind: 'sync', title: 'publish courses, Premium bodies and knowledge checks (npm run sync:courses)', env: {SUPABASE_URL: apiUrl, SUPABASE_SECRET_KEY: env.SUPABASE_SECRET_KEY!}},
  ];
  return {projectRef: ref, apiUrl, siteUrl, steps, warnings};
}

function shown(name: string, value: string): string {
  return `${name}=${PUBLIC_VARIABLES.has(name) ? value : '****'}`;
}

/** The command line a step runs, as printed (the secrets file's path stands for the file). */
export function commandLine(step: DeployStep, secretsFile = '<temporary file, mode 600>'): string {
  return commandArgs(step, secretsFile).join(' ');
}

/** The argv of a step (for `sync`, the script the runner starts itself). */
export function commandArgs(step: DeployStep, secretsFile: string): string[] {
  if (step.kind === 'sync') return ['npm', 'run', 'sync:courses'];
  const args = step.kind === 'secrets' ? [...step.args, '--env-file', secretsFile] : step.args;
  // --yes answers the CLI's confirmation prompts (db push, config push) so a deploy runs unattended.
  return [...SUPABASE_CLI, ...args, '--yes'];
}

/** The plan as `--dry-run` prints it: every value that is not public is masked. */
export function describePlan(plan: DeployPlan): string[] {
  const lines = [`deploy to project ${plan.projectRef} (${plan.apiUrl}), site ${plan.siteUrl}`];
  for (const warning of plan.warnings) lines.push(`warning: ${warning}`);
  plan.steps.forEach((step, i) => {
    lines.push(`${i + 1}. ${step.title}`, `   $ ${commandLine(step)}`);
    lines.push(`     with ${Object.entries(step.env).map(([name, value]) => shown(name, value)).join(' ')}`);
    if (step.kind === 'secrets') lines.push(`     secrets ${Object.entries(step.secrets).map(([name, value]) => shown(name, value)).join(' ')}`);
  });
  return lines;
}

/** A dotenv file `supabase secrets set --env-file` reads (double-quoted values, godotenv escapes). */
export function secretsFileText(secrets: Record<string, string>): string {
  return Object.entries(secrets)
    .map(([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join('\n')
    .concat('\n');
}
