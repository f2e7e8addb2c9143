// The signed-in learner's progress (lesson panel, course landing, sidebar ticks, home page,
// /modules, /progress), one key of the data store per learner, so every view on the page shares
// one read. A write (a visit recorded, a lesson marked complete, a knowledge check passed)
// invalidates it. Anonymous visitors have no key: they never trigger a load, and their first
// page stays free of supabase-js and of the progress queries.
import {useAuth} from './auth';
import {dataStore, useData, type DataState} from './data/store';
import type {ProgressSummary} from './progress';

const PROGRESS = 'progress';

export const progressKey = (userId: string): string => `${PROGRESS}/${userId}`;

/** After a write to progress: every view showing it reads it again; settles when they have. */
export const invalidateProgress = (): Promise<void> => dataStore.invalidate(PROGRESS);

export interface UseProgress {
  state: DataState<ProgressSummary>;
  /** The auth context has not decided yet whether someone is signed in. */
  authLoading: boolean;
  signedIn: boolean;
  /** Reads the learner's progress again (Retry, or after a write this view made). */
  reload(): Promise<void>;
}

/** `fresh`: read again when the view mounts (pages showing totals after the learner was away). */
export function useProgress({fresh = false}: {fresh?: boolean} = {}): UseProgress {
  const {state: auth, getClient} = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const {state, reload} = useData(
    userId && progressKey(userId),
    async () => {
      try {
        // The queries load with the first signed-in read, not with every docs page.
        const [client, {loadProgressData, deriveProgress}] = await Promise.all([getClient(), import('./progress')]);
        const result = await loadProgressData(client);
        if (result.error === null) return {data: deriveProgress(result.data), error: null};
        console.error('Could not load progress:', result.error);
        return result;
      } catch (error) {
        console.error('Could not load progress:', error);
        throw error;
      }
    },
    {fresh},
  );
  return {state, authLoading: auth.status === 'loading', signedIn: userId !== null, reload};
}
