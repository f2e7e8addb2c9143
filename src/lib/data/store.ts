// The one cache of server data on the site: answers kept per key ('progress/<user>',
// 'premium/<user>/…'), one load per key however many views ask at once, and invalidate(key or
// prefix) after a write so every view showing that data reads it again. Ours and small on purpose
// (CONTRIBUTING.md: no TanStack Query on the anonymous first visit).
import {useCallback, useEffect, useSyncExternalStore} from 'react';
import type {Result} from './result';
import {errorMessage} from './errorText';
import {onSessionEnd} from '../sessionEnd';

/**
 * What a view shows for a key. While a key is read again its last answer stays in `data`, so a
 * refresh never blanks the screen; a first read has `data: null`.
 */
export type DataState<T> =
  | {status: 'loading'; data: T | null; error: null}
  | {status: 'done'; data: T; error: null}
  | {status: 'error'; data: null; error: string};

export type Loader<T> = () => Promise<Result<T>>;

interface Entry {
  state: DataState<unknown>;
  /** The load in flight, shared by every caller until it settles. */
  pending: Promise<DataState<unknown>> | null;
  /** Bumped by invalidate: the answer of an older load is dropped. */
  generation: number;
  /** The last loader, so invalidate can read a key again for the views still showing it. */
  loader: Loader<unknown> | null;
  listeners: Set<() => void>;
}

/** The state of a key nobody has read (and of every key while rendering on the server). */
export const NOT_LOADED: DataState<never> = Object.freeze({status: 'loading', data: null, error: null});

export interface DataStore {
  get<T>(key: string): DataState<T>;
  subscribe(key: string, listener: () => void): () => void;
  /** Reads `key` with `loader` unless it is loaded or loading already (`force`: read it again). */
  load<T>(key: string, loader: Loader<T>, options?: {force?: boolean}): Promise<DataState<T>>;
  /**
   * Drops `key` and every key under it (`'premium'` covers `'premium/u1'`): keys a view still
   * shows are read again (their last answer stays on screen meanwhile); the others are forgotten.
   * Settles when those reads have, so a writer can wait for the screen to agree with its write.
   */
  invalidate(keyOrPrefix: string): Promise<void>;
  /** Forgets everything: when a session ends (src/lib/sessionEnd.ts), and between tests. */
  clear(): void;
}

export function createDataStore(): DataStore {
  const entries = new Map<string, Entry>();

  const entry = (key: string): Entry => {
    let found = entries.get(key);
    if (!found) {
      found = {state: NOT_LOADED, pending: null, generation: 0, loader: null, listeners: new Set()};
      entries.set(key, found);
    }
    return found;
  };

  const set = (e: Entry, state: DataState<unknown>): void => {
    e.state = state;
    e.listeners.forEach((listener) => listener());
  };

  function run(key: string, e: Entry, loader: Loader<unknown>): Promise<DataState<unknown>> {
    const mine = ++e.generation;
    e.loader = loader;
    if (e.state.status !== 'loading') set(e, {status: 'loading', data: e.state.data, error: null});
    const settle = (next: DataState<unknown>): DataState<unknown> => {
      if (mine !== e.generation) return e.state;
      e.pending = null;
      set(e, next);
      return next;
    };
    let answer: Promise<Result<unknown>>;
    try {
      answer = loader();
    } catch (error) {
      answer = Promise.reject(error);
    }
    const pending = answer.then(
        (result) => settle(result.error !== null ? {status: 'error', data: null, error: result.error} : {status: 'done', data: result.data, error: null}),
        (error: unknown) => settle({status: 'error', data: null, error: errorMessage(error)}),
      );
    e.pending = pending;
    return pending;
  }

  return {
    get: <T>(key: string) => (entries.get(key)?.state ?? NOT_LOADED) as DataState<T>,
    subscribe(key, listener) {
      const e = entry(key);
      e.listeners.add(listener);
      return () => e.listeners.delete(listener);
    },
    load<T>(key: string, loader: Loader<T>, options: {force?: boolean} = {}) {
      const e = entry(key);
      if (!options.force) {
        if (e.pending) return e.pending as Promise<DataState<T>>;
        if (e.state.status === 'done') return Promise.resolve(e.state as DataState<T>);
      }
      return run(key, e, loader) as Promise<DataState<T>>;
    },
    invalidate(keyOrPrefix) {
      const reads: Promise<unknown>[] = [];
      for (const [key, e] of [...entries]) {
        if (key !== keyOrPrefix && !key.startsWith(`${keyOrPrefix}/`)) continue;
        if (e.listeners.size > 0 && e.loader) {
          reads.push(run(key, e, e.loader));
        } else {
          e.generation += 1;
          entries.delete(key);
        }
      }
      return Promise.all(reads).then(() => undefined);
    },
    clear() {
      for (const e of entries.values()) e.generation += 1;
      entries.clear();
    },
  };
}

/** The site's store: one per page load, shared by every view. */
export const dataStore = createDataStore();
onSessionEnd(() => dataStore.clear());

export interface UseDataOptions {
  /** Read again when the view mounts (a page or dialog showing data that may have changed elsewhere). */
  fresh?: boolean;
  store?: DataStore;
}

/**
 * A view's data for `key`, read with `loader` the first time any view asks (a null key — nobody
 * signed in, nothing valid to ask — reads nothing). `reload()` invalidates the key, so every view
 * showing it updates (it settles when they have). The loader should be stable per key: the key, not the loader, says what is read.
 */
export function useData<T>(key: string | null, loader: Loader<T>, {fresh = false, store = dataStore}: UseDataOptions = {}): {state: DataState<T>; reload(): Promise<void>} {
  const subscribe = useCallback((listener: () => void) => (key ? store.subscribe(key, listener) : () => undefined), [key, store]);
  const getSnapshot = useCallback(() => (key ? store.get<T>(key) : NOT_LOADED), [key, store]);
  const state = useSyncExternalStore(subscribe, getSnapshot, () => NOT_LOADED);
  useEffect(() => {
    // A fresh view joins a read in flight rather than starting another.
    if (key) void store.load(key, loader, {force: fresh && store.get(key).status !== 'loading'});
    // The key says what is read; a new loader function for the same key reads nothing new.
  }, [key, store, fresh]);
  const reload = useCallback(() => (key ? store.invalidate(key) : Promise.resolve()), [key, store]);
  return {state, reload};
}
