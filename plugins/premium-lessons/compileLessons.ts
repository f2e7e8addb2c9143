// Compiles every Premium lesson's body without a site build, for publishing
// (scripts/lib/publishPremiumBodies.ts). Each lesson goes through Docusaurus' own MDX pipeline
// (the mdx-loader package's public export, run as webpack runs a loader, with the site's markdown
// config and the docs plugin's defaults) with remarkPremiumLesson in it, so the bodies are byte
// for byte the ones the build compiles.
import fs from 'node:fs';
import path from 'node:path';
import type {DocusaurusConfig} from '@docusaurus/types';
import {resolveMarkdownLinkPathname} from '@docusaurus/utils';
import {readCatalog} from '../../src/catalog/readCatalog';
import remarkPremiumLesson from './remarkPremiumLesson';
import {docsBeforeDefaultRemarkPlugins, docsRehypePlugins} from '../docsRemarkPlugins';
import type {CompiledBody} from './compileBody';

const DOC_FILE = /\.mdx?$/;

/** `@site/docs/…` source → permalink, by the docs plugin's rules for this tree (no versions). */
export function docsPermalinks(siteDir: string, docsDir = path.join(siteDir, 'docs')): Map<string, string> {
  const map = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      if (entry.name.startsWith('_')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (DOC_FILE.test(entry.name)) {
        const relative = path.relative(docsDir, full).split(path.sep).join('/').replace(DOC_FILE, '');
        const slug = /^slug:\s*(\S+)\s*$/m.exec(fs.readFileSync(full, 'utf8').split(/^---$/m)[1] ?? '')?.[1];
        const permalink = slug?.startsWith('/')
          ? `/docs${slug === '/' ? '/' : slug}`
          : relative === 'index' || relative.endsWith('/index')
            ? `/docs/${relative.replace(/\/?index$/, '')}/`.replace('//', '/')
            : `/docs/${relative}`;
        map.set(`@site/${path.relative(siteDir, full).split(path.sep).join('/')}`, permalink);
      }
    }
  };
  walk(docsDir);
  return map;
}

function lessonFile(siteDir: string, docId: string): string {
  const base = path.join(siteDir, 'docs', docId);
  const file = ['.mdx', '.md'].map((ext) => base + ext).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`no file for ${docId}`);
  return file;
}

/** The loader context mdx-loader reads: its options, the file, and which of the build's two compilers runs it. */
interface LoaderContext {
  _compiler: {name: 'server'};
  resource: string;
  resourcePath: string;
  getOptions(): unknown;
  addDependency(file: string): void;
  async(): (error: Error | null, result?: string) => void;
}

/** Compiles one file with @docusaurus/mdx-loader's default export as webpack would call it. */
async function runMdxLoader(filePath: string, fileContent: string, options: unknown): Promise<void> {
  const {default: mdxLoader} = (await import('@docusaurus/mdx-loader')) as unknown as {default: (this: LoaderContext, content: string) => void};
  await new Promise<void>((resolve, reject) => {
    mdxLoader.call(
      {
        _compiler: {name: 'server'},
        resource: filePath,
        resourcePath: filePath,
        getOptions: () => options,
        addDependency: () => undefined,
        async: () => (error) => (error ? reject(error) : resolve()),
      },
      fileContent,
    );
  });
}

/** Every Premium lesson's compiled body, keyed "course/lesson". */
export async function compilePremiumLessons(siteDir: string): Promise<Map<string, CompiledBody>> {
  // Docusaurus' own config loader: validated config with every markdown default filled in.
  const {loadSiteConfig} = (await import('@docusaurus/core/lib/server/config.js')) as {
    loadSiteConfig(args: {siteDir: string}): Promise<{siteConfig: DocusaurusConfig}>;
  };
  const {siteConfig} = await loadSiteConfig({siteDir});
  const docsDir = path.join(siteDir, 'docs');
  const sourceToPermalink = docsPermalinks(siteDir, docsDir);
  const bodies = new Map<string, CompiledBody>();
  const options = {
    admonitions: true,
    beforeDefaultRemarkPlugins: docsBeforeDefaultRemarkPlugins,
    remarkPlugins: [[remarkPremiumLesson, {onBody: (lesson: string, body: CompiledBody) => bodies.set(lesson, body)}]],
    rehypePlugins: docsRehypePlugins,
    beforeDefaultRehypePlugins: [],
    recmaPlugins: [],
    siteDir,
    staticDirs: siteConfig.staticDirectories.map((dir) => path.resolve(siteDir, dir)),
    markdownConfig: siteConfig.markdown,
    resolveMarkdownLink: ({linkPathname, sourceFilePath}: {linkPathname: string; sourceFilePath: string}) =>
      resolveMarkdownLinkPathname(linkPathname, {sourceFilePath, sourceToPermalink, siteDir, contentPaths: {contentPath: docsDir, contentPathLocalized: docsDir}}),
  };
  const catalog = readCatalog(docsDir);
  for (const lesson of catalog.courses.flatMap((c) => c.lessons).filter((l) => l.isPremium)) {
    const filePath = lessonFile(siteDir, lesson.docId);
    await runMdxLoader(filePath, fs.readFileSync(filePath, 'utf8'), options);
  }
  return bodies;
}
