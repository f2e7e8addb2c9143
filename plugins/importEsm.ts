// Some build-time packages (beautiful-mermaid, pagefind) publish only an `import` entry. Docusaurus
// loads plugin files through jiti, which turns import() into a require() those packages' exports
// refuse; there the package's ESM entry is required by path instead (Node >= 20.19 loads ES
// modules through require). Elsewhere (Vitest, tsx) the ordinary import() works.
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

function requireEsmEntry<T>(name: string): T {
  const requireHere = createRequire(__filename);
  for (const dir of requireHere.resolve.paths(name) ?? []) {
    const packageFile = path.join(dir, name, 'package.json');
    if (!fs.existsSync(packageFile)) continue;
    const manifest = JSON.parse(fs.readFileSync(packageFile, 'utf8')) as {exports: {'.': {import: string}}};
    return requireHere(path.join(dir, name, manifest.exports['.'].import)) as T;
  }
  throw new Error(`${name} is not installed`);
}

export async function importEsm<T>(name: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch {
    return requireEsmEntry<T>(name);
  }
}
