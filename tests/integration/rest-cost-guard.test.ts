// PGlite cannot interrupt a running query, so local-supabase prices anon and authenticated reads
// first and refuses those over a budget (runner.ts). The refusal is its own limit, answered as a
// client error in PostgREST's shape: 413 54000, never a 500. A function's default estimate
// (ROWS 1000, what a plpgsql computed relationship gets) prices even a tiny nested read over it.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startWithFixtures, type FixtureBackend} from './restFixtures';

let f: FixtureBackend;

beforeAll(async () => {
  f = await startWithFixtures(`
    create table public.cg_people (id int primary key, name text not null, manager_id int references public.cg_people (id));
    insert into public.cg_people values (1, 'Ada', null), (2, 'Brian', 1), (3, 'Dev', 2);
    create function public.cg_reports(public.cg_people) returns setof public.cg_people language plpgsql stable
      as $$ begin return query select * from public.cg_people p where p.manager_id = $1.id; end $$;
    grant select on public.cg_people to anon;
    grant execute on function public.cg_reports(public.cg_people) to anon;`);
}, 120_000);

afterAll(async () => {
  await f?.stop();
});

const nested = '/cg_people?select=name,cg_reports(name,cg_reports(name))&order=id';

describe('the cost guard on a computed relationship with a nested embed', () => {
  it('the service role, which has no timeout, is served', async () => {
    const res = await f.rest(nested);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {name: 'Ada', cg_reports: [{name: 'Brian', cg_reports: [{name: 'Dev'}]}]},
      {name: 'Brian', cg_reports: [{name: 'Dev', cg_reports: []}]},
      {name: 'Dev', cg_reports: []},
    ]);
  });

  it('anon is served on PostgreSQL (statement_timeout protects it) and refused 413 54000 on PGlite, never a 500', async () => {
    const res = await f.rest(nested, {key: 'anon'});
    if (process.env.BACKEND_DB === 'postgres') {
      expect(res.status).toBe(200);
      return;
    }
    expect(res.status).toBe(413);
    const body = res.json as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body).toMatchObject({code: '54000', message: 'plan cost limit exceeded'});
    expect(body.details).toMatch(/^PGlite cannot interrupt a running query, so one estimated at cost [0-9]+ \(over 15000 for this role\) is not started$/);
  });
});
