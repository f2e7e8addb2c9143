// The auth context a component sees, for unit tests that render it inside AuthContext directly:
// one signed-in, loading or signed-out state and a client that getClient() hands out (or refuses).
import {vi} from 'vitest';
import type {Session, SupabaseClient, User} from '@supabase/supabase-js';
import type {AuthContextValue, AuthState} from '../../../src/lib/auth';

export function fakeAuthValue(status: AuthState['status'], user: User, client?: SupabaseClient): AuthContextValue {
  const session = {access_token: 'access-1', user} as unknown as Session;
  const state: AuthState =
    status === 'signedIn'
      ? {status, loading: false, user, session, profile: null}
      : status === 'loading'
        ? {status, loading: true, user: null, session: null, profile: null}
        : {status, loading: false, user: null, session: null, profile: null};
  return {
    state,
    preview: null,
    lastEvent: null,
    recovery: false,
    mfaPending: false,
    linkError: null,
    clearLinkError: () => undefined,
    getClient: vi.fn(() => (client ? Promise.resolve(client) : Promise.reject(new Error('no client')))),
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
