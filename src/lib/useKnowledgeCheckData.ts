// The signed-in learner's knowledge-check statuses and certificates, loaded when a view that
// shows them mounts (/progress, Account Settings). Anonymous visitors never trigger a load.
import {useCallback, useEffect, useState} from 'react';
import {useAuth} from './auth';
import {loadCheckStatuses, loadMyCertificates, type Certificate, type CheckStatus, type Result} from './knowledgeChecks';
import type {DatabaseClient} from './supabase';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

function useSignedInLoad<T>(load: (client: DatabaseClient) => Promise<Result<T>>): Loaded<T> {
  const {state, getClient} = useAuth();
  const userId = state.status === 'signedIn' ? state.user.id : null;
  const [result, setResult] = useState<{data: T | null; error: string | null; loading: boolean}>({data: null, error: null, loading: userId !== null});
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!userId) {
      setResult({data: null, error: null, loading: false});
      return;
    }
    let cancelled = false;
    setResult((r) => ({...r, loading: true}));
    void (async () => {
      let next: Result<T>;
      try {
        next = await load(await getClient());
      } catch (error) {
        next = {data: null, error: error instanceof Error ? error.message : String(error)};
      }
      if (!cancelled) setResult({data: next.data, error: next.error, loading: false});
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, getClient, load, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return {...result, reload};
}

export const useCheckStatuses = (): Loaded<CheckStatus[]> => useSignedInLoad(loadCheckStatuses);
export const useMyCertificates = (): Loaded<Certificate[]> => useSignedInLoad(loadMyCertificates);
