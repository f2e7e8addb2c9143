// Every package the code imports is declared in package.json, so a clean `npm install` (or a
// dependency that stops bringing it along) cannot break the build; and none is reached through a
// path inside a package that publishes no such entry point (`lib/…` of a package without an
// `exports` map is its internals, free to move in any release).
import fs from 'node:fs';
import {builtinModules} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);

/** Deep paths into @docusaurus/core, which exports no API for them yet (issue 28: still to replace). */
const KNOWN_DEEP = new Set(['@docusaurus/core/lib/server/config.js', '@docusaurus/core/lib/ssg/ssgTemplate.html']);

// supabase/functions run on Deno with their own import map; build output and caches are not code.
const DIRS = ['src', 'plugins', 'scripts', 'local-supabase', 'shared', 'tests'];
const TOP_FILES = ['docusaurus.config.ts', 'sidebars.ts', 'vitest.config.ts', 'playwright.config.ts', 'eslint.config.mjs'];
const CODE = /\.(ts|tsx|mts|cts|js|cjs|mjs)$/;

function files(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, {withFileTypes: true, recursive: true}).filter((e) => e.isFile() && CODE.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

/** Specifiers a file loads at run time: static imports and re-exports (type-only ones left out), import(), require(), nativeImport(). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gm)) if (!m[1] && m[2]) found.push(m[2]);
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) if (m[1]) found.push(m[1]);
  for (const m of source.matchAll(/\b(?:import|require|nativeImport(?:<[^>]*>)?)\(\s*['"]([^'"]+)['"]\s*\)/g)) if (m[1]) found.push(m[1]);
  return found;
}

const ALIASES = /^(@site|@theme|@theme-original|@theme-init|@generated)\//;

function packageOf(specifier: string): {name: string; subpath: string} | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || ALIASES.test(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  if (builtinModules.includes(name)) return null;
  // @docusaurus/Link, @docusaurus/useDocusaurusContext…: webpack aliases of the site's client API.
  if (name.startsWith('@docusaurus/') && !fs.existsSync(path.join(root, 'node_modules', name, 'package.json'))) return null;
  return {name, subpath: specifier.slice(name.length + 1)};
}

function imports(): {file: string; specifier: string; name: string; subpath: string}[] {
  const all = [...DIRS.flatMap(files), ...TOP_FILES.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f))];
  return all.flatMap((file) =>
    specifiers(fs.readFileSync(file, 'utf8')).flatMap((specifier) => {
      const pkg = packageOf(specifier);
      return pkg ? [{file: path.relative(root, file), specifier, ...pkg}] : [];
    }),
  );
}

describe('imports', () => {
  const found = imports();

  it('are found (the scan reads the tree)', () => {
    expect(found.some((i) => i.name === 'react')).toBe(true);
    expect(found.some((i) => i.name === 'unist-util-visit')).toBe(true);
  });

  it('name only packages package.json declares', () => {
    const undeclared = found.filter((i) => !declared.has(i.name)).map((i) => `${i.file}: ${i.specifier}`);
    expect(undeclared).toEqual([]);
  });

  it('reach no package internals (a subpath of a package without an exports map)', () => {
    const deep = found.filter((i) => {
      if (!i.subpath || KNOWN_DEEP.has(i.specifier)) return false;
      const pkgJson = path.join(root, 'node_modules', i.name, 'package.json');
      if (!fs.existsSync(pkgJson)) return false;
      const pkg = JSON.parse(fs.readFileSync(pkgJson, 'utf8')) as {exports?: unknown};
      return pkg.exports === undefined;
    });
    expect(deep.map((i) => `${i.file}: ${i.specifier}`)).toEqual([]);
  });
});
