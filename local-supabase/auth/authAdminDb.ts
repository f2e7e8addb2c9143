// The auth service's database: every statement runs as supabase_auth_admin, the role hosted
// Supabase's GoTrue connects as (it owns the auth tables; see db/platform.sql). SET LOCAL ROLE
// inside a transaction works the same on PGlite and on a PostgreSQL server and cannot leak the
// role to whoever uses the connection next.
import type {Database, Queryable, QueryResult} from '../db/database';

export const AUTH_ROLE = 'supabase_auth_admin';

async function asAuthAdmin(tx: Queryable): Promise<Queryable> {
  await tx.query(`set local role ${AUTH_ROLE}`);
  return tx;
}

export function authAdminDb(db: Database): Database {
  return {
    kind: db.kind,
    query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
      return db.transaction(async (tx) => (await asAuthAdmin(tx)).query<R>(text, params));
    },
    exec: (sql) => db.transaction(async (tx) => (await asAuthAdmin(tx)).exec(sql)),
    transaction: (fn) => db.transaction(async (tx) => fn(await asAuthAdmin(tx))),
    pipeline: (steps, check) => db.pipeline([{text: `set local role ${AUTH_ROLE}`, values: []}, ...steps], check),
    close: () => db.close(),
  };
}
