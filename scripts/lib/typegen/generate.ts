// The database types for supabase/: a throw-away in-memory PGlite gets local-supabase's platform
// bootstrap and every migration (as `npm run backend` would), then its `public` schema is read and
// written out as `supabase gen types typescript` would for a hosted project with the same schema.
import type {Database} from '../../../local-supabase/db/database';
import {migrate} from '../../../local-supabase/db/migrate';
import {openPGlite} from '../../../local-supabase/db/pglite';
import {POSTGREST_VERSION} from '../../../local-supabase/rest/version';
import {introspect} from './introspect';
import {renderTypes} from './render';

/** Where the generated module lives, relative to the repository root. */
export const DATABASE_TYPES_FILE = 'shared/database.types.ts';

/** The schemas typed: the site reads only `public` (config.toml also lists graphql_public, which local-supabase does not serve). */
export const TYPED_SCHEMAS = ['public'];

/** The types of the schema the migrations build in `db` (an empty database). */
export async function generateTypesIn(db: Database, supabaseDir: string): Promise<string> {
  await migrate(db, supabaseDir, {seed: false});
  const schemas = [];
  for (const name of TYPED_SCHEMAS) schemas.push(await introspect(db, name));
  return renderTypes(schemas, POSTGREST_VERSION);
}

export async function generateTypes(supabaseDir: string): Promise<string> {
  const db = await openPGlite(undefined);
  try {
    return await generateTypesIn(db, supabaseDir);
  } finally {
    await db.close();
  }
}
