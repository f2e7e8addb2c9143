// Whether the signed-in learner has Premium, for the lock marks in the sidebar, /modules and
// /progress. It asks Postgres (public.is_premium()) once per user and subscription state (one
// key of the data store), so the marks agree with the gate; the gate itself is get_premium_lesson.
import {useAuth} from './auth';
import {useData} from './data/store';

/** 'none' for a signed-out visitor; 'unknown' while the session or the answer is still loading. */
export type PremiumAccess = 'unknown' | 'none' | 'premium';

/** The store key of a learner's answer: a new subscription state is a new question. */
export const premiumAccessKey = (userId: string, status = '', endDate = ''): string => `premium/${userId}/${status}/${endDate}`;

export function usePremiumAccess(): PremiumAccess {
  const {state, getClient} = useAuth();
  const profile = state.status === 'signedIn' ? state.profile : null;
  const key = state.status === 'signedIn' ? premiumAccessKey(state.user.id, profile?.subscription_status ?? '', profile?.subscription_end_date ?? '') : null;
  // The query module loads with the first signed-in question, not with every docs page.
  const {state: answer} = useData(key, async () => {
    const [client, {fetchIsPremium}] = await Promise.all([getClient(), import('./premiumLessons')]);
    return fetchIsPremium(client);
  });
  if (state.status === 'signedOut') return 'none';
  if (!key || answer.status !== 'done') return 'unknown';
  return answer.data ? 'premium' : 'none';
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
