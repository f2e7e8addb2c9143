// /progress and /modules with a stand-in auth context: anonymous visitors are invited and load
// nothing; a failed load is logged, leaves the lists empty and offers Retry, which recovers.
import React from 'react';
import {render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {Session, SupabaseClient, User} from '@supabase/supabase-js';
import {AuthContext, type AuthContextValue} from '../../src/lib/auth';
import type {CourseCatalog} from '../../src/catalog/types';

const catalog: CourseCatalog = {
  courses: [
    {
      slug: 'open-data',
      title: 'Open Data',
      orderIndex: 1,
      docId: 'modules/open-data/index',
      permalink: '/docs/modules/open-data/',
      lessons: ['overview', 'workflow'].map((slug, i) => ({
        slug,
        title: `Open data ${slug}`,
        orderIndex: i + 1,
        isPremium: false,
        docId: `modules/open-data/${slug}`,
        permalink: `/docs/modules/open-data/${slug}`,
        wordCount: 10,
      })),
    },
  ],
};

vi.mock('@site/src/catalog/useCatalog', () => ({useCatalog: () => catalog}));

const {default: ProgressPage} = await import('../../src/pages/progress');
const {default: ModulesPage} = await import('../../src/pages/modules');
const {default: HomePage} = await import('../../src/pages/index');

let failing = true;
const rows: Record<string, unknown[]> = {
  courses: [{id: 5, slug: 'open-data', title: 'Open Data', order_index: 1}],
  lessons: [
    {id: 51, course_id: 5, slug: 'overview', title: 'Open data overview', order_index: 1},
    {id: 52, course_id: 5, slug: 'workflow', title: 'Open data workflow', order_index: 2},
  ],
  user_course_progress: [{course_id: 5, progress_percentage: 50, started_at: 's', completed_at: null, last_accessed_at: '2026-02-01T00:00:00Z'}],
  user_lesson_progress: [{lesson_id: 51, course_id: 5, time_spent: 125, is_completed: true, last_accessed_at: '2026-02-01T00:00:00Z', completed_at: 'c'}],
};
const client = {
  from: vi.fn((table: string) => {
    const builder = {
      select: () => builder,
      order: () => builder,
      then: (resolve: (v: unknown) => unknown) =>
        Promise.resolve(
          failing && table === 'user_lesson_progress'
            ? {data: null, error: {message: 'Failed to fetch', code: ''}}
            : {data: rows[table] ?? [], error: null},
        ).then(resolve),
    };
    return builder;
  }),
} as unknown as SupabaseClient;

function auth(signedIn: boolean): AuthContextValue {
  const user = {id: 'learner-1'} as User;
  return {
    state: signedIn
      ? {status: 'signedIn', loading: false, user, session: {access_token: 't', user} as Session, profile: null}
      : {status: 'signedOut', loading: false, user: null, session: null, profile: null},
    preview: null,
    lastEvent: null,
  mfaPending: false,
    recovery: false,
    linkError: null,
    clearLinkError: () => undefined,
    getClient: vi.fn(async () => client),
    refreshProfile: async () => undefined,
    setProfile: () => undefined,
    signOut: async () => null,
    endRecovery: () => undefined,
    accountDeleted: false,
    endDeletedAccount: async () => undefined,
    dismissAccountDeleted: () => undefined,
    emailChange: null,
    dismissEmailChange: () => undefined,
  };
}

beforeEach(() => {
  failing = true;
});
afterEach(() => vi.restoreAllMocks());

describe('/progress', () => {
  it('invites anonymous visitors and loads nothing', () => {
    const value = auth(false);
    render(
      <AuthContext.Provider value={value}>
        <ProgressPage />
      </AuthContext.Provider>,
    );
    expect(screen.getByRole('heading', {name: 'Sign in to track your progress'})).toBeInTheDocument();
    expect(value.getClient).not.toHaveBeenCalled();
  });

  it('logs a failed load, keeps the lists empty, and recovers with Retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AuthContext.Provider value={auth(true)}>
        <ProgressPage />
      </AuthContext.Provider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expect(logged).toHaveBeenCalledWith('Could not load progress:', expect.stringContaining('Could not reach the server'));
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
    expect(screen.queryAllByRole('link', {name: /Resume/})).toHaveLength(0);

    failing = false;
    await userEvent.click(screen.getByRole('button', {name: 'Retry'}));
    await waitFor(() => expect(screen.getByTestId('stat-lessons')).toHaveTextContent('1 of 2'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('stat-minutes')).toHaveTextContent('2 min');
    expect(screen.getByTestId('stat-started')).toHaveTextContent('1');
    expect(screen.getByRole('link', {name: 'Resume Open data overview'})).toHaveAttribute('href', '/docs/modules/open-data/overview');
  });
});

describe('/modules', () => {
  it('shows every course with its lesson count, and no progress for anonymous visitors', () => {
    render(
      <AuthContext.Provider value={auth(false)}>
        <ModulesPage />
      </AuthContext.Provider>,
    );
    expect(screen.getByText('2 lessons')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('adds the percentage and Continue for a signed-in learner', async () => {
    failing = false;
    render(
      <AuthContext.Provider value={auth(true)}>
        <ModulesPage />
      </AuthContext.Provider>,
    );
    expect(await screen.findByRole('progressbar', {name: 'Open Data progress'})).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('link', {name: /^Continue Open Data/})).toHaveAttribute('href', '/docs/modules/open-data/workflow');
  });
});

describe('the home page', () => {
  it('leads a signed-in learner with where they left off: last lesson, next lesson, course bars', async () => {
    failing = false;
    render(
      <AuthContext.Provider value={auth(true)}>
        <HomePage />
      </AuthContext.Provider>,
    );
    const panel = await screen.findByTestId('continue-learning');
    expect(screen.getByRole('heading', {name: 'Continue where you left off'})).toBeInTheDocument();
    expect(panel).toHaveTextContent('Last opened');
    expect(screen.getByRole('link', {name: 'Open data overview'})).toHaveAttribute('href', '/docs/modules/open-data/overview');
    expect(screen.getByRole('link', {name: 'Open data workflow'})).toHaveAttribute('href', '/docs/modules/open-data/workflow');
    expect(screen.getByRole('progressbar', {name: 'Open Data progress'})).toHaveAttribute('aria-valuenow', '50');
    expect(panel).toHaveTextContent('1 of 2 lessons completed');
  });

  it('shows a visitor no progress section and loads nothing', () => {
    const value = auth(false);
    render(
      <AuthContext.Provider value={value}>
        <HomePage />
      </AuthContext.Provider>,
    );
    expect(screen.queryByTestId('continue-learning')).toBeNull();
    expect(value.getClient).not.toHaveBeenCalled();
  });
});
