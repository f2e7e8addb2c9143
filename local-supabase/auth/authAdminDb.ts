// The auth service's database: every statement runs as supabase_auth_admin, the role hosted
// Supabase's GoTrue connects as (it owns the auth tables; see db/platform.sql). SET LOCAL ROLE
// inside a transaction works the same on PGlite and on a PostgreSQL server and cannot leak the
// role to whoever uses the connection next.
import type {Database, PipelineStep, Queryable, QueryResult} from '../db/database';

export const AUTH_ROLE = 'supabase_auth_admin';

async function asAuthAdmin(tx: Queryable): Promise<Queryable> {
  await tx.query(`set local role ${AUTH_ROLE}`);
  return tx;
}

/** Sets the role for the rest of a pipeline's one transaction (a SET statement would need a block). */
const AS_AUTH_ADMIN: PipelineStep = {text: `select set_config('role', '${AUTH_ROLE}', true)`, values: []};

type TextValue = PipelineStep['values'][number];
const isTextValue = (value: unknown): value is TextValue =>
  value === null || typeof value === 'string' || (Array.isArray(value) && value.every((v) => v === null || typeof v === 'string'));

export function authAdminDb(db: Database): Database {
  return {
    kind: db.kind,
    query<R>(text: string, params: unknown[] = []): Promise<QueryResult<R>> {
      // Text parameters (ids, addresses, tokens: nearly every auth statement) let the role and the
      // statement go as one pipeline, a single exchange on PGlite; others need a transaction.
      if (params.every(isTextValue)) return db.pipeline<R>([AS_AUTH_ADMIN, {text, values: params}]);
      return db.transaction(async (tx) => (await asAuthAdmin(tx)).query<R>(text, params));
    },
    exec: (sql) => db.transaction(async (tx) => (await asAuthAdmin(tx)).exec(sql)),
    transaction: (fn) => db.transaction(async (tx) => fn(await asAuthAdmin(tx))),
    pipeline: (steps, check) => db.pipeline([AS_AUTH_ADMIN, ...steps], check),
    close: () => db.close(),
  };
}
