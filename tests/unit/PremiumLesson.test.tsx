// The Premium lesson placeholder: what each answer of get_premium_lesson shows. The Supabase
// client is a stub; the body runner (./PremiumBody, which needs the theme) is replaced by a marker.
import React from 'react';
import {render, screen, waitFor} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {describe, expect, it, vi} from 'vitest';
import type {SupabaseClient, User} from '@supabase/supabase-js';
import {AuthContext, type AuthContextValue, type AuthState} from '../../src/lib/auth';
import {fakeAuthValue} from './helpers/fakeAuth';
import {AuthDialogsContext, type AuthDialogs} from '../../src/lib/authUi';
import type {CourseCatalog} from '../../src/catalog/types';
import PremiumLesson from '../../src/components/lesson/PremiumLesson';

const catalog: CourseCatalog = {
  courses: [
    {
      slug: 'systematic-review',
      title: 'Systematic review',
      orderIndex: 1,
      docId: 'modules/systematic-review/index',
      permalink: '/docs/modules/systematic-review/',
      lessons: ['meta-analysis', 'bias-assessment', 'protocol'].map((slug, i) => ({
        slug,
        title: slug,
        orderIndex: i,
        isPremium: i < 2,
        docId: `modules/systematic-review/${slug}`,
        permalink: `/docs/modules/systematic-review/${slug}`,
        wordCount: 100,
      })),
    },
  ],
};
vi.mock('@site/src/catalog/useCatalog', () => ({useCatalog: () => catalog}));
vi.mock('../../src/components/lesson/PremiumLesson/PremiumBody', () => ({
  default: ({body}: {body: {code: string}}) => <div data-testid="body">{body.code}</div>,
}));

const outline = [
  {id: 'choosing-an-effect-measure', value: 'Choosing an effect measure', level: 2 as const},
  {id: 'the-z-values', value: 'The z values', level: 3 as const},
];

const user = {id: 'user-1', email: 'ada@example.com'} as User;

const auth = (status: AuthState['status'], rpc?: ReturnType<typeof vi.fn>): AuthContextValue =>
  fakeAuthValue(status, user, {rpc} as unknown as SupabaseClient);

function renderLesson(value: AuthContextValue, dialogs?: AuthDialogs) {
  return render(
    <AuthContext.Provider value={value}>
      <AuthDialogsContext.Provider value={dialogs ?? null}>
        <PremiumLesson lesson="systematic-review/meta-analysis" outline={outline} />
      </AuthDialogsContext.Provider>
    </AuthContext.Provider>,
  );
}

describe('PremiumLesson', () => {
  it('asks visitors to sign in without loading the client, listing the outline with its anchors and the price', async () => {
    const value = auth('signedOut');
    const openAuth = vi.fn();
    renderLesson(value, {openAuth, openSettings: vi.fn(), close: vi.fn()});
    expect(screen.getByRole('heading', {name: 'Continue this lesson with Premium'})).toBeInTheDocument();
    expect(screen.getByText('Choosing an effect measure')).toHaveAttribute('id', 'choosing-an-effect-measure');
    expect(screen.getByText(/\$49 a year/).closest('p')).toHaveTextContent('Premium is $49 a year and opens all 2 advanced lessons.');
    await userEvent.click(screen.getByRole('button', {name: 'Sign in'}));
    expect(openAuth).toHaveBeenCalledWith('signIn');
    // Both roads for a visitor: a free account, or straight to Premium's price.
    await userEvent.click(screen.getByRole('button', {name: 'Create a free account'}));
    expect(openAuth).toHaveBeenLastCalledWith('signUp');
    expect(screen.getByRole('link', {name: 'See Premium'})).toHaveAttribute('href', '/pricing');
    expect(value.getClient).not.toHaveBeenCalled();
  });

  it('holds the place while the session is being checked', () => {
    renderLesson(auth('loading'));
    expect(screen.getByRole('region', {name: 'Loading the rest of this lesson'})).toHaveAttribute('aria-busy', 'true');
  });

  it('offers Premium to a signed-in learner without it, as the database says', async () => {
    const rpc = vi.fn().mockResolvedValue({data: {status: 'locked', reason: 'no_premium'}, error: null});
    renderLesson(auth('signedIn', rpc));
    expect(await screen.findByRole('link', {name: 'See Premium'})).toHaveAttribute('href', '/pricing');
    expect(rpc).toHaveBeenCalledWith('get_premium_lesson', {p_course_slug: 'systematic-review', p_lesson_slug: 'meta-analysis'});
  });

  it('tells a lapsed subscriber when Premium ended and how to renew', async () => {
    const rpc = vi.fn().mockResolvedValue({data: {status: 'locked', reason: 'lapsed', ended_at: '2026-03-05T12:00:00Z'}, error: null});
    renderLesson(auth('signedIn', rpc));
    expect(await screen.findByRole('heading', {name: 'Your Premium ended on 5 March 2026'})).toBeInTheDocument();
    expect(screen.getByRole('link', {name: 'Renew Premium'})).toHaveAttribute('href', '/pricing');
  });

  it('shows a retry on failure, never the paywall, and the body once the retry succeeds', async () => {
    const rpc = vi
      .fn()
      .mockResolvedValueOnce({data: null, error: {message: 'Failed to fetch', code: ''}})
      .mockResolvedValueOnce({data: {status: 'unlocked', body: {format: 'mdx3-function-body', code: 'BODY', imports: {}, hash: 'h'}}, error: null});
    renderLesson(auth('signedIn', rpc));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.queryByRole('link', {name: 'See Premium'})).toBeNull();
    await userEvent.click(screen.getByRole('button', {name: 'Try again'}));
    await waitFor(() => expect(screen.getByTestId('body')).toHaveTextContent('BODY'));
  });

  it('treats an answer it does not understand as a failure, not as a lock', async () => {
    const rpc = vi.fn().mockResolvedValue({data: {status: 'open sesame'}, error: null});
    renderLesson(auth('signedIn', rpc));
    expect(await screen.findByRole('button', {name: 'Try again'})).toBeInTheDocument();
    expect(screen.queryByRole('link', {name: /Premium/})).toBeNull();
  });
});
