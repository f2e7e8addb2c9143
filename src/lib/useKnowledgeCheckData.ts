// The signed-in learner's knowledge-check statuses and certificates, loaded when a view that
// shows them mounts (/progress, Account Settings). Anonymous visitors never trigger a load.
import {useMemo} from 'react';
import {useAuth} from './auth';
import {useClientLoad} from './useClientLoad';
import {loadCheckStatuses, loadMyCertificates, type Certificate, type CheckStatus} from './knowledgeChecks';
import type {Result} from './data/result';
import type {DatabaseClient} from './supabase';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

function useSignedInLoad<T>(load: (client: DatabaseClient) => Promise<Result<T>>): Loaded<T> {
  const {state} = useAuth();
  const userId = state.status === 'signedIn' ? state.user.id : null;
  // A new query per learner: switching accounts never shows the previous one's answer.
  const query = useMemo(() => (userId ? (client: DatabaseClient) => load(client) : null), [userId, load]);
  const {load: current, retry} = useClientLoad(query);
  if (!userId) return {data: null, error: null, loading: false, reload: retry};
  return {
    data: current.status === 'done' ? current.data : null,
    error: current.status === 'error' ? current.message : null,
    loading: current.status === 'loading',
    reload: retry,
  };
}

export const useCheckStatuses = (): Loaded<CheckStatus[]> => useSignedInLoad(loadCheckStatuses);
export const useMyCertificates = (): Loaded<Certificate[]> => useSignedInLoad(loadMyCertificates);
