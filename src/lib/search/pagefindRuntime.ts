// Pagefind's browser runtime and index are files of the built site (plugins/search-index writes
// them). They are fetched only when a visitor searches, never on a first visit, and outside the
// bundler (Rspack must not try to resolve them at build time).
import {chunk, type Chunk} from '@site/src/lib/chunk';

export interface PagefindWeightedLocation {
  /** The weight of the text the word stands in (data-pagefind-weight; headings weigh more). */
  weight: number;
  /** The word's contribution to the page's score, its weight included. */
  balanced_score: number;
  location: number;
}

export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  locations?: number[];
  weighted_locations?: PagefindWeightedLocation[];
}

export interface PagefindFragment {
  url: string;
  excerpt: string;
  meta: {title?: string; module?: string};
  sub_results?: PagefindSubResult[];
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindFragment>;
}

/** One search index: what `createInstance` of pagefind.js returns. */
export interface PagefindIndex {
  init(): Promise<void>;
  search(query: string): Promise<{results: PagefindResult[]} | null>;
  destroy(): Promise<void>;
}

export interface PagefindInstanceOptions {
  baseUrl: string;
  excerptLength: number;
  /**
   * Pagefind searches in a web worker unless told not to. The index is small (about 60 pages, a
   * search costs milliseconds), the worker is a second copy of the runtime to download, and when
   * it is slow to start Pagefind waits 5 s before searching without it.
   */
  noWorker: boolean;
}

export interface PagefindModule {
  createInstance(options: PagefindInstanceOptions): PagefindIndex;
}

let runtime: Chunk<PagefindModule> | null = null;

/** pagefind.js of the site at `baseUrl`, imported once (a failed import may be tried again). */
export function importPagefind(baseUrl: string): Promise<PagefindModule> {
  runtime ??= chunk(() => import(/* webpackIgnore: true */ `${baseUrl}pagefind/pagefind.js`) as Promise<PagefindModule>);
  return runtime.load();
}
