// `npm run gen:types`: rewrites shared/database.types.ts from supabase/migrations. Run it after
// adding or changing a migration; a test fails while the committed file and the migrations differ.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {DATABASE_TYPES_FILE, generateTypes} from './lib/typegen/generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const target = path.join(root, DATABASE_TYPES_FILE);
  fs.writeFileSync(target, await generateTypes(path.join(root, 'supabase')));
  console.log(`wrote ${DATABASE_TYPES_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
