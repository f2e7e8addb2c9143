// From Pagefind's results to what the search dialog shows: the best-matching section of each page,
// and only results that really match what was typed.
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

/** The section whose text matched most of the query, else the page as a whole. */
function bestSection(fragment: PagefindFragment): PagefindSubResult | null {
  const sections = (fragment.sub_results ?? []).filter((s) => s.url.includes('#'));
  return sections.reduce<PagefindSubResult | null>(
    (best, s) => ((s.locations?.length ?? 0) > (best?.locations?.length ?? 0) ? s : best),
    null,
  );
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

/** The best `limit` relevant results for `query` in one index. */
export async function findHits(index: PagefindIndex, query: string, limit: number): Promise<SearchHit[]> {
  const found = await index.search(query);
  if (!found) return [];
  const hits = await Promise.all(found.results.slice(0, limit * 2).map(async (r) => toHit(r.id, await r.data())));
  return hits.filter((hit) => isRelevant(hit, query)).slice(0, limit);
}
