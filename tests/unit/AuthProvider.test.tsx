import React from 'react';
import {act, render, screen, waitFor} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {AuthProvider, SESSION_CHECK_TIMEOUT_MS, useAuth, useAccountIdentity} from '../../src/lib/auth';
import {loadSupabase} from '../../src/lib/supabase';
import {dataStore} from '../../src/lib/data/store';
import {createFakeSupabase, makeSession, makeUser, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

let fake: FakeSupabase;
let api: ReturnType<typeof useAuth>;

function Probe() {
  api = useAuth();
  const identity = useAccountIdentity();
  return (
    <div>
      <span data-testid="status">{api.state.status}</span>
      <span data-testid="user">{api.state.user?.email ?? 'none'}</span>
      <span data-testid="profile">{api.state.profile?.full_name ?? 'none'}</span>
      <span data-testid="identity">{identity ? `${identity.fullName ?? ''}|${identity.email ?? ''}` : 'none'}</span>
      <span data-testid="event">{api.lastEvent ?? 'none'}</span>
      <span data-testid="recovery">{String(api.recovery)}</span>
      <span data-testid="link-error">{api.linkError?.message ?? 'none'}</span>
    </div>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
const renderProvider = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );

beforeEach(() => {
  fake = createFakeSupabase();
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AuthProvider', () => {
  it('an anonymous visitor is signed out without loading the Supabase client', async () => {
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedOut'));
    expect(loadSupabase).not.toHaveBeenCalled();
  });

  it('starts loading, shows the stored user before the client loads, then signs in and fetches the profile', async () => {
    const session = makeSession();
    storeSession(session);
    fake.session = session;
    fake.tables.profiles = {data: profileRow({full_name: 'Ada from profile'}), error: null};
    let release: (v: unknown) => void = () => undefined;
    vi.mocked(loadSupabase).mockReturnValue(new Promise((resolve) => (release = resolve)) as never);
    renderProvider();
    expect(text('status')).toBe('loading');
    await waitFor(() => expect(text('identity')).toBe('Ada Lovelace|ada@example.com'));
    await act(async () => release(fake.client));
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    await waitFor(() => expect(text('profile')).toBe('Ada from profile'));
    expect(text('identity')).toBe('Ada from profile|ada@example.com');
  });

  it('gives up after 2.5 s and treats the visitor as signed out', async () => {
    vi.useFakeTimers();
    storeSession();
    vi.mocked(loadSupabase).mockReturnValue(new Promise(() => undefined));
    renderProvider();
    expect(text('status')).toBe('loading');
    await act(async () => {
      vi.advanceTimersByTime(SESSION_CHECK_TIMEOUT_MS - 10);
    });
    expect(text('status')).toBe('loading');
    await act(async () => {
      vi.advanceTimersByTime(20);
    });
    expect(text('status')).toBe('signedOut');
  });

  it('logs a session fetch failure and ends loading', async () => {
    storeSession();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.auth.getSession.mockRejectedValue(new Error('network down'));
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedOut'));
    expect(error).toHaveBeenCalledWith('Could not check the session:', expect.any(Error));
  });

  it('ignores a missing profile row (PGRST116) and only logs other profile errors', async () => {
    storeSession();
    fake.session = makeSession();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.tables.profiles = {data: null, error: {code: 'PGRST116', message: 'no rows'}};
    const {unmount} = renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    await waitFor(() => expect(fake.calls.some((c) => c[0] === 'profiles')).toBe(true));
    expect(text('profile')).toBe('none');
    expect(error).not.toHaveBeenCalled();
    unmount();

    fake.tables.profiles = {data: null, error: {code: '42501', message: 'permission denied'}};
    renderProvider();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not load the profile:', 'permission denied'));
    expect(text('status')).toBe('signedIn');
  });

  it('follows the auth events: signed in, token refreshed, user updated, MFA verified, recovery, signed out', async () => {
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedOut'));
    await act(async () => {
      await api.getClient();
    });
    fake.tables.profiles = {data: profileRow(), error: null};
    await act(async () => fake.emit('SIGNED_IN', makeSession()));
    expect(text('event')).toBe('SIGNED_IN');
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    await waitFor(() => expect(text('profile')).toBe('Ada Lovelace'));

    await act(async () => fake.emit('TOKEN_REFRESHED', makeSession(makeUser(), {access_token: 'new'})));
    expect(text('event')).toBe('TOKEN_REFRESHED');
    expect(text('profile')).toBe('Ada Lovelace');

    await act(async () => fake.emit('USER_UPDATED', makeSession(makeUser({email: 'new@example.com'}))));
    await waitFor(() => expect(text('user')).toBe('new@example.com'));

    await act(async () => fake.emit('MFA_CHALLENGE_VERIFIED', makeSession()));
    expect(text('event')).toBe('MFA_CHALLENGE_VERIFIED');

    await act(async () => fake.emit('PASSWORD_RECOVERY', makeSession()));
    expect(text('recovery')).toBe('true');

    await act(async () => fake.emit('SIGNED_OUT', null));
    expect(text('status')).toBe('signedOut');
    expect(text('profile')).toBe('none');
    expect(text('recovery')).toBe('false');
  });

  it('forgets the signed-in learner\'s data in the store when the session ends', async () => {
    renderProvider();
    await act(async () => {
      await api.getClient();
    });
    fake.tables.profiles = {data: profileRow(), error: null};
    await act(async () => fake.emit('SIGNED_IN', makeSession()));
    const key = `progress/${makeUser().id}`;
    await dataStore.load(key, () => Promise.resolve({data: {lessons: 3}, error: null}));
    expect(dataStore.get(key)).toMatchObject({status: 'done', data: {lessons: 3}});

    await act(async () => fake.emit('SIGNED_OUT', null));
    expect(text('status')).toBe('signedOut');
    expect(dataStore.get(key)).toMatchObject({status: 'loading', data: null});
  });

  it('loads the client for an auth link in the URL and reports a failed link', async () => {
    window.history.replaceState(null, '', '/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    fake.auth.initialize.mockResolvedValue({error: {message: 'Email link is invalid or has expired', details: {error: 'access_denied', code: 'otp_expired'}}});
    renderProvider();
    await waitFor(() => expect(text('link-error')).toBe('Email link is invalid or has expired'));
    expect(window.location.hash).toBe('');
    expect(text('status')).toBe('signedOut');
  });

  it('marks a recovery link session as a password recovery', async () => {
    window.history.replaceState(null, '', '/reset-password#access_token=a&refresh_token=b&expires_in=3600&token_type=bearer&type=recovery');
    fake.session = makeSession();
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    expect(text('recovery')).toBe('true');
  });

  it.each([401, 403, 404])('sign-out answered with %i still clears the local session', async (status) => {
    storeSession();
    fake.session = makeSession();
    fake.auth.signOut.mockResolvedValueOnce({error: {message: 'gone', status}});
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    let result: string | null = 'unset';
    await act(async () => {
      result = await api.signOut();
    });
    expect(result).toBeNull();
    expect(fake.auth.signOut).toHaveBeenLastCalledWith({scope: 'local'});
    expect(text('status')).toBe('signedOut');
  });

  it('returns other sign-out errors as given', async () => {
    storeSession();
    fake.session = makeSession();
    fake.auth.signOut.mockResolvedValueOnce({error: {message: 'Request rate limit reached', status: 429}});
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    let result: string | null = null;
    await act(async () => {
      result = await api.signOut();
    });
    expect(result).toBe('Request rate limit reached');
    expect(fake.auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('loads the client when the tab becomes visible and another tab has signed in', async () => {
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedOut'));
    expect(loadSupabase).not.toHaveBeenCalled();
    storeSession();
    fake.session = makeSession();
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(text('status')).toBe('signedIn'));
  });
});
