import React from 'react';
import {act, render, screen, waitFor} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {Factor, Session} from '@supabase/supabase-js';
import {AuthProvider, useAuth} from '../../src/lib/auth';
import {loadSupabase} from '../../src/lib/supabase';
import {useFreshProfile} from '../../src/lib/useFreshProfile';
import {createFakeSupabase, makeSession, makeUser, profileRow, storeSession, type FakeSupabase} from './helpers/fakeSupabase';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

// With a verified factor and only the password given (aal1), PostgREST refuses the profile (406);
// the site must not ask for it until the second factor has been given (aal2).
const token = (aal: string) => `e30.${btoa(JSON.stringify({aal}))}.sig`;
const aalOf = (session: Session | null) => (session ? session.access_token : '').includes(btoa(JSON.stringify({aal: 'aal2'}))) ? 'aal2' : 'aal1';
const factor = {id: 'factor-1', status: 'verified', factor_type: 'totp', friendly_name: 'Phone'} as Factor;
const user = makeUser({factors: [factor]});
const pending: Session = makeSession(user, {access_token: token('aal1')});
const full: Session = makeSession(user, {access_token: token('aal2')});

let fake: FakeSupabase;
let reads: string[];
let api: ReturnType<typeof useAuth>;

let seen: string[];

function Probe() {
  api = useAuth();
  seen.push(`${api.state.status}/${String(api.mfaPending)}`);
  const fresh = useFreshProfile();
  return (
    <>
      <span data-testid="status">{api.state.status}</span>
      <span data-testid="pending">{String(api.mfaPending)}</span>
      <span data-testid="profile">{api.state.profile?.full_name ?? 'none'}</span>
      <span data-testid="fresh">{String(fresh)}</span>
    </>
  );
}

beforeEach(() => {
  reads = [];
  seen = [];
  fake = createFakeSupabase(pending);
  fake.tables.profiles = () => {
    reads.push(aalOf(fake.session));
    return {data: profileRow({full_name: 'Ada from profile'}), error: null};
  };
  storeSession(pending);
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

/** Renders the provider with the password-only session and waits until it is signed in, owing the code. */
async function renderSignedInOwingCode(): Promise<void> {
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
  expect(screen.getByTestId('pending')).toHaveTextContent('true');
}

describe('the profile while a second factor is owed', () => {
  it('is read only once the session reaches aal2', async () => {
    await renderSignedInOwingCode();
    // Not one render showed the password-only session as a complete sign-in.
    expect(seen).not.toContain('signedIn/false');
    // An explicit refresh (as the subscription card and checkout do) asks nothing either.
    await act(() => api.refreshProfile());
    expect(reads).toEqual([]);
    expect(screen.getByTestId('fresh')).toHaveTextContent('false');

    act(() => fake.emit('MFA_CHALLENGE_VERIFIED', full));
    await waitFor(() => expect(screen.getByTestId('profile')).toHaveTextContent('Ada from profile'));
    await waitFor(() => expect(screen.getByTestId('fresh')).toHaveTextContent('true'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((aal) => aal === 'aal2')).toBe(true);
  });

  it('still signs in, asking for the code, when supabase-js cannot read the token', async () => {
    fake.auth.mfa.getAuthenticatorAssuranceLevel.mockRejectedValue(new Error('Invalid JWT structure'));
    await renderSignedInOwingCode();
    expect(reads).toEqual([]);
  });
});
