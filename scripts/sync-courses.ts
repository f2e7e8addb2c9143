// `npm run sync:courses`: brings a running database's courses and lessons in line with docs/
// (see scripts/lib/syncCourses.ts), then publishes what the static build leaves out: the Premium
// lesson bodies (scripts/lib/publishPremiumBodies.ts) and the knowledge checks with their answers
// (scripts/lib/publishKnowledgeChecks.ts). The API URL and service-role key come from SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY, or else from the status file a running local-supabase writes
// (.data/status.json, or the one under --data-dir / LOCAL_SUPABASE_DATA_DIR).
// `--dry-run` only reads the catalog and prints what it holds.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createClient} from '@supabase/supabase-js';
import type {Database} from '../shared/database.types';
import {readCatalog} from '../src/catalog/readCatalog';
import {isNoop, syncCourses} from './lib/syncCourses';
import {describeChecksReport, publishKnowledgeChecks} from './lib/publishKnowledgeChecks';
import {publishPremiumBodies} from './lib/publishPremiumBodies';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function target(): {url: string; key: string; source: string} {
  const url = process.env.SUPABASE_URL;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (url && key) return {url, key, source: 'SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY'};
  const dataDirArg = process.argv.indexOf('--data-dir');
  const dataDir = dataDirArg > -1 ? process.argv[dataDirArg + 1] : (process.env.LOCAL_SUPABASE_DATA_DIR ?? path.join(root, '.data'));
  const statusFile = path.resolve(dataDir ?? '.data', 'status.json');
  if (!fs.existsSync(statusFile)) {
    throw new Error(`Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, or start local-supabase (no ${path.relative(process.cwd(), statusFile)})`);
  }
  const status = JSON.parse(fs.readFileSync(statusFile, 'utf8')) as {api_url?: string; service_role_key?: string};
  if (!status.api_url || !status.service_role_key) throw new Error(`${statusFile} has no api_url/service_role_key`);
  return {url: url ?? status.api_url, key: key ?? status.service_role_key, source: path.relative(process.cwd(), statusFile)};
}

async function main(): Promise<void> {
  const catalog = readCatalog(path.join(root, 'docs'));
  const lessons = catalog.courses.reduce((n, c) => n + c.lessons.length, 0);
  console.log(`catalog: ${catalog.courses.length} courses, ${lessons} lessons`);
  if (process.argv.includes('--dry-run')) return;
  const {url, key, source} = target();
  console.log(`syncing ${url} (credentials from ${source})`);
  const client = createClient<Database>(url, key, {auth: {persistSession: false, autoRefreshToken: false}});
  const report = await syncCourses(client, catalog);
  if (isNoop(report)) console.log('courses and lessons already in line: nothing changed');
  else printReport(report);
  console.log(describeChecksReport(await publishKnowledgeChecks(client, path.join(root, 'docs'))));
  const bodies = await publishPremiumBodies(client, root);
  console.log(
    `Premium bodies: ${bodies.published.length} published${bodies.published.length ? ` (${bodies.published.join(', ')})` : ''}, ` +
      `${bodies.unchanged} unchanged${bodies.removed.length ? `, removed: ${bodies.removed.join(', ')}` : ''}`,
  );
}

function printReport(report: Awaited<ReturnType<typeof syncCourses>>): void {
  const line = (label: string, items: string[]) => items.length > 0 && console.log(`${label} (${items.length}): ${items.join(', ')}`);
  line('courses added', report.coursesAdded);
  line('courses updated', report.coursesUpdated);
  line('courses set inactive', report.coursesDeactivated);
  line('lessons added', report.lessonsAdded);
  line('lessons updated', report.lessonsUpdated);
  line('lessons set inactive', report.lessonsDeactivated);
  if (report.progressRecomputed > 0) console.log(`learners' course percentages recomputed: ${report.progressRecomputed}`);
}

main().catch((error: unknown) => {
  console.error(`sync:courses failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
