// Which code may load which: the site build (docusaurus.config.ts and all it imports) loads no
// emulator code from local-supabase/, and scripts/ never import tests/ (tests import scripts).
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.cjs', '.mjs'];

/** Relative specifiers a file loads at run time (type-only imports left out). */
function relativeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.[^'"]*)['"]/gm)) if (!m[1] && m[2]) found.push(m[2]);
  for (const m of source.matchAll(/\b(?:import|require)\(\s*['"](\.[^'"]*)['"]\s*\)/g)) if (m[1]) found.push(m[1]);
  return found;
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every file of this repository `entry` loads, following relative imports. */
function importGraph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!EXTENSIONS.includes(path.extname(file))) continue;
    for (const specifier of relativeImports(fs.readFileSync(file, 'utf8'))) {
      const target = resolve(file, specifier);
      if (target) queue.push(target);
    }
  }
  return [...seen].map((f) => path.relative(root, f));
}

describe('import boundaries', () => {
  it('the site build loads no local-supabase code', () => {
    const graph = importGraph(path.join(root, 'docusaurus.config.ts'));
    expect(graph).toContain('shared/projectSettings.ts');
    expect(graph.filter((f) => f.startsWith('local-supabase/'))).toEqual([]);
  });

  it('scripts import nothing from tests/', () => {
    const scripts = fs
      .readdirSync(path.join(root, 'scripts'), {recursive: true, withFileTypes: true})
      .filter((e) => e.isFile() && EXTENSIONS.includes(path.extname(e.name)))
      .map((e) => path.join(e.parentPath, e.name));
    const offenders = scripts.flatMap((file) =>
      relativeImports(fs.readFileSync(file, 'utf8'))
        .map((specifier) => resolve(file, specifier))
        .filter((target): target is string => target !== null && path.relative(root, target).startsWith('tests/'))
        .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
    );
    expect(offenders).toEqual([]);
  });
});
