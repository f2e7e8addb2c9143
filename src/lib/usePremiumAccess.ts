// Whether the signed-in learner has Premium, for the lock marks in the sidebar, /modules and
// /progress. It asks Postgres (public.is_premium()) once per user and subscription state, so the
// marks agree with the gate; the gate itself is get_premium_lesson, never this hook.
import {useEffect, useState} from 'react';
import {useAuth} from './auth';
import type {DatabaseClient} from './supabase';

/** 'none' for a signed-out visitor; 'unknown' while the session or the answer is still loading. */
export type PremiumAccess = 'unknown' | 'none' | 'premium';

const answers = new Map<string, boolean>();
/** One request per user and subscription state, however many components ask at once. */
const pending = new Map<string, Promise<void>>();

function ask(key: string, getClient: () => Promise<DatabaseClient>): Promise<void> {
  let request = pending.get(key);
  if (!request) {
    // The query module loads with the first signed-in question, not with every docs page.
    request = Promise.all([getClient(), import('./premiumLessons')])
      .then(([client, {fetchIsPremium}]) => fetchIsPremium(client))
      .then((result) => {
        if (result.error === null) answers.set(key, result.data);
        else pending.delete(key);
      })
      .catch(() => {
        pending.delete(key);
      });
    pending.set(key, request);
  }
  return request;
}

export function usePremiumAccess(): PremiumAccess {
  const {state, getClient} = useAuth();
  const profile = state.status === 'signedIn' ? state.profile : null;
  const key =
    state.status === 'signedIn' ? `${state.user.id}|${profile?.subscription_status ?? ''}|${profile?.subscription_end_date ?? ''}` : null;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!key || answers.has(key)) return;
    let cancelled = false;
    void ask(key, getClient).then(() => {
      if (!cancelled) setTick((n) => n + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [key, getClient]);
  if (state.status === 'signedOut') return 'none';
  if (!key) return 'unknown';
  const answer = answers.get(key);
  return answer === undefined ? 'unknown' : answer ? 'premium' : 'none';
}

/**
 * How many of a course's Premium lessons a learner without Premium has not completed: they
 * cannot complete them, so course figures say so ("3 of 5 lessons · 2 need Premium") rather
 * than promise a 100 % they cannot reach.
 */
export function lessonsNeedingPremium(lessons: {slug: string; isPremium: boolean}[], completed: (slug: string) => boolean, access: PremiumAccess): number {
  if (access !== 'none') return 0;
  return lessons.filter((l) => l.isPremium && !completed(l.slug)).length;
}

export function needPremiumSuffix(count: number): string {
  return count > 0 ? ` · ${count} need${count === 1 ? 's' : ''} Premium` : '';
}
