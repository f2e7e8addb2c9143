// The functions run on Supabase's Edge Runtime, which is Deno, not Node; tsc and the other tests
// see them as Node does, and tsc skips their Deno.serve entry points. Here Deno itself (the `deno`
// devDependency) type-checks every function's entry point with its own import map, as `supabase
// functions deploy` bundles it, and runs send-mail's SMTP client (nodemailer, an npm: package)
// with a template read from disk against an SMTP listener. A Node-only API or an npm package that
// does not load on Deno fails here instead of in production. (Deno's CLI, not the Edge Runtime
// binary, which npm does not ship; both run the same code.)
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import type {OutgoingMail} from '../../local-supabase/mail/outbox';
import {startMailboxSmtp} from '../../local-supabase/functions/mailboxSmtp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FUNCTIONS = path.join(ROOT, 'supabase/functions');
const DENO = path.join(ROOT, 'node_modules/.bin/deno');

function deno(args: string[], env: Record<string, string> = {}): Promise<{code: number | null; output: string}> {
  return new Promise((resolve, reject) => {
    // The machine's environment (its CA certificates and npm registry settings reach npm: imports),
    // with the run's own settings on top.
    const child = spawn(DENO, args, {cwd: ROOT, env: {...process.env, NO_COLOR: '1', ...env}});
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({code, output}));
  });
}

/** Each function folder with an entry point, and the import map it deploys with (its own, else the shared one). */
function functionEntries(): {entry: string; config: string}[] {
  return fs
    .readdirSync(FUNCTIONS, {withFileTypes: true})
    .filter((dir) => dir.isDirectory() && fs.existsSync(path.join(FUNCTIONS, dir.name, 'index.ts')))
    .map((dir) => {
      const own = path.join(FUNCTIONS, dir.name, 'deno.json');
      return {entry: path.join(FUNCTIONS, dir.name, 'index.ts'), config: fs.existsSync(own) ? own : path.join(FUNCTIONS, 'deno.json')};
    });
}

describe('the functions on Deno', () => {
  it('every function’s entry point type-checks with the import map it deploys with', {timeout: 180_000}, async () => {
    const entries = functionEntries();
    expect(entries.map((e) => path.basename(path.dirname(e.entry)))).toContain('send-mail');
    // One run per distinct import map: the same map checks its functions in one go.
    const byMap = new Map<string, {config: string; entries: string[]}>();
    for (const {entry, config} of entries) {
      const map = fs.readFileSync(config, 'utf8');
      const group = byMap.get(map) ?? {config, entries: []};
      group.entries.push(entry);
      byMap.set(map, group);
    }
    for (const {config, entries: group} of byMap.values()) {
      const {code, output} = await deno(['check', '--quiet', '--no-lock', '--config', config, ...group]);
      expect(code, `${group.map((entry) => path.relative(ROOT, entry)).join(', ')}:\n${output}`).toBe(0);
    }
  });

  describe('send-mail’s SMTP client', () => {
    const received: OutgoingMail[] = [];
    const listener = startMailboxSmtp(async (mail) => {
      received.push(mail);
    });
    afterAll(async () => (await listener).close());

    it('renders a template from disk and delivers it by SMTP', {timeout: 180_000}, async () => {
      const {host, port} = await listener;
      const {code, output} = await deno(
        ['run', '--quiet', '--no-lock', '--allow-net', '--allow-env', '--allow-read', '--config', path.join(FUNCTIONS, 'send-mail/deno.json'), 'tests/deno/sendMail.ts'],
        {SMTP_HOST: host, SMTP_PORT: String(port), SITE_URL: 'https://academy.example', PROBE_TO: 'learner@example.com'},
      );
      expect(code, output).toBe(0);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toBe('learner@example.com');
      expect(received[0]?.subject).toMatch(/receipt/i);
      expect(received[0]?.text).toContain('$49.00 USD');
      expect(received[0]?.html).toContain('https://academy.example');
    });
  });
});
