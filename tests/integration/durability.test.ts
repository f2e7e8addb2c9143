// local-supabase keeps data across restarts, closes cleanly on SIGTERM, and a killed process
// never leaves a database that will not open again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createClient} from '@supabase/supabase-js';
import {afterAll, describe, expect, it} from 'vitest';
import {createPostgresDatabase, dropPostgresDatabase, startBackend, type Backend} from './harness';

const kind = process.env.BACKEND_DB === 'postgres' ? 'postgres' : 'pglite';

function admin(backend: Backend) {
  return createClient(backend.url, backend.serviceRoleKey, {auth: {persistSession: false, autoRefreshToken: false}});
}

async function insertCourse(backend: Backend, slug: string) {
  const {error} = await admin(backend).from('courses').insert({slug, title: `Durability ${slug}`, is_active: false});
  expect(error).toBeNull();
}

async function courseExists(backend: Backend, slug: string): Promise<boolean> {
  const {data, error} = await admin(backend).from('courses').select('slug').eq('slug', slug);
  expect(error).toBeNull();
  return (data ?? []).length === 1;
}

// Each test starts local-supabase twice (migrations included); on a busy machine that is more than
// the suite's default 30 s.
describe(`durability (${kind})`, {timeout: 120_000}, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-durable-'));
  let databaseUrl: string | undefined;
  const options = async () => {
    if (kind === 'postgres') databaseUrl ??= await createPostgresDatabase();
    return {db: kind, dataDir, persistent: true, databaseUrl} as const;
  };

  afterAll(async () => {
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    fs.rmSync(dataDir, {recursive: true, force: true});
  });

  it('keeps data and keys across a clean SIGTERM restart', async () => {
    const first = await startBackend(await options());
    await insertCourse(first, 'durable-clean');
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startBackend(await options());
    try {
      expect(second.anonKey).toBe(first.anonKey);
      expect(await courseExists(second, 'durable-clean')).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it('opens again after being killed with SIGKILL, with committed data intact', async () => {
    const first = await startBackend(await options());
    await insertCourse(first, 'durable-killed');
    await first.stop('SIGKILL');

    const second = await startBackend(await options());
    try {
      expect(await courseExists(second, 'durable-killed')).toBe(true);
      const {data} = await admin(second).from('courses').select('slug').eq('slug', 'research-overview');
      expect(data).toEqual([{slug: 'research-overview'}]);
    } finally {
      await second.stop();
    }
  });
});
