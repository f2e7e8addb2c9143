// `npm run seed:generate`: rewrites supabase/seed.sql from the docs tree. Re-runnable; a test
// fails when the committed file and the docs disagree.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {readCatalog} from '../src/catalog/readCatalog';
import {seedSql} from './lib/seedSql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'supabase/seed.sql');
const sql = seedSql(readCatalog(path.join(root, 'docs')));
fs.writeFileSync(target, sql);
console.log(`wrote ${path.relative(root, target)}`);
