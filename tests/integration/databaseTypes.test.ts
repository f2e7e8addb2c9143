// The generated types come from PGlite (`npm run gen:types`); the same migrations on a PostgreSQL
// server must give the same file, or the types would describe only one of the two databases the
// site runs on. On the PGlite run, the content test (tests/content/databaseTypes.test.ts) covers it.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openPostgres} from '../../local-supabase/db/postgres';
import {DATABASE_TYPES_FILE, generateTypesIn} from '../../scripts/lib/typegen/generate';
import {createPostgresDatabase, dropPostgresDatabase} from './harness';

const root = path.resolve(__dirname, '../..');

describe.runIf(process.env.BACKEND_DB === 'postgres')('generated database types on PostgreSQL', () => {
  it('are the committed types', async () => {
    const url = await createPostgresDatabase();
    try {
      const db = await openPostgres(url);
      let generated: string;
      try {
        generated = await generateTypesIn(db, path.join(root, 'supabase'));
      } finally {
        await db.close();
      }
      expect(generated === fs.readFileSync(path.join(root, DATABASE_TYPES_FILE), 'utf8'), 'PostgreSQL gives other types than PGlite').toBe(true);
    } finally {
      await dropPostgresDatabase(url);
    }
  });
});
