import {useEffect, useState} from 'react';
import {useAuth} from './auth';

/**
 * Reads the signed-in learner's profile fresh once per user: its subscription columns change on
 * the server (payments, webhooks, renewals), so the copy read at sign-in may be stale. True once
 * that read has finished for the current user (after a failure, the copy held is what there is).
 * While a second factor is owed the profile is refused, so the read waits for it.
 */
export function useFreshProfile(): boolean {
  const {state, mfaPending, refreshProfile} = useAuth();
  const userId = state.user?.id ?? null;
  const [refreshedFor, setRefreshedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!userId || mfaPending) return;
    let ignore = false;
    refreshProfile()
      .catch((error: unknown) => console.error('Could not refresh the profile:', error))
      .finally(() => {
        if (!ignore) setRefreshedFor(userId);
      });
    return () => {
      ignore = true;
    };
  }, [userId, mfaPending, refreshProfile]);

  return userId !== null && refreshedFor === userId;
}
