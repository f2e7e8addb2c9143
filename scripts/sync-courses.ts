// `npm run sync:courses`: brings a running database's courses and lessons in line with docs/
// (see scripts/lib/syncCourses.ts), then publishes what the static build leaves out: the Premium
// lesson bodies (scripts/lib/publishPremiumBodies.ts) and the knowledge checks with their answers
// (scripts/lib/publishKnowledgeChecks.ts). The API URL and secret key come from SUPABASE_URL and
// SUPABASE_SECRET_KEY (legacy: SUPABASE_SERVICE_ROLE_KEY), or else from the status file a running
// local-supabase writes (status.json in --data-dir, DATA_DIR or .data/): scripts/lib/serviceClient.ts.
// `--dry-run` only reads the catalog and prints what it holds.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createServiceClient, serviceTarget} from './lib/serviceClient';
import {readCatalog} from '../src/catalog/readCatalog';
import {isNoop, syncCourses} from './lib/syncCourses';
import {describeChecksReport, publishKnowledgeChecks} from './lib/publishKnowledgeChecks';
import {publishPremiumBodies} from './lib/publishPremiumBodies';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function dataDirFlag(): string | undefined {
  const i = process.argv.indexOf('--data-dir');
  return i > -1 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const catalog = readCatalog(path.join(root, 'docs'));
  const lessons = catalog.courses.reduce((n, c) => n + c.lessons.length, 0);
  console.log(`catalog: ${catalog.courses.length} courses, ${lessons} lessons`);
  if (process.argv.includes('--dry-run')) return;
  const target = serviceTarget(process.env, dataDirFlag());
  console.log(`syncing ${target.url} (credentials from ${target.source})`);
  const client = createServiceClient(target);
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
