// Code that lives in a chunk of its own (a dialog, a form, a Premium body's renderer), loaded the
// first time it is wanted and then rendered directly. Not React.lazy: in React 19 a Suspense
// boundary that has shown its fallback reveals its content no sooner than 300 ms after that
// (React's fallback throttle), a wait a reader feels after pressing a button. The caller shows its
// own placeholder until the chunk is there, and nothing ever suspends.
import {useCallback, useEffect, useState} from 'react';

export interface Chunk<T> {
  /** Starts the download (once; a failed one may be tried again) and resolves with the export. */
  load(): Promise<T>;
  /** The export, once loaded: a render can use it at once. */
  readonly loaded: T | undefined;
}

export function chunk<T>(importer: () => Promise<T>): Chunk<T> {
  let loading: Promise<T> | null = null;
  let loaded: T | undefined;
  return {
    load() {
      loading ??= importer().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    get loaded() {
      return loaded;
    },
  };
}

export interface ChunkUse<T> {
  /** The export, once loaded and while wanted. */
  value: T | undefined;
  /** The download failed (offline, or a deploy replaced the file): show that, with retry(). */
  failed: boolean;
  retry(): void;
}

/**
 * A chunk's export while `wanted`. A failed download is the caller's to show, next to what the
 * visitor acted on: thrown, it would reach the layout's error boundary and replace the whole page
 * with "This page crashed" because a button's code did not arrive.
 */
export function useChunk<T>(source: Chunk<T>, wanted: boolean): ChunkUse<T> {
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || source.loaded !== undefined) return undefined;
    let current = true;
    setFailed(false);
    source.load().then(
      () => current && setLoaded((n) => n + 1),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [source, wanted, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {value: wanted ? source.loaded : undefined, failed: wanted && failed && source.loaded === undefined, retry};
}
