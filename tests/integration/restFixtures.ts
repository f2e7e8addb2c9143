// A backend of its own with test-only tables and functions, so the product schema stays clean.
// The fixture SQL runs while the server is stopped (PGlite has one connection, held by the server)
// and the server starts again on the same data, loading a schema cache that includes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {openPGlite} from '../../local-supabase/db/pglite';
import {createPostgresDatabase, dropPostgresDatabase, startBackend, type Backend} from './harness';

export interface FixtureBackend {
  backend: Backend;
  /** A fetch against /rest/v1 as the service role (default: PGlite's cost check spares it) or anon. */
  rest(path: string, init?: RestInit): Promise<RestResult>;
  stop(): Promise<void>;
}

export interface RestInit {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  key?: 'anon' | 'service';
}

export interface RestResult {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export async function startWithFixtures(sql: string): Promise<FixtureBackend> {
  const db = process.env.BACKEND_DB === 'postgres' ? 'postgres' : 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-rest-fixtures-'));
  const databaseUrl = db === 'postgres' ? await createPostgresDatabase() : undefined;
  const first = await startBackend({db, dataDir, persistent: true, databaseUrl});
  await first.stop();
  if (databaseUrl) {
    const client = new pg.Client({connectionString: databaseUrl});
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  } else {
    const local = await openPGlite(path.join(dataDir, 'pgdata'));
    try {
      await local.exec(sql);
    } finally {
      await local.close();
    }
  }
  const backend = await startBackend({db, dataDir, persistent: true, databaseUrl});
  return {
    backend,
    async rest(p, init = {}) {
      const key = init.key === 'anon' ? backend.anonKey : backend.serviceRoleKey;
      const res = await fetch(`${backend.url}/rest/v1${p}`, {
        method: init.method ?? 'GET',
        headers: {apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers},
        body: init.body,
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return {status: res.status, headers: res.headers, text, json};
    },
    async stop() {
      await backend.stop();
      if (databaseUrl) await dropPostgresDatabase(databaseUrl).catch(() => undefined);
      fs.rmSync(dataDir, {recursive: true, force: true});
    },
  };
}
