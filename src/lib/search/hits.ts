// From Pagefind's results to what the search dialog shows: the best-matching section of each page,
// only results that really match what was typed, and how many there are in all.
import type {CourseCatalog} from '@site/src/catalog/types';
import type {PagefindFragment, PagefindIndex, PagefindSubResult} from './pagefindRuntime';

/** One result as the search dialog shows it. */
export interface SearchHit {
  id: string;
  url: string;
  title: string;
  module?: string;
  /** The heading of the section that matched best, when it is not the page itself. */
  section?: string;
  /** Pagefind's excerpt: escaped text with the matched words in <mark>. */
  excerpt: string;
}

/**
 * How well a section matched: its words' weighted scores, so a references list (indexed at a low
 * weight, plugins/search-index/rehypeReferencesWeight.ts) loses to the text that teaches the term.
 */
function sectionScore(section: PagefindSubResult): number {
  if (section.weighted_locations) return section.weighted_locations.reduce((sum, l) => sum + l.balanced_score, 0);
  return section.locations?.length ?? 0;
}

/** The section that matched the query best, else the page as a whole. */
function bestSection(fragment: PagefindFragment): PagefindSubResult | null {
  const sections = (fragment.sub_results ?? []).filter((s) => s.url.includes('#'));
  return sections.reduce<PagefindSubResult | null>((best, s) => (best === null || sectionScore(s) > sectionScore(best) ? s : best), null);
}

// Docusaurus puts a zero-width space in every heading's anchor link; it is not part of the title.
const clean = (text: string) => text.replace(/\u200b/g, '').trim();

export function toHit(id: string, fragment: PagefindFragment): SearchHit {
  const section = bestSection(fragment);
  const title = clean(fragment.meta.title ?? fragment.url);
  const sectionTitle = section ? clean(section.title) : undefined;
  return {
    id,
    url: section?.url ?? fragment.url,
    title,
    module: fragment.meta.module,
    section: sectionTitle && sectionTitle !== title ? sectionTitle : undefined,
    excerpt: section?.excerpt ?? fragment.excerpt,
  };
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}²]+/gu) ?? [];

function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * When no indexed word starts with a query word, Pagefind falls back to ever shorter prefixes of
 * it ("zzqxjv" finds every "z"). A result counts only if a highlighted word shares at least three
 * letters (or the whole word, when shorter) with a word of the query.
 */
export function isRelevant(hit: SearchHit, query: string): boolean {
  const terms = words(query);
  const marked = [...hit.excerpt.matchAll(/<mark>([^<]*)<\/mark>/g)].flatMap((m) => words(m[1] ?? ''));
  return marked.some((word) => terms.some((term) => sharedPrefix(word, term) >= Math.min(3, term.length)));
}

/** The answer to one query: its best results, best first, and how many results it has in all. */
export interface SearchAnswer {
  query: string;
  hits: SearchHit[];
  total: number;
}

/**
 * The best `limit` results for `query` in one index, and their total. Pagefind's fallback to
 * shorter prefixes happens for a query word as a whole, so the first results tell whether the
 * query matched at all: if none of them does, none of the rest does either, and there are none.
 * Only the results shown are fetched (each is a file of the index).
 */
export async function findHits(index: PagefindIndex, query: string, limit: number): Promise<SearchAnswer> {
  const found = await index.search(query);
  const results = found?.results ?? [];
  const hits = await Promise.all(results.slice(0, limit).map(async (r) => toHit(r.id, await r.data())));
  if (!hits.some((hit) => isRelevant(hit, query))) return {query, hits: [], total: 0};
  return {query, hits, total: results.length};
}

/** A result's page route: no section anchor, no trailing slash (the build's URLs end in one). */
export const routeOf = (url: string): string => url.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');

/**
 * The routes of Premium lessons, from the catalog (their front matter). A result is marked
 * Premium by its page, never by its text: Premium bodies are not in the build or the index.
 */
export function premiumRoutes(catalog: CourseCatalog): Set<string> {
  return new Set(catalog.courses.flatMap((course) => course.lessons.filter((l) => l.isPremium).map((l) => routeOf(l.permalink))));
}
