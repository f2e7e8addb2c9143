// shared/database.types.ts is generated from supabase/migrations by `npm run gen:types`. A
// migration that changes the schema without regenerating the types fails here, so the typed
// client never describes a database that no longer exists.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DATABASE_TYPES_FILE, generateTypes} from '../../scripts/lib/typegen/generate';

const root = path.resolve(__dirname, '../..');

describe('generated database types', () => {
  it('match the migrations (run `npm run gen:types` after changing a migration)', async () => {
    const committed = fs.readFileSync(path.join(root, DATABASE_TYPES_FILE), 'utf8');
    const fresh = await generateTypes(path.join(root, 'supabase'));
    expect(committed === fresh, `${DATABASE_TYPES_FILE} is out of date: run npm run gen:types`).toBe(true);
  }, 120_000);
});
