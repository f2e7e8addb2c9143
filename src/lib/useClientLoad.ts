import type {DatabaseClient} from './supabase';
import {useCallback, useEffect, useRef, useState} from 'react';
import {useSupabaseClient} from './auth';
import {errorMessage} from './data/errorText';
import type {Result} from './data/result';

export type Load<T> = {status: 'loading'} | {status: 'error'; message: string} | {status: 'done'; data: T};

/**
 * Runs a service call with the (lazily loaded) Supabase client and follows it as loading, error
 * or done. It runs again when `query` changes (callers memoise it over what it reads), when
 * `reloadKey` changes, and on retry(). A new query shows "loading"; asking the same one again
 * keeps the last answer on screen until the new one arrives. Answers of a superseded run are
 * dropped. A null query (nothing valid to ask) runs nothing and keeps what is shown.
 */
export function useClientLoad<T>(query: ((client: DatabaseClient) => Promise<Result<T>>) | null, reloadKey: unknown = 0): {load: Load<T>; retry(): void} {
  const getClient = useSupabaseClient();
  const [load, setLoad] = useState<Load<T>>({status: 'loading'});
  const [attempt, setAttempt] = useState(0);
  const lastQuery = useRef(query);

  useEffect(() => {
    if (!query) return;
    let ignore = false;
    const same = lastQuery.current === query;
    lastQuery.current = query;
    setLoad((current) => (same && current.status === 'done' ? current : {status: 'loading'}));
    getClient()
      .then(query)
      .then(
        (result) => {
          if (!ignore) setLoad(result.error !== null ? {status: 'error', message: result.error} : {status: 'done', data: result.data});
        },
        (error: unknown) => {
          if (!ignore) setLoad({status: 'error', message: errorMessage(error)});
        },
      );
    return () => {
      ignore = true;
    };
  }, [getClient, query, reloadKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {load, retry};
}
