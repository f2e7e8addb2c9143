// supabase/schema.sql is generated from supabase/migrations by `npm run gen:schema`: the live
// definition of every table, policy, grant and function body. A migration committed without
// regenerating it fails here, so the file a reader trusts never describes a database that no
// longer exists.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {SCHEMA_FILE, generateSchema} from '../../scripts/lib/schemaDump';

const root = path.resolve(__dirname, '../..');

describe('generated schema.sql', () => {
  it('matches the migrations (run `npm run gen:schema` after adding a migration)', async () => {
    const committed = fs.readFileSync(path.join(root, SCHEMA_FILE), 'utf8');
    const fresh = await generateSchema(path.join(root, 'supabase'));
    expect(committed === fresh, `${SCHEMA_FILE} is out of date: run npm run gen:schema`).toBe(true);
  }, 120_000);

  it('shows the live body of a function a later migration redefined, once', async () => {
    const schema = fs.readFileSync(path.join(root, SCHEMA_FILE), 'utf8');
    const migrations = fs.readdirSync(path.join(root, 'supabase/migrations')).filter((f) => f.endsWith('.sql')).sort();
    // The last migration that (re)defines apply_paypal_event holds its live body.
    const defining = migrations.filter((f) => /create or replace function public\.apply_paypal_event\(/i.test(fs.readFileSync(path.join(root, 'supabase/migrations', f), 'utf8')));
    expect(defining.length).toBeGreaterThan(1);
    expect(schema.match(/CREATE OR REPLACE FUNCTION public\.apply_paypal_event\(/g)).toHaveLength(1);
    const latest = fs.readFileSync(path.join(root, 'supabase/migrations', defining.at(-1)!), 'utf8');
    const body = /create or replace function public\.apply_paypal_event\([\s\S]*?as \$\$([\s\S]*?)\$\$/i.exec(latest)?.[1];
    expect(body).toBeTruthy();
    expect(schema).toContain(body!.trim());
  });
});
