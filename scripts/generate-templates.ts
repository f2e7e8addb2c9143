// `npm run templates:generate`: rewrites the downloadable templates (static/templates/) and the
// practice datasets (static/datasets/) from scripts/lib/practiceFiles/. Re-runnable; a content
// test fails when a committed text file and its definition disagree.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {practiceFiles} from './lib/practiceFiles/render';

const staticDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'static');

async function main(): Promise<void> {
  for (const file of await practiceFiles()) {
    const target = path.join(staticDir, file.path);
    fs.mkdirSync(path.dirname(target), {recursive: true});
    fs.writeFileSync(target, file.content);
    console.log(`wrote static/${file.path}`);
  }
}

void main();
