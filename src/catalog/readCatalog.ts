// Node-only: derives the course catalog from docs/modules. The sidebar, the catalog plugin
// (which hands it to React pages) and the database seed generator all read it from here.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type {DescribedCatalog, DescribedCourse, DescribedLesson} from './types';
import {checkFileFor} from '../knowledgeChecks/checkFile';

const DOC_EXTENSIONS = ['.mdx', '.md'];

interface PageFile {
  file: string;
  slug: string;
  data: Record<string, unknown>;
  body: string;
}

function readPage(file: string): PageFile {
  const parsed = matter(fs.readFileSync(file, 'utf8'));
  const slug = path.basename(file).replace(/\.mdx?$/, '');
  return {file, slug, data: parsed.data, body: parsed.content};
}

function requireString(page: PageFile, key: string): string {
  const value = page.data[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`${page.file}: front matter "${key}" must be a non-empty string`);
  }
  return value;
}

function requirePosition(page: PageFile): number {
  const value = page.data.sidebar_position;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new Error(`${page.file}: front matter "sidebar_position" must be an integer`);
  }
  return value;
}

/** Counts prose words, leaving out imports, JSX tags and code fences' markup. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/^import .*$/gm, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_`|\-[\]()!]/g, ' ');
  return text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

export function readCatalog(docsDir: string): DescribedCatalog {
  const modulesDir = path.join(docsDir, 'modules');
  const courseDirs = fs
    .readdirSync(modulesDir, {withFileTypes: true})
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .map((d) => d.name);

  const courses: DescribedCourse[] = courseDirs.map((courseSlug) => {
    const dir = path.join(modulesDir, courseSlug);
    const files = fs
      .readdirSync(dir)
      .filter((f) => DOC_EXTENSIONS.includes(path.extname(f)) && !f.startsWith('_'));
    const indexFile = files.find((f) => f.replace(/\.mdx?$/, '') === 'index');
    if (!indexFile) throw new Error(`${dir}: a course needs an index.mdx landing page`);
    const index = readPage(path.join(dir, indexFile));
    const lessons: DescribedLesson[] = files
      .filter((f) => f !== indexFile)
      .map((f) => readPage(path.join(dir, f)))
      .map((page) => ({
        slug: page.slug,
        title: requireString(page, 'title'),
        description: requireString(page, 'description'),
        orderIndex: requirePosition(page),
        isPremium: page.data.premium === true,
        docId: `modules/${courseSlug}/${page.slug}`,
        permalink: `/docs/modules/${courseSlug}/${page.slug}`,
        wordCount: countWords(page.body),
        hasKnowledgeCheck: fs.existsSync(checkFileFor(page.file)),
      }))
      .sort((a, b) => a.orderIndex - b.orderIndex);
    const positions = new Set(lessons.map((l) => l.orderIndex));
    if (positions.size !== lessons.length) {
      throw new Error(`${dir}: two lessons share a sidebar_position`);
    }
    return {
      slug: courseSlug,
      title: requireString(index, 'title'),
      description: requireString(index, 'description'),
      orderIndex: requirePosition(index),
      docId: `modules/${courseSlug}/index`,
      permalink: `/docs/modules/${courseSlug}/`,
      lessons,
    };
  });
  courses.sort((a, b) => a.orderIndex - b.orderIndex);
  return {courses};
}
