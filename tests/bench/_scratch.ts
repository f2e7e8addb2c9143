import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import {parseConfig} from '../../local-supabase/config';
import {startLocalSupabase} from '../../local-supabase/server';

async function main() {
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-'));
const config = parseConfig(['--port', '0', '--mailbox-port', '0', '--data-dir', dir, '--memory', '--quiet-mail'], process.env, path.resolve('.'));
const running = await startLocalSupabase(config);
const {platform, status} = running;
const db = platform.db;
const uid = '11111111-1111-1111-1111-111111111111';
await db.query(`insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at) values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'a@x.com', '{}', '{"full_name":"Alice"}', now(), now())`, [uid]);
const token = await platform.keys.sign({sub: uid, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600});
const base = `${status.api_url}/rest/v1`;
async function call(method: string, p: string, opts: {body?: string; headers?: Record<string, string>; auth?: string | null} = {}) {
  const headers: Record<string, string> = {apikey: status.anon_key, ...(opts.headers ?? {})};
  if (opts.auth !== null) headers.authorization = `Bearer ${opts.auth ?? token}`;
  if (opts.body) headers['content-type'] = 'application/json';
  const res = await fetch(base + p, {method, headers, body: opts.body});
  const text = await res.text();
  console.log(method, p, res.status, res.headers.get('content-range') ?? '', text.slice(0, 400));
}
for (const line of process.argv.slice(2)) {
  const [method, p, body, hdr] = line.split('|');
  await call(method as string, p as string, {body: body && body !== '-' ? body : undefined, headers: hdr ? JSON.parse(hdr) : undefined});
}
await running.stop();
}
void main();
