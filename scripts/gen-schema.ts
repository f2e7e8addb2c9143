// `npm run gen:schema`: rewrites supabase/schema.sql (the live `public` schema, for reading) from
// supabase/migrations. Run it after adding a migration; a test fails while they differ.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {SCHEMA_FILE, generateSchema} from './lib/schemaDump';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  fs.writeFileSync(path.join(root, SCHEMA_FILE), await generateSchema(path.join(root, 'supabase')));
  console.log(`wrote ${SCHEMA_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
