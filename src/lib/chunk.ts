// Code that lives in a chunk of its own (a dialog, a form, a Premium body's renderer), loaded the
// first time it is wanted and then rendered directly. Not React.lazy: in React 19 a Suspense
// boundary that has shown its fallback reveals its content no sooner than 300 ms after that
// (React's fallback throttle), a wait a reader feels after pressing a button. The caller shows its
// own placeholder until the chunk is there, and nothing ever suspends.
import {useEffect, useState} from 'react';

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

/**
 * The chunk's export while `wanted` (undefined until it has loaded). A failed download is thrown
 * to the nearest error boundary, as React.lazy does.
 */
export function useChunk<T>(source: Chunk<T>, wanted: boolean): T | undefined {
  const [, setLoaded] = useState(0);
  const [failure, setFailure] = useState<{error: unknown} | null>(null);
  useEffect(() => {
    if (!wanted || source.loaded !== undefined) return undefined;
    let current = true;
    source.load().then(
      () => current && setLoaded((n) => n + 1),
      (error: unknown) => current && setFailure({error}),
    );
    return () => {
      current = false;
    };
  }, [source, wanted]);
  if (failure) throw failure.error;
  return wanted ? source.loaded : undefined;
}
