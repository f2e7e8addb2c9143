// supabase/seed.sql (what a fresh database starts with) must hold the same courses and lessons
// as the docs tree, or progress on a new lesson fails with "Lesson not found" until someone runs
// sync:courses. `npm run seed:generate` rewrites it.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readCatalog} from '../../src/catalog/readCatalog';
import {seedSql} from '../../scripts/lib/seedSql';

const root = path.resolve(__dirname, '../..');

describe('supabase/seed.sql', () => {
  it('matches the course catalog read from docs/', () => {
    const expected = seedSql(readCatalog(path.join(root, 'docs')));
    const committed = fs.readFileSync(path.join(root, 'supabase/seed.sql'), 'utf8');
    expect(committed, 'supabase/seed.sql is stale: run `npm run seed:generate`').toBe(expected);
  });
});
