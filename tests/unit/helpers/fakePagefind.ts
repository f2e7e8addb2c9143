// A stand-in for Pagefind's browser runtime (pagefind.js), shaped as its `createInstance` API:
// a few pages, prefix matching with <mark> around matched words, and faults a test queues up to
// play what the network does to the real one.
import type {PagefindFragment, PagefindIndex, PagefindModule, PagefindResult} from '../../../src/lib/search/pagefindRuntime';

export interface FakePage {
  id: string;
  url: string;
  title: string;
  module: string;
  text: string;
  section?: {title: string; anchor: string};
}

/**
 * What the next search meets: `drop` answers as Pagefind does when an index file failed to load
 * (as if no page held the words), `reject` fails, `hang` never answers, `hold` waits for a test.
 */
export type Fault = 'drop' | 'reject' | 'hang' | {hold: Promise<void>};

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}²]+/gu) ?? [];

function fragmentFor(page: FakePage, terms: string[]): PagefindFragment {
  const excerpt = page.text.replace(/[\p{L}\p{N}²]+/gu, (word) =>
    terms.some((term) => word.toLowerCase().startsWith(term)) ? `<mark>${word}</mark>` : word,
  );
  const sub = page.section
    ? [{title: `${page.section.title}\u200b`, url: `${page.url}#${page.section.anchor}`, excerpt, locations: [1, 2]}]
    : [];
  return {url: page.url, excerpt, meta: {title: page.title, module: page.module}, sub_results: sub};
}

export interface FakePagefind {
  module: PagefindModule;
  faults: Fault[];
  /** Indexes created (one per fresh start) and destroyed. */
  created: number;
  destroyed: number;
  searches: string[];
  /** Queries in the order their answers (results and their texts) were handed back. */
  answered: string[];
}

export function createFakePagefind(pages: FakePage[]): FakePagefind {
  const fake: FakePagefind = {
    faults: [],
    created: 0,
    destroyed: 0,
    searches: [],
    answered: [],
    module: {
      createInstance(): PagefindIndex {
        fake.created += 1;
        return {
          init: async () => undefined,
          destroy: async () => {
            fake.destroyed += 1;
          },
          async search(query: string) {
            fake.searches.push(query);
            const fault = fake.faults.shift();
            if (fault === 'hang') await new Promise(() => undefined);
            if (fault === 'reject') throw new Error('Failed to fetch');
            if (typeof fault === 'object') await fault.hold;
            if (fault === 'drop') return {results: []};
            const terms = wordsOf(query);
            const found = pages.filter((page) => terms.every((term) => wordsOf(page.text).some((w) => w.startsWith(term))));
            const results: PagefindResult[] = found.map((page) => ({id: page.id, data: async () => fragmentFor(page, terms)}));
            fake.answered.push(query);
            return {results};
          },
        };
      },
    },
  };
  return fake;
}
