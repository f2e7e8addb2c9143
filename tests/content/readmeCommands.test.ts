// The commands README.md tells a newcomer to type must exist: every `npm run <x>` is a script in
// package.json, and every Vitest project a script or the README names is one vitest.config.ts
// defines (`--project integration` once matched nothing and the run failed).
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts;

async function vitestProjects(): Promise<string[]> {
  const config = ((await import('../../vitest.config')) as {default: {test?: {projects?: {test?: {name?: string}}[]}}}).default;
  return (config.test?.projects ?? []).map((p) => p.test?.name ?? '').filter(Boolean);
}

describe('README commands', () => {
  it('name only scripts package.json defines', () => {
    const named = new Set([...readme.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] ?? ''));
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((name) => !(name in scripts))).toEqual([]);
  });

  it('name only Vitest projects vitest.config.ts defines, as do the scripts', async () => {
    const projects = await vitestProjects();
    const inScripts = Object.values(scripts).flatMap((command) => [...command.matchAll(/--project[ =]([\w-]+)/g)].map((m) => m[1] ?? ''));
    const inReadme = [...readme.matchAll(/--project ([\w-]+)/g)].map((m) => m[1] ?? '');
    expect(inScripts.length).toBeGreaterThan(0);
    expect([...inScripts, ...inReadme].filter((name) => !projects.includes(name))).toEqual([]);
  });

  it('test:integration runs both databases’ integration projects', () => {
    expect(scripts['test:integration']).toMatch(/--project integration-pglite/);
    expect(scripts['test:integration']).toMatch(/--project integration-postgres/);
  });
});
