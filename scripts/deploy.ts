// `npm run deploy [-- --dry-run]`: puts this commit on a hosted Supabase project — link, push the
// migrations and config.toml (SITE_URL from the environment, never localhost), set the function
// secrets, deploy every function in supabase/functions, then publish courses, Premium bodies and
// knowledge checks with the project's secret key. The variables and the steps are
// scripts/lib/deployPlan.ts; the Supabase CLI runs pinned through npx (why: see there and
// DEPLOYING.md). `--dry-run` prints each step with its secrets masked and runs nothing. Stops at the
// first step that fails; every step is safe to repeat, so fix the cause and run it again.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {DeployConfigError, buildDeployPlan, commandArgs, describePlan, secretsFileText, type DeployStep} from './lib/deployPlan';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage: npm run deploy [-- --dry-run]
  Needs SUPABASE_PROJECT_REF, SUPABASE_ACCESS_TOKEN, SUPABASE_DB_PASSWORD, SUPABASE_SECRET_KEY,
  SITE_URL and the PAYPAL_* variables; SMTP_HOST/SMTP_USER/SMTP_PASS/SMTP_ADMIN_EMAIL for custom SMTP.
  --dry-run   print the steps (secrets masked) and run nothing`;

function run(argv: string[], env: Record<string, string>): Promise<number | null> {
  const [command, ...args] = argv as [string, ...string[]];
  const child = spawn(command, args, {cwd: ROOT, stdio: 'inherit', env: {...process.env, ...env}});
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
}

async function runStep(step: DeployStep): Promise<number | null> {
  if (step.kind !== 'secrets') return run(commandArgs(step, ''), step.env);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-deploy-'));
  const file = path.join(dir, 'secrets.env');
  try {
    fs.writeFileSync(file, secretsFileText(step.secrets), {mode: 0o600});
    return await run(commandArgs(step, file), step.env);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

async function main(): Promise<number> {
  const {values} = parseArgs({options: {'dry-run': {type: 'boolean'}, help: {type: 'boolean', short: 'h'}}, strict: true, allowPositionals: false});
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const plan = buildDeployPlan(process.env, path.join(ROOT, 'supabase/functions'));
  if (values['dry-run']) {
    console.log(['dry run: nothing is changed', ...describePlan(plan)].join('\n'));
    return 0;
  }
  for (const warning of plan.warnings) console.warn(`warning: ${warning}`);
  for (const [i, step] of plan.steps.entries()) {
    console.log(`\n[${i + 1}/${plan.steps.length}] ${step.title}`);
    const code = await runStep(step);
    if (code !== 0) {
      console.error(`deploy stopped: step ${i + 1} (${step.title}) failed with exit code ${code}. Fix the cause and run npm run deploy again (every step is safe to repeat).`);
      return 1;
    }
  }
  console.log(`\ndeployed. Check it: npm run preflight -- ${plan.apiUrl}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DeployConfigError) console.error(error.message);
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n${USAGE}`);
    else console.error(`deploy failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
