// The signed-in learner's progress, shared by every view on the page (lesson panel, course
// landing, sidebar ticks, /modules, /progress) through one module-level store: loaded once per
// user when the auth context says someone is signed in, reloaded after each write. Anonymous
// visitors never trigger a load, so their first page stays free of supabase-js and of the
// progress queries.
import {useCallback, useEffect, useSyncExternalStore} from 'react';
import {useAuth} from './auth';
import type {ProgressSummary} from './progress';
import {errorMessage} from './data/errorText';
import type {DatabaseClient} from './supabase';

export type ProgressState =
  | {status: 'idle'; userId: null; summary: null; error: null}
  | {status: 'loading'; userId: string; summary: ProgressSummary | null; error: null}
  | {status: 'ready'; userId: string; summary: ProgressSummary; error: null}
  | {status: 'error'; userId: string; summary: null; error: string};

const IDLE: ProgressState = {status: 'idle', userId: null, summary: null, error: null};

let state: ProgressState = IDLE;
let generation = 0;
let inFlight: {userId: string; promise: Promise<void>} | null = null;
const listeners = new Set<() => void>();

function set(next: ProgressState): void {
  state = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;
const getServerSnapshot = () => IDLE;

/** Loads (or reloads) the progress of `userId`; concurrent calls for the same user share one load. */
function loadProgress(userId: string, getClient: () => Promise<DatabaseClient>, force = false): Promise<void> {
  if (inFlight && inFlight.userId === userId && !force) return inFlight.promise;
  if (!force && state.userId === userId && state.status === 'ready') return Promise.resolve();
  const mine = ++generation;
  set({status: 'loading', userId, summary: state.userId === userId ? state.summary : null, error: null});
  const promise = (async () => {
    let next: ProgressState;
    try {
      // The queries load with the first signed-in read, not with every docs page.
      const [client, {loadProgressData, deriveProgress}] = await Promise.all([getClient(), import('./progress')]);
      const result = await loadProgressData(client);
      if (result.error !== null) {
        console.error('Could not load progress:', result.error);
        next = {status: 'error', userId, summary: null, error: result.error};
      } else {
        next = {status: 'ready', userId, summary: deriveProgress(result.data), error: null};
      }
    } catch (error) {
      console.error('Could not load progress:', error);
      next = {status: 'error', userId, summary: null, error: errorMessage(error)};
    }
    if (mine === generation) set(next);
  })().finally(() => {
    if (inFlight?.promise === promise) inFlight = null;
  });
  inFlight = {userId, promise};
  return promise;
}

/** Forgets everything (sign-out); also used by tests. */
export function resetProgressStore(): void {
  generation += 1;
  inFlight = null;
  set(IDLE);
}

export interface UseProgress {
  state: ProgressState;
  /** The auth context has not decided yet whether someone is signed in. */
  authLoading: boolean;
  signedIn: boolean;
  reload(): Promise<void>;
}

/**
 * The learner's progress. `fresh` reloads once when the view mounts (pages showing totals after
 * the learner comes back from a lesson); otherwise an existing load is reused.
 */
export function useProgress(options: {fresh?: boolean} = {}): UseProgress {
  const {state: auth, getClient} = useAuth();
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const fresh = options.fresh === true;

  useEffect(() => {
    if (auth.status === 'signedOut') {
      if (state.status !== 'idle') resetProgressStore();
      return;
    }
    if (userId) void loadProgress(userId, getClient, fresh && !(inFlight && inFlight.userId === userId));
  }, [auth.status, userId, getClient, fresh]);

  const reload = useCallback(() => (userId ? loadProgress(userId, getClient, true) : Promise.resolve()), [userId, getClient]);

  const visible: ProgressState = userId && current.userId === userId ? current : IDLE;
  return {state: visible, authLoading: auth.status === 'loading', signedIn: userId !== null, reload};
}
