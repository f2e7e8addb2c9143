// The commands the README and the other maintainers' markdown files tell a reader to type must
// exist: every `npm run <x>` is a script in package.json, and every Vitest project a script or one of
// these files names is one vitest.config.ts defines (`--project integration` once matched nothing and
// the run failed). The README stays a ten-minute read, and the links between these files resolve.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const markdownFiles = [
  'README.md',
  'CONTRIBUTING.md',
  'DEPLOYING.md',
  'local-supabase/README.md',
  'supabase/README.md',
  'tests/bench/README.md',
  ...fs.readdirSync(path.join(root, 'docs-dev')).filter((name) => name.endsWith('.md')).map((name) => `docs-dev/${name}`),
];
const texts = new Map(markdownFiles.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts;

async function vitestProjects(): Promise<string[]> {
  const config = ((await import('../../vitest.config')) as {default: {test?: {projects?: {test?: {name?: string}}[]}}}).default;
  return (config.test?.projects ?? []).map((p) => p.test?.name ?? '').filter(Boolean);
}

/** `[text](target)` links that point into the repository: not a URL, not an anchor on the same page. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0] ?? '');
}

describe('README and maintainers’ markdown commands', () => {
  it.each(markdownFiles)('%s names only scripts package.json defines', (file) => {
    const named = [...new Set([...(texts.get(file) ?? '').matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] ?? ''))];
    expect(named.filter((name) => !(name in scripts))).toEqual([]);
  });

  it('the README names the everyday commands', () => {
    const named = new Set([...(texts.get('README.md') ?? '').matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] ?? ''));
    expect(named.size).toBeGreaterThan(5);
    expect(texts.get('README.md')).toMatch(/npm install[\s\S]*npm start[\s\S]*npm test/);
  });

  it('name only Vitest projects vitest.config.ts defines, as do the scripts', async () => {
    const projects = await vitestProjects();
    const inScripts = Object.values(scripts).flatMap((command) => [...command.matchAll(/--project[ =]([\w-]+)/g)].map((m) => m[1] ?? ''));
    const inMarkdown = [...texts.values()].flatMap((text) => [...text.matchAll(/--project ([\w-]+)/g)].map((m) => m[1] ?? ''));
    expect(inScripts.length).toBeGreaterThan(0);
    expect([...inScripts, ...inMarkdown].filter((name) => !projects.includes(name))).toEqual([]);
  });

  it('test:integration runs both databases’ integration projects', () => {
    expect(scripts['test:integration']).toMatch(/--project integration-pglite/);
    expect(scripts['test:integration']).toMatch(/--project integration-postgres/);
  });
});

describe('README and maintainers’ markdown structure', () => {
  it('the README stays under 350 lines', () => {
    expect((texts.get('README.md') ?? '').split('\n').length).toBeLessThan(350);
  });

  it.each(markdownFiles)('every relative link in %s resolves to a file or folder in the repository', (file) => {
    const links = relativeLinks(texts.get(file) ?? '');
    const missing = links.filter((target) => !fs.existsSync(path.resolve(root, path.dirname(file), target)));
    expect(missing).toEqual([]);
  });

  it('the files link to each other (so a link check has something to check)', () => {
    expect(relativeLinks(texts.get('README.md') ?? '').length).toBeGreaterThan(5);
  });
});
