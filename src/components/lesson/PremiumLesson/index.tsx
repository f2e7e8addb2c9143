// Stands where a Premium lesson's body was taken out at build time (plugins/premium-lessons/).
// Postgres decides (public.get_premium_lesson): Premium learners and admins get the body, which
// ./PremiumBody runs from a chunk of its own; everyone else gets the card saying why and what to
// do. Signed-out visitors never load the Supabase client here: without a session the answer can
// only be "sign in".
import React, {useCallback, useEffect, useState, type ComponentType} from 'react';
import Link from '@docusaurus/Link';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import clsx from 'clsx';
import {useAuth} from '@site/src/lib/auth';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {PREMIUM_PLAN, formatPrice} from '@site/shared/plan';
import {chunk} from '@site/src/lib/chunk';
import {formatLongDate} from '@site/src/lib/longDate';
import {
  BODY_LOAD_FAILED,
  BODY_UNPUBLISHED,
  fetchPremiumLesson,
  type LockReason,
  type PremiumBodyPayload,
  type PremiumLessonAnswer,
} from '@site/src/lib/premiumLessons';
import styles from './styles.module.css';
import SignInButton from '@site/src/components/account/SignInButton';

type Renderer = ComponentType<{body: PremiumBodyPayload; outline: OutlineItem[]}>;

/** The body's renderer: only readers shown a body download it, and it is loaded before the body shows. */
const renderer = chunk<Renderer>(() => import('./PremiumBody').then((module) => module.default));

/** One heading of the body, as the remark plugin passes it. */
export interface OutlineItem {
  id: string;
  value: string;
  level: 2 | 3;
}

export interface PremiumLessonProps {
  /** "course/lesson" */
  lesson: string;
  outline: OutlineItem[];
}

/**
 * What the last answer showed, and whose it is: another user's (or none) means "still waiting".
 * A body comes with its renderer, loaded; a body still being published shows as an error to retry.
 */
type Load = {userId: string | null} & (
  | {kind: 'waiting'}
  | {kind: 'body'; body: PremiumBodyPayload; Renderer: Renderer}
  | {kind: 'locked'; reason: LockReason; endedAt: string | null}
  | {kind: 'error'; message: string}
);

/** A refetch that brings the same body keeps the rendered one (no remount, no jump). */
function keepSameBody(previous: Load, next: Load): Load {
  const same = previous.kind === 'body' && next.kind === 'body' && previous.userId === next.userId && previous.body.hash === next.body.hash;
  return same ? previous : next;
}

/** Turns the database's answer into what the page shows, loading the renderer for a body. */
async function toLoad(userId: string, answer: PremiumLessonAnswer): Promise<Load> {
  switch (answer.status) {
    case 'unlocked':
      return {userId, kind: 'body', body: answer.body, Renderer: await renderer.load()};
    case 'locked':
      return {userId, kind: 'locked', reason: answer.reason, endedAt: answer.endedAt};
    case 'unpublished':
      return {userId, kind: 'error', message: BODY_UNPUBLISHED};
  }
}

export default function PremiumLesson({lesson, outline}: PremiumLessonProps): React.JSX.Element {
  const {state, getClient} = useAuth();
  const [load, setLoad] = useState<Load>({userId: null, kind: 'waiting'});
  const [attempt, setAttempt] = useState(0);
  const userId = state.status === 'signedIn' ? state.user.id : null;
  // A purchase or cancellation changes the profile: ask again.
  const subscription = state.status === 'signedIn' ? `${state.profile?.subscription_status}|${state.profile?.subscription_end_date}` : '';
  const likelyUnlocked = state.status === 'signedIn' && state.profile?.subscription_status === 'active';

  // Asks again when the user or their subscription changes (a purchase), without blanking what
  // is shown meanwhile.
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void (async () => {
      let next: Load;
      // A subscriber will most likely be shown the body: fetch its renderer alongside the answer.
      if (likelyUnlocked) renderer.load().catch(() => undefined);
      try {
        const result = await fetchPremiumLesson(await getClient(), lesson);
        next = result.error === null ? await toLoad(userId, result.data) : {userId, kind: 'error', message: result.error};
      } catch {
        next = {userId, kind: 'error', message: BODY_LOAD_FAILED};
      }
      if (!cancelled) setLoad((previous) => keepSameBody(previous, next));
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, subscription, likelyUnlocked, lesson, attempt, getClient]);

  const retry = useCallback(() => {
    setLoad({userId: null, kind: 'waiting'});
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === 'signedOut') return <LockedCard reason="visitor" endedAt={null} outline={outline} />;
  if (state.status === 'loading' || load.kind === 'waiting' || load.userId !== userId) return <Skeleton outline={outline} />;
  if (load.kind === 'error') return <RetryPanel message={load.message} onRetry={retry} outline={outline} />;
  if (load.kind === 'locked') return <LockedCard reason={load.reason} endedAt={load.endedAt} outline={outline} />;
  const {Renderer} = load;
  return (
    <ErrorBoundary fallback={({tryAgain}) => <RetryPanel message={BODY_LOAD_FAILED} onRetry={() => (tryAgain(), retry())} outline={outline} />}>
      <Renderer body={load.body} outline={outline} />
    </ErrorBoundary>
  );
}

/**
 * The body's headings as a list. Each item carries its heading's id, so the TOC's links and
 * deep links land on it until the body (whose headings take over the ids) is shown. The ids are
 * declared to Docusaurus' broken-anchor check, as its Heading component does.
 */
function Outline({outline}: {outline: OutlineItem[]}): React.JSX.Element {
  const brokenLinks = useBrokenLinks();
  for (const item of outline) brokenLinks.collectAnchor(item.id);
  return (
    <ol className={styles.outline}>
      {outline.map((item) => (
        <li key={item.id} id={item.id} className={clsx(item.level === 3 && styles.sub)}>
          {item.value}
        </li>
      ))}
    </ol>
  );
}

/** Holds the body's place while the answer or the body's code loads. */
function Skeleton({outline}: {outline: OutlineItem[]}): React.JSX.Element {
  return (
    <section className={clsx(styles.card, styles.skeleton)} aria-busy="true" aria-label="Loading the rest of this lesson">
      <p className={styles.eyebrow}>Loading the rest of this lesson…</p>
      <Outline outline={outline} />
      <div className={styles.lines} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </section>
  );
}

function RetryPanel({message, onRetry, outline}: {message: string; onRetry: () => void; outline: OutlineItem[]}): React.JSX.Element {
  return (
    <section className={styles.card} aria-labelledby="premium-lesson-retry">
      <h2 id="premium-lesson-retry" className={styles.title}>
        This part did not load
      </h2>
      <p role="alert">{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
      <Outline outline={outline} />
    </section>
  );
}

function LockedCard({reason, endedAt, outline}: {reason: LockReason; endedAt: string | null; outline: OutlineItem[]}): React.JSX.Element {
  const premiumLessons = useCatalog().courses.flatMap((c) => c.lessons).filter((l) => l.isPremium).length;
  const ended = endedAt ? formatLongDate(new Date(endedAt)) : null;
  return (
    <section className={styles.card} aria-labelledby="premium-lesson-locked" data-lock-reason={reason}>
      <p className={styles.eyebrow}>The rest of this lesson is part of Premium</p>
      <h2 id="premium-lesson-locked" className={styles.title}>
        {reason === 'lapsed' && ended ? `Your Premium ended on ${ended}` : 'Continue this lesson with Premium'}
      </h2>
      <p className={styles.lead}>What the rest of the lesson covers:</p>
      <Outline outline={outline} />
      <p className={styles.price}>
        Premium is <strong>{formatPrice(PREMIUM_PLAN.priceUsd)} a year</strong> and opens all {premiumLessons} advanced lessons.
        {reason === 'lapsed' && ' Renew on the pricing page to read them again; your progress is kept.'}
      </p>
      <div className={styles.action}>
        {reason === 'visitor' ? (
          // A visitor can take either road: the free account first (progress, the free checks),
          // or straight to what Premium costs; an existing account signs in.
          <>
            <SignInButton mode="signUp" className="button button--primary button--lg">
              Create a free account
            </SignInButton>
            <Link className="button button--secondary button--lg" to="/pricing">
              See Premium
            </Link>
            <SignInButton className="button button--link">Sign in</SignInButton>
          </>
        ) : (
          <Link className="button button--primary button--lg" to="/pricing">
            {reason === 'lapsed' ? 'Renew Premium' : 'See Premium'}
          </Link>
        )}
      </div>
    </section>
  );
}
