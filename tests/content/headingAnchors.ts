// The anchors Docusaurus gives a page's headings: an explicit `{#id}` wins, otherwise
// github-slugger over the heading's plain text (the same package and rules @docusaurus/utils
// uses), de-duplicated in page order.
import GithubSlugger from 'github-slugger';
import type {DocPage} from './docsTree';

function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();
}

export function headingAnchors(page: DocPage): string[] {
  const slugger = new GithubSlugger();
  return page.headings.map((heading) => {
    const explicit = /\{#([^}]+)\}\s*$/.exec(heading.text);
    if (explicit) return explicit[1] as string;
    return slugger.slug(plainText(heading.text));
  });
}
