// One request must not hold the server: embeds are capped in depth, PGlite refuses statements
// the planner prices above the budget (it cannot interrupt a running query), and on PostgreSQL
// each role's statement_timeout (anon 3 s, as on hosted Supabase) cancels a long query with
// PostgREST's 57014 while other requests go on.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import pg from 'pg';
import {anonClient, backend, serviceClient, uniqueEmail} from './clients';
import {startBackend, type Backend} from './harness';
import {startWithFixtures} from './restFixtures';

async function anonGet(pathAndQuery: string, target: {url: string; anonKey: string} = backend()) {
  const res = await fetch(`${target.url}/rest/v1${pathAndQuery}`, {headers: {apikey: target.anonKey}});
  return {status: res.status, body: (await res.json()) as Record<string, unknown>};
}

/** A courses↔lessons chain `depth` embeds deep, each `!inner`. */
function chain(depth: number): string {
  let select = '*';
  for (let level = depth; level >= 1; level -= 1) select = `*,${level % 2 ? 'lessons' : 'courses'}!inner(${select})`;
  return select;
}

async function signInWorks(target: Parameters<typeof anonClient>[0] = backend()): Promise<boolean> {
  const email = uniqueEmail('bystander');
  const password = 'correct-horse-battery';
  const created = await serviceClient(target).auth.admin.createUser({email, password, email_confirm: true});
  if (created.error) throw created.error;
  return (await anonClient(target).auth.signInWithPassword({email, password})).error === null;
}

describe('request cost', () => {
  it('refuses embeds nested deeper than 4 levels with a 400, and serves a concurrent sign-in', async () => {
    const [deep, signIn] = await Promise.all([anonGet(`/courses?select=${encodeURIComponent(chain(8))}`), signInWorks()]);
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({code: 'PGRST100', message: 'Embedding is limited to 4 levels'});
    expect(signIn).toBe(true);
    expect((await anonGet(`/courses?select=${encodeURIComponent(chain(4))}&limit=1`)).status).toBe(200);
  });

  it.runIf(process.env.BACKEND_DB !== 'postgres')(
    'on PGlite, refuses a read priced above the budget with 413 54000 before running it',
    {timeout: 120_000},
    async () => {
      // PGlite analyzes its tables when the schema loads, so the price is the real size: a sort of
      // 300,000 rows is over the budget, while the catalog's widest embeds are not.
      const f = await startWithFixtures(`
        create table public.lim_big (id int primary key, v text not null);
        insert into public.lim_big select n, md5(n::text) from generate_series(1, 300000) n;
        grant select on public.lim_big to anon;`);
      try {
        const [res, signIn] = await Promise.all([f.rest('/lim_big?select=*&order=v.desc', {key: 'anon'}), signInWorks(f.backend)]);
        expect(res.status).toBe(413);
        expect(res.json).toMatchObject({code: '54000', message: 'plan cost limit exceeded'});
        expect(signIn).toBe(true);
        expect((await f.rest('/lim_big?select=*&id=eq.7', {key: 'anon'})).status).toBe(200);
        expect((await f.rest('/courses?select=*,lessons(*)', {key: 'anon'})).status).toBe(200);
      } finally {
        await f.stop();
      }
    },
  );
});

describe.runIf(process.env.BACKEND_DB === 'postgres')('statement_timeout on PostgreSQL', () => {
  let target: Backend;
  beforeAll(async () => {
    target = await startBackend({db: 'postgres'});
    // A function slower than anon's 3 s. The backend has already loaded its schema cache (start-up
    // publishes the knowledge checks), so the function becomes visible at the next reload a miss
    // may trigger, at most every 5 s.
    const client = new pg.Client({connectionString: target.databaseUrl});
    await client.connect();
    await client.query(`create function public.slow_for_test() returns integer language sql as 'select 1 from pg_sleep(6)'`);
    await client.query('grant execute on function public.slow_for_test() to anon, service_role');
    await client.end();
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('cancels an anon request after the role\u2019s timeout with 57014 while a sign-in goes through', {timeout: 60_000}, async () => {
    await expect.poll(async () => (await anonGet('/rpc/slow_for_test', target)).status, {timeout: 30_000, interval: 1_000}).not.toBe(404);
    const [slow, signIn] = await Promise.all([anonGet('/rpc/slow_for_test', target), signInWorks(target)]);
    expect(slow.status).toBe(500);
    expect(slow.body).toMatchObject({code: '57014', message: 'canceling statement due to statement timeout'});
    expect(signIn).toBe(true);
  });

  it('answers many requests for unknown tables with PGRST205 while known tables keep answering', async () => {
    const results = await Promise.all([
      ...Array.from({length: 20}, (_, i) => anonGet(`/no_such_table_${i}`, target)),
      anonGet('/courses?select=slug&limit=1', target),
    ]);
    for (const miss of results.slice(0, 20)) {
      expect(miss.status).toBe(404);
      expect(miss.body).toMatchObject({code: 'PGRST205'});
    }
    expect(results[20]?.status).toBe(200);
  });
});
