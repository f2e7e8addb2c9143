import fs from 'node:fs';
import path from 'node:path';
import {createHash} from 'node:crypto';
import {fileURLToPath} from 'node:url';
import {isPgError, type Database, type Queryable} from './database';

const PLATFORM_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform.sql');
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;

/**
 * The role migrations and seed.sql run as: platform.sql's stand-in for hosted `postgres` (no
 * superuser), so SQL that hosted Supabase refuses fails here too. `set local` ends with the
 * transaction; the bookkeeping insert after it runs as the platform's superuser.
 */
const MIGRATION_ROLE = 'hosted_postgres';

async function runAsMigrationRole(tx: Queryable, sql: string): Promise<void> {
  await tx.exec(`set local role ${MIGRATION_ROLE}`);
  await tx.exec(sql);
  await tx.exec('reset role');
}

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/** Whether this database already has this exact platform.sql (a start-up cost worth skipping). */
async function platformApplied(db: Database, sha256: string): Promise<boolean> {
  try {
    const {rows} = await db.query<{sha256: string}>('select sha256 from supabase_migrations.platform_bootstrap');
    return rows.some((r) => r.sha256 === sha256);
  } catch (error) {
    if (isPgError(error) && (error.code === '42P01' || error.code === '3F000')) return false;
    throw error;
  }
}

async function applyPlatform(db: Database): Promise<void> {
  const sql = fs.readFileSync(PLATFORM_SQL, 'utf8');
  const sha256 = createHash('sha256').update(sql).digest('hex');
  if (await platformApplied(db, sha256)) return;
  // One simple-protocol message: one implicit transaction. The digest is hex, safe as a literal.
  await db.exec(
    `${sql}\n;create table if not exists supabase_migrations.platform_bootstrap (sha256 text not null);` +
      `delete from supabase_migrations.platform_bootstrap; insert into supabase_migrations.platform_bootstrap values ('${sha256}');`,
  );
}

/**
 * Platform bootstrap as the connecting superuser (idempotent, and skipped when this very
 * platform.sql was applied before), then supabase/migrations in version order (each recorded, run
 * once), then supabase/seed.sql when the database had no migrations before (a fresh database), as
 * `supabase db reset` does. `seed: false` builds the schema only (type generation needs no rows).
 */
export async function migrate(db: Database, supabaseDir: string, options: {seed?: boolean} = {}): Promise<MigrationReport> {
  await applyPlatform(db);
  const {rows} = await db.query<{version: string}>('select version from supabase_migrations.schema_migrations');
  const fresh = rows.length === 0;
  const done = new Set(rows.map((r) => r.version));

  const dir = path.join(supabaseDir, 'migrations');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => MIGRATION_FILE.test(f)).sort() : [];
  const applied: string[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file) as RegExpExecArray;
    const version = match[1] as string;
    const name = match[2] as string;
    if (done.has(version)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await runAsMigrationRole(tx, sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          version,
          name,
          [],
        ]);
      });
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`);
    }
    applied.push(file);
  }

  const seedFile = path.join(supabaseDir, 'seed.sql');
  let seeded = false;
  if (fresh && options.seed !== false && fs.existsSync(seedFile)) {
    const sql = fs.readFileSync(seedFile, 'utf8');
    const hash = createHash('sha256').update(sql).digest('hex');
    await db.transaction(async (tx) => {
      await runAsMigrationRole(tx, sql);
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', ['seed.sql', hash]);
    });
    seeded = true;
  }
  return {applied, seeded};
}
