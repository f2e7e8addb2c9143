// One search as the dialog runs it: answered within a deadline, and a transient failure is tried
// again instead of being shown as "no results". Pagefind skips an index file it could not fetch
// (it logs the error and searches without it), so a dropped connection reads as "no such word";
// it also forgets the failed file, so the same search run again fetches it.
import {chunk, type Chunk} from '@site/src/lib/chunk';
import {findHits, type SearchAnswer} from './hits';
import {importPagefind, type PagefindIndex} from './pagefindRuntime';

/** The pause in typing after which the dialog searches (not on every keystroke). */
export const SEARCH_DEBOUNCE_MS = 120;
/** How long a visitor waits for results before being offered to try again. */
export const SEARCH_DEADLINE_MS = 10_000;
/** Results the dialog lists before "Show all N results". */
export const SEARCH_LIMIT = 8;
const EXCERPT_WORDS = 22;

export class SearchTimeout extends Error {
  constructor() {
    super('search: no answer before the deadline');
    this.name = 'SearchTimeout';
  }
}

// The index searches run on; replaced by a fresh one after a failure or a stall.
let current: Chunk<PagefindIndex> | null = null;

function openIndex(baseUrl: string): Chunk<PagefindIndex> {
  current ??= chunk(async () => {
    const index = (await importPagefind(baseUrl)).createInstance({baseUrl, excerptLength: EXCERPT_WORDS, noWorker: true});
    await index.init();
    return index;
  });
  return current;
}

/**
 * Drops an index that failed or stalled (a fetch that never answers holds one of its few download
 * slots for good), so the next search starts on a fresh one. One still starting is simply let go.
 */
function abandon(index: Chunk<PagefindIndex>): void {
  if (current === index) current = null;
  index.loaded?.destroy().catch(() => undefined);
}

function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new SearchTimeout()), Math.max(0, deadline - Date.now()));
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

async function attempt(baseUrl: string, query: string, limit: number, deadline: number): Promise<SearchAnswer> {
  const index = openIndex(baseUrl);
  try {
    return await beforeDeadline(
      index.load().then((ready) => findHits(ready, query, limit)),
      deadline,
    );
  } catch (error) {
    abandon(index);
    throw error;
  }
}

/**
 * The best `limit` results for `query` in the site's offline index (all of them with Infinity),
 * and their total. A search that fails, or finds nothing, runs once more (on a fresh index after a
 * failure); past `deadlineMs` it throws SearchTimeout.
 */
export async function searchCourse(
  baseUrl: string,
  query: string,
  {limit = SEARCH_LIMIT, deadlineMs = SEARCH_DEADLINE_MS}: {limit?: number; deadlineMs?: number} = {},
): Promise<SearchAnswer> {
  const deadline = Date.now() + deadlineMs;
  let answer: SearchAnswer;
  try {
    answer = await attempt(baseUrl, query, limit, deadline);
  } catch (error) {
    if (error instanceof SearchTimeout) throw error;
    return attempt(baseUrl, query, limit, deadline);
  }
  return answer.total > 0 ? answer : attempt(baseUrl, query, limit, deadline);
}
