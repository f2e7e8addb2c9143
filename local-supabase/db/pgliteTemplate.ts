import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {randomUUID} from 'node:crypto';
import {fileURLToPath} from 'node:url';
import type {PGlite} from '@electric-sql/pglite';

/**
 * local-supabase's cache folder: the initdb template and the database thread's compile cache.
 * PGlite runs initdb for every new database, in-memory ones included: most of a fresh start
 * (seconds on a slow machine). What initdb writes depends only on the PGlite build, so the first
 * fresh start saves it here as a tarball and later ones start from a copy of it.
 */
export const LOCAL_CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/local-supabase');

// The package does not export its package.json; its entry point sits in dist/.
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion = (JSON.parse(fs.readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8')) as {version: string}).version;

function templateFile(dir: string): string {
  return path.join(dir, `pglite-${pgliteVersion}-initdb.tar`);
}

/** The saved initdb output, if any. */
export function readTemplate(dir: string): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(templateFile(dir))]);
  } catch {
    return undefined;
  }
}

/** Saves a just-initialised database's files; written aside and renamed, so readers see all or nothing. */
export async function saveTemplate(pg: PGlite, dir: string): Promise<void> {
  try {
    const tar = await pg.dumpDataDir('none');
    fs.mkdirSync(dir, {recursive: true});
    const file = templateFile(dir);
    // Unique per writer: database threads of one process (and test workers) share its pid.
    const partial = `${file}.${randomUUID()}.partial`;
    fs.writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    fs.renameSync(partial, file);
  } catch (error) {
    // Only a speed-up: a read-only or full disk costs the next fresh start its initdb, nothing more.
    console.warn(`[local-supabase] could not save the PGlite initdb template: ${(error as Error).message}`);
  }
}

export function discardTemplate(dir: string): void {
  fs.rmSync(templateFile(dir), {force: true});
}
