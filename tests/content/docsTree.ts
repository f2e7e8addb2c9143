// Reads every page of docs/ with its front matter and headings, for the content tests.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

export const DOCS_DIR = path.resolve(__dirname, '../../docs');

export interface Heading {
  level: number;
  text: string;
  line: number;
}

export interface DocPage {
  /** Path below docs/, without extension, e.g. `modules/data-analysis/overview`. */
  id: string;
  file: string;
  data: Record<string, unknown>;
  body: string;
  headings: Heading[];
}

export function listDocFiles(dir = DOCS_DIR): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listDocFiles(full);
    return /\.mdx?$/.test(entry.name) && !entry.name.startsWith('_') ? [full] : [];
  });
}

/** Markdown with fenced code blocks blanked out (line count kept), so `#` in code is no heading. */
export function withoutCode(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
}

export function readDoc(file: string): DocPage {
  const parsed = matter(fs.readFileSync(file, 'utf8'));
  const headings: Heading[] = [];
  withoutCode(parsed.content)
    .split('\n')
    .forEach((line, index) => {
      const match = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
      if (match) headings.push({level: (match[1] as string).length, text: match[2] as string, line: index});
    });
  return {
    id: path.relative(DOCS_DIR, file).replace(/\.mdx?$/, ''),
    file,
    data: parsed.data,
    body: parsed.content,
    headings,
  };
}

/** Sections whose heading is followed by nothing but another heading (or the end). */
export function emptySections(page: DocPage): string[] {
  const lines = withoutCode(page.body).split('\n');
  const codeLines = page.body.split('\n');
  return page.headings
    .filter((heading, i) => {
      const end = page.headings[i + 1]?.line ?? lines.length;
      for (let l = heading.line + 1; l < end; l += 1) {
        // Code blocks count as content even though withoutCode blanks them.
        if ((lines[l] ?? '').trim() !== '' || (codeLines[l] ?? '').trim() !== '') return false;
      }
      return true;
    })
    .map((h) => h.text);
}
