// The auth service writes as supabase_auth_admin, as hosted GoTrue does. Seen from the database
// itself, so only where the test can reach it (PostgreSQL): a trigger on auth.users records the
// role that ran each write of a probe address.
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {anonClient, backend, followLink, latestMail, uniqueEmail} from './clients';

const databaseUrl = backend().databaseUrl;

describe.skipIf(!databaseUrl)('auth writes on PostgreSQL', () => {
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({connectionString: databaseUrl as string});
    await db.connect();
    await db.query(`
      create table if not exists public.auth_role_probe (email text, role name, op text);
      grant insert on public.auth_role_probe to public;
      create or replace function public.auth_role_probe_record() returns trigger language plpgsql as $$
      begin
        if new.email like 'role-probe%' then
          insert into public.auth_role_probe values (new.email, current_user, tg_op);
        end if;
        return new;
      end $$;
      create trigger auth_role_probe after insert or update on auth.users
        for each row execute function public.auth_role_probe_record();`);
  });

  afterAll(async () => {
    await db.query(`drop trigger if exists auth_role_probe on auth.users;
      drop function if exists public.auth_role_probe_record();
      drop table if exists public.auth_role_probe;`);
    await db.end();
  });

  it('runs sign-up and confirmation as supabase_auth_admin, never as the superuser', async () => {
    const email = uniqueEmail('role-probe');
    expect((await anonClient().auth.signUp({email, password: 'secret12'})).error).toBeNull();
    await followLink((await latestMail(email)).link);
    const {rows} = await db.query<{role: string; op: string}>(`select role, op from public.auth_role_probe where email = $1`, [email]);
    expect(rows.map((r) => r.op)).toContain('INSERT');
    expect(rows.map((r) => r.op)).toContain('UPDATE');
    expect(new Set(rows.map((r) => r.role))).toEqual(new Set(['supabase_auth_admin']));
    const {rows: owners} = await db.query<{owner: string}>(
      `select distinct tableowner as owner from pg_tables where schemaname = 'auth' and tablename in ('users', 'sessions', 'refresh_tokens')`,
    );
    expect(owners).toEqual([{owner: 'supabase_auth_admin'}]);
  });
});
