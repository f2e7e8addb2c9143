// The browser half of search. Pagefind's runtime and index are files of the built site
// (plugins/search-index writes them); they are fetched only when a visitor opens search, never on
// a first visit, and outside the bundler (Rspack must not try to resolve them at build time).

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  locations?: number[];
}

interface PagefindFragment {
  url: string;
  excerpt: string;
  meta: {title?: string; module?: string};
  sub_results?: PagefindSubResult[];
}

export interface PagefindApi {
  options(options: {excerptLength?: number; baseUrl?: string}): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{results: {id: string; data(): Promise<PagefindFragment>}[]} | null>;
}

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

let loading: Promise<PagefindApi> | null = null;

export function loadPagefind(baseUrl: string): Promise<PagefindApi> {
  loading ??= (import(/* webpackIgnore: true */ `${baseUrl}pagefind/pagefind.js`) as Promise<PagefindApi>)
    .then(async (api) => {
      await api.options({excerptLength: 22, baseUrl});
      await api.init();
      return api;
    })
    .catch((error: unknown) => {
      loading = null; // let the next attempt try again
      throw error;
    });
  return loading;
}

/** The section whose text matched most of the query, else the page as a whole. */
function bestSection(fragment: PagefindFragment): PagefindSubResult | null {
  const sections = (fragment.sub_results ?? []).filter((s) => s.url.includes('#'));
  return sections.reduce<PagefindSubResult | null>(
    (best, s) => ((s.locations?.length ?? 0) > (best?.locations?.length ?? 0) ? s : best),
    null,
  );
}

export function toHit(id: string, fragment: PagefindFragment): SearchHit {
  const section = bestSection(fragment);
  const title = fragment.meta.title ?? fragment.url;
  return {
    id,
    url: section?.url ?? fragment.url,
    title,
    module: fragment.meta.module,
    section: section && section.title !== title ? section.title : undefined,
    excerpt: section?.excerpt ?? fragment.excerpt,
  };
}

export async function searchSite(api: PagefindApi, query: string, limit = 8): Promise<SearchHit[]> {
  const found = await api.search(query);
  if (!found) return []; // a newer search superseded this one
  const fragments = await Promise.all(found.results.slice(0, limit).map(async (r) => toHit(r.id, await r.data())));
  return fragments;
}
