// PostgREST-subset throughput: req/s and p50/p99 at 50 concurrent keep-alive connections against a
// real local-supabase process on PGlite and on the PostgreSQL server (BENCH_DB=pglite|postgres for
// one), beside the same read run directly on an in-process PGlite. Prints figures only;
// `npm run bench -- --only rest`, or `npx tsx tests/bench/rest-bench.ts`.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import pg from 'pg';
import {POSTGRES_ADMIN_URL, startBackend, ROOT, type Backend} from '../integration/harness';
import {openPGlite} from '../../local-supabase/db/pglite';
import {migrate} from '../../local-supabase/db/migrate';
import {Runner, resultSelect, type Statement} from '../../local-supabase/rest/runner';
import {MAX_SELECT_EMBEDS} from '../../local-supabase/rest/parseSelect';
import {MAX_EMBED_DEPTH} from '../../local-supabase/rest/readPlan';
import {CONCURRENCY, DURATION_MS, load, loop, print, type Figures, type LoadRequest} from './httpLoad';

export async function signIn(backend: Backend): Promise<{userId: string; token: string}> {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'correct-horse-battery';
  const admin = await fetch(`${backend.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json'},
    body: JSON.stringify({email, password, email_confirm: true, user_metadata: {full_name: 'Bench Learner'}}),
  });
  if (!admin.ok) throw new Error(`admin createUser failed: ${admin.status} ${await admin.text()}`);
  const user = (await admin.json()) as {id: string};
  const token = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {apikey: backend.publishableKey, 'content-type': 'application/json'},
    body: JSON.stringify({email, password}),
  });
  if (!token.ok) throw new Error(`sign-in failed: ${token.status} ${await token.text()}`);
  return {userId: user.id, token: ((await token.json()) as {access_token: string}).access_token};
}

/** The GETSingle statement through local-supabase's runner on PGlite, without HTTP: the floor the HTTP stack adds to. */
async function directPGlite(userId: string): Promise<Figures> {
  const db = await openPGlite(undefined);
  try {
    await migrate(db, path.join(ROOT, 'supabase'));
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'bench@example.com', '{}', '{}', now(), now())`,
      [userId],
    );
    const runner = new Runner(db);
    const setup = ['authenticated', JSON.stringify({sub: userId, role: 'authenticated'}), 'GET', '/profiles', '{}', 'on', null];
    const statement: Statement = {
      sql: `${resultSelect("coalesce(json_agg(_r), '[]')::text", 'count(_r)')} from (select * from public.profiles where id = ($1::text[])[1]::uuid limit 1000) _r`,
      bind: [[userId]],
    };
    const run = () => runner.run(setup, statement);
    for (let i = 0; i < 200; i += 1) await run();
    // Same 50-way concurrency: the database thread takes them in turn, as in the server.
    return await loop(async () => {
      await run();
      return true;
    });
  } finally {
    await db.close();
  }
}

// The worst reads the grammar still allows an anonymous caller: as many sibling embeds as the
// parser takes (MAX_SELECT_EMBEDS), and embeds chained as deep as the planner takes (MAX_EMBED_DEPTH).
const WIDE_EMBEDS = `*,${Array.from({length: MAX_SELECT_EMBEDS}, (_, i) => `l${i}:lessons(*)`).join(',')}`;
const DEEP_EMBEDS = '*,lessons(*,courses(*,lessons(*,courses(*))))';
const ATTACKERS = 5;

/**
 * `ATTACKERS` loops sending `url` back to back until `stop` resolves; the answers by status. Run
 * beside load() it shows what a stream of the costliest requests does to everyone else's latency.
 */
async function attackStream(url: URL, headers: Record<string, string>, stop: Promise<void>): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  await Promise.all(
    Array.from({length: ATTACKERS}, async () => {
      while (!stopped) {
        const res = await fetch(url, {headers});
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

/** Bystanders' figures for `bystander` while a stream of `attack` requests runs. */
async function underAttack(label: string, bystander: LoadRequest, attack: URL, pid: number | undefined): Promise<void> {
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const attackHeaders = {apikey: bystander.headers.apikey ?? '', authorization: `Bearer ${bystander.headers.apikey ?? ''}`};
  const answers = attackStream(attack, attackHeaders, stopped);
  const figures = await load(bystander, pid);
  stop();
  const summary = [...(await answers)].map(([status, n]) => `${n}× ${status}`).join(', ');
  print(label, figures);
  console.log(`  attack requests answered: ${summary}`);
}

async function benchOn(db: 'pglite' | 'postgres'): Promise<void> {
  console.log(`\nREST (PostgREST subset, ${db}): ${CONCURRENCY} concurrent keep-alive connections, ${DURATION_MS / 1000} s each`);
  const backend = await startBackend({db, persistent: false});
  try {
    const {userId, token} = await signIn(backend);
    const pid = backend.process.pid;
    const headers = {apikey: backend.publishableKey, authorization: `Bearer ${token}`, accept: 'application/vnd.pgrst.object+json'};
    const single = new URL(`${backend.url}/rest/v1/profiles?select=*&id=eq.${userId}`);
    print('GET one profiles row (RLS, user JWT)', await load({url: single, method: 'GET', headers}, pid));

    const courses = new URL(`${backend.url}/rest/v1/courses?select=id,slug,title,lessons(id,slug,title)&order=order_index&lessons.order=order_index`);
    const anonCourses: LoadRequest = {url: courses, method: 'GET', headers: {apikey: backend.publishableKey, authorization: `Bearer ${backend.publishableKey}`}};
    print('GET courses with lessons embedded (anon)', await load(anonCourses, pid));
    const attackUrl = (select: string) => new URL(`${backend.url}/rest/v1/courses?select=${encodeURIComponent(select)}`);
    await underAttack(`  same, beside ${ATTACKERS} streams of ${MAX_SELECT_EMBEDS}-wide embeds`, anonCourses, attackUrl(WIDE_EMBEDS), pid);
    await underAttack(`  same, beside ${ATTACKERS} streams of ${MAX_EMBED_DEPTH}-deep embeds`, anonCourses, attackUrl(DEEP_EMBEDS), pid);

    const rpc = new URL(`${backend.url}/rest/v1/rpc/track_lesson_progress`);
    const rpcBody = JSON.stringify({p_course_slug: 'research-overview', p_lesson_slug: 'research-design', p_seconds: 1});
    print('POST rpc/track_lesson_progress (progress upsert)', await load({url: rpc, method: 'POST', headers: {...headers, accept: 'application/json', 'content-type': 'application/json'}, body: rpcBody}, pid));

    // Again, after the server has run for a while (JIT, caches, GC settled).
    print('GET one profiles row (RLS, user JWT), again', await load({url: single, method: 'GET', headers}, pid));

    if (db === 'pglite') print('reference: same GETSingle, runner only (no HTTP)', await directPGlite(userId));
  } finally {
    await backend.stop();
  }
}

export async function restBench(): Promise<void> {
  const only = process.env.BENCH_DB;
  if (only !== 'postgres') await benchOn('pglite');
  if (only === 'pglite') return;
  if (await postgresReachable()) await benchOn('postgres');
  else console.log(`\nREST on PostgreSQL skipped: no server at ${POSTGRES_ADMIN_URL}`);
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({connectionString: POSTGRES_ADMIN_URL});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  restBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
