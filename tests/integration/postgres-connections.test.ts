// local-supabase on a PostgreSQL server keeps serving when the server ends one of its idle
// connections (a restart, pg_terminate_backend, DROP DATABASE … WITH (FORCE)): the pool drops that
// connection and the next query opens another, instead of an unheard 'error' ending the process.
import pg from 'pg';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import type {Database} from '../../local-supabase/db/database';
import {openPostgres} from '../../local-supabase/db/postgres';
import {POSTGRES_ADMIN_URL, createPostgresDatabase, dropPostgresDatabase} from './harness';

describe.runIf(process.env.BACKEND_DB === 'postgres')('PostgreSQL connections ended by the server', () => {
  let url: string;
  let db: Database;

  beforeAll(async () => {
    url = await createPostgresDatabase();
    db = await openPostgres(url);
  });

  afterAll(async () => {
    await db?.close();
    if (url) await dropPostgresDatabase(url);
  });

  it('survives the server terminating an idle connection, and the next query works', async () => {
    const {rows} = await db.query<{pid: number}>('select pg_backend_pid() as pid');
    const pid = rows[0]?.pid;
    expect(pid).toBeGreaterThan(0);

    // The pool's 'error' listener is what keeps the process alive; it reports the ended connection.
    let heard!: (message: string) => void;
    const reported = new Promise<string>((resolve) => (heard = resolve));
    const consoleError = vi.spyOn(console, 'error').mockImplementation((message: unknown) => {
      if (String(message).includes('an idle PostgreSQL connection ended')) heard(String(message));
    });
    try {
      const admin = new pg.Client({connectionString: POSTGRES_ADMIN_URL});
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      // The idle client has received the server's FATAL and the pool has dropped it.
      expect(await reported).toMatch(/terminat/i);
    } finally {
      consoleError.mockRestore();
    }

    const after = await db.query<{pid: number}>('select pg_backend_pid() as pid');
    expect(after.rows[0]?.pid).not.toBe(pid);
  });
});
