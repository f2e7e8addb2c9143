// @vitest-environment node
// The auth service's statements run as supabase_auth_admin whichever way they travel (one pipeline
// for text parameters, a transaction for others), and the role never outlives the statement.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Database} from '../db/database';
import {openPGlite} from '../db/pglite';
import {AUTH_ROLE, authAdminDb} from './authAdminDb';

let db: Database;
let auth: Database;

beforeAll(async () => {
  db = await openPGlite(undefined);
  await db.exec(`create role ${AUTH_ROLE}; create schema auth_probe; create table auth_probe.rows (id text primary key, n int);
    grant usage on schema auth_probe to ${AUTH_ROLE}; grant select, insert on auth_probe.rows to ${AUTH_ROLE};`);
  auth = authAdminDb(db);
}, 60_000);

afterAll(async () => {
  await db.close();
});

const whoAmI = async (database: Database, params: unknown[]) =>
  (await database.query<{role: string}>(`select current_user::text as role, $1::text as echoed`, params)).rows[0]?.role;

describe('authAdminDb', () => {
  it('runs a statement with text parameters as supabase_auth_admin', async () => {
    expect(await whoAmI(auth, ['an id'])).toBe(AUTH_ROLE);
  });

  it('runs a statement with other parameters as supabase_auth_admin too', async () => {
    expect(await whoAmI(auth, [42])).toBe(AUTH_ROLE);
  });

  it('leaves the connection as it found it for the next statement', async () => {
    await whoAmI(auth, ['an id']);
    expect(await whoAmI(db, ['after'])).toBe('postgres');
    await whoAmI(auth, [7]);
    expect(await whoAmI(db, ['after'])).toBe('postgres');
  });

  it('is refused what the role may not do, and a refused statement writes nothing', async () => {
    await expect(auth.query(`delete from auth_probe.rows where id = $1`, ['x'])).rejects.toMatchObject({code: '42501'});
    await auth.query(`insert into auth_probe.rows values ($1, 1)`, ['kept']);
    await expect(auth.query(`insert into auth_probe.rows values ($1, 2), ($1, 3)`, ['twice'])).rejects.toMatchObject({code: '23505'});
    const {rows} = await db.query<{id: string}>(`select id from auth_probe.rows order by id`);
    expect(rows).toEqual([{id: 'kept'}]);
  });
});
