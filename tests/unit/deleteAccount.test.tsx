import React from 'react';
import {fireEvent, render, screen, waitFor} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {AuthChangeEvent, Session} from '@supabase/supabase-js';
import {AuthProvider, useAuth} from '../../src/lib/auth';
import {loadSupabase} from '../../src/lib/supabase';
import {useFreshProfile} from '../../src/lib/useFreshProfile';
import DeleteAccount from '../../src/components/account/AccountSecurity/DeleteAccount';
import AccountDeletedNotice from '../../src/components/account/AccountDeletedNotice';
import {createFakeSupabase, makeSession, profileRow, STORAGE_KEY, storeSession, type FakeSupabase} from './helpers/fakeSupabase';

vi.mock('@site/src/lib/supabase', () => ({loadSupabase: vi.fn()}));

// Every request the stubbed client would send, in order; after the account is deleted on the
// server, any request with its session is refused (403), so none may follow.
let requests: string[];
let fake: FakeSupabase;

function stubClient(): void {
  fake = createFakeSupabase(makeSession());
  fake.tables.profiles = () => {
    requests.push('GET /rest/v1/profiles');
    return {data: profileRow(), error: null};
  };
  const invoke = vi.fn(async (name: string) => {
    requests.push(`POST /functions/v1/${name}`);
    return {data: {deleted: true}, error: null};
  });
  (fake.client as unknown as {functions: {invoke: typeof invoke}}).functions = {invoke};
  // Like auth-js: the session comes from storage; with one there, sign-out also POSTs /logout.
  fake.auth.getSession.mockImplementation(async () => ({data: {session: readStored()}, error: null}));
  fake.auth.signOut.mockImplementation(async () => {
    if (readStored()) requests.push('POST /auth/v1/logout');
    window.localStorage.removeItem(STORAGE_KEY);
    fake.emit('SIGNED_OUT' as AuthChangeEvent, null);
    return {error: null};
  });
}

function readStored(): Session | null {
  const raw = window.localStorage.getItem(STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Session) : null;
}

function Page() {
  const {state} = useAuth();
  useFreshProfile();
  return (
    <>
      <AccountDeletedNotice />
      <span data-testid="status">{state.status}</span>
      {state.status === 'signedIn' && <DeleteAccount onDeleted={() => undefined} />}
    </>
  );
}

beforeEach(() => {
  requests = [];
  stubClient();
  storeSession(fake.session as Session);
  vi.mocked(loadSupabase).mockReset();
  vi.mocked(loadSupabase).mockResolvedValue(fake.client);
});

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('Delete my account', () => {
  it('says the account is gone and sends nothing more with its session', async () => {
    render(
      <AuthProvider>
        <Page />
      </AuthProvider>,
    );
    await waitFor(() => expect(requests).toContain('GET /rest/v1/profiles'));
    fireEvent.change(await screen.findByLabelText(/Type your e-mail address/), {target: {value: 'ada@example.com'}});
    fireEvent.change(screen.getByLabelText('Your password'), {target: {value: 'correct horse'}});
    fireEvent.click(screen.getByRole('button', {name: 'Delete My Account'}));

    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been deleted');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    expect(fake.auth.signOut).toHaveBeenCalledWith({scope: 'local'});
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    const deletion = requests.indexOf('POST /functions/v1/delete-account');
    expect(deletion).toBeGreaterThanOrEqual(0);
    expect(requests.slice(deletion + 1)).toEqual([]);

    // The notice outlives the sign-out until the visitor dismisses it.
    fireEvent.click(screen.getByRole('button', {name: 'Dismiss'}));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
