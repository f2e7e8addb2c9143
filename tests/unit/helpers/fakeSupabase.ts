// A stand-in for the Supabase client for unit tests: auth methods are vi.fn()s with sensible
// defaults, table reads resolve to whatever a test sets per table, and `emit` fires auth events.
import {vi} from 'vitest';
import type {AuthChangeEvent, Session, SupabaseClient, User} from '@supabase/supabase-js';

export const STORAGE_KEY = 'sb-127-auth-token';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'ada@example.com',
    app_metadata: {provider: 'email'},
    user_metadata: {full_name: 'Ada Lovelace'},
    created_at: '2025-01-01T00:00:00Z',
    factors: [],
    ...overrides,
  } as User;
}

export function makeSession(user: User = makeUser(), overrides: Partial<Session> = {}): Session {
  return {
    access_token: 'access-token-secret',
    refresh_token: 'refresh-token-secret',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user,
    ...overrides,
  } as Session;
}

/** Puts a session where supabase-js keeps it, so the provider finds a stored session. */
export function storeSession(session: Session = makeSession()): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
}

/**
 * What supabase-js's mfa.getAuthenticatorAssuranceLevel() answers for a session: the level its
 * token carries (a test token may be `header.<base64 JSON with aal>.sig`; any other is aal1), and
 * aal2 next when the user has a verified factor.
 */
function assuranceOf(session: Session | null) {
  if (!session) return {currentLevel: null, nextLevel: null, currentAuthenticationMethods: []};
  let currentLevel = 'aal1';
  try {
    const claims = JSON.parse(atob(session.access_token.split('.')[1] ?? '')) as {aal?: string};
    currentLevel = claims.aal ?? currentLevel;
  } catch {
    // Not a test JWT: a password sign-in.
  }
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return {currentLevel, nextLevel: verified ? 'aal2' : currentLevel, currentAuthenticationMethods: []};
}

type Fn = ReturnType<typeof vi.fn>;
type TableResult = {data: unknown; error: {message: string; code?: string} | null};

export interface FakeSupabase {
  client: SupabaseClient;
  auth: {
    onAuthStateChange: Fn;
    initialize: Fn;
    getSession: Fn;
    signInWithPassword: Fn;
    signUp: Fn;
    resetPasswordForEmail: Fn;
    resend: Fn;
    signInWithOtp: Fn;
    verifyOtp: Fn;
    signOut: Fn;
    updateUser: Fn;
    refreshSession: Fn;
    mfa: {getAuthenticatorAssuranceLevel: Fn; listFactors: Fn; challengeAndVerify: Fn; unenroll: Fn};
  };
  /** What each table read/write resolves to (default: no rows). */
  tables: Record<string, TableResult | (() => TableResult | Promise<TableResult>)>;
  /** Every query-builder call, e.g. ['profiles', 'update', {full_name: 'X'}]. */
  calls: unknown[][];
  session: Session | null;
  emit(event: AuthChangeEvent, session: Session | null): void;
}

export function createFakeSupabase(initial: Session | null = null): FakeSupabase {
  const listeners = new Set<(event: AuthChangeEvent, session: Session | null) => void>();
  const fake = {tables: {}, calls: [], session: initial} as unknown as FakeSupabase;
  const ok = {error: null};
  fake.auth = {
    onAuthStateChange: vi.fn((cb: (event: AuthChangeEvent, session: Session | null) => void) => {
      listeners.add(cb);
      return {data: {subscription: {id: 'sub', callback: cb, unsubscribe: () => listeners.delete(cb)}}};
    }),
    initialize: vi.fn(async () => ok),
    getSession: vi.fn(async () => ({data: {session: fake.session}, error: null})),
    signInWithPassword: vi.fn(async () => ({data: {session: makeSession(), user: makeUser()}, error: null})),
    signUp: vi.fn(async () => ({data: {session: null, user: makeUser()}, error: null})),
    resetPasswordForEmail: vi.fn(async () => ({data: {}, error: null})),
    resend: vi.fn(async () => ({data: {}, error: null})),
    signInWithOtp: vi.fn(async () => ({data: {user: null, session: null}, error: null})),
    verifyOtp: vi.fn(async () => ({data: {session: makeSession(), user: makeUser()}, error: null})),
    signOut: vi.fn(async () => ok),
    updateUser: vi.fn(async () => ({data: {user: makeUser()}, error: null})),
    refreshSession: vi.fn(async () => ({data: {session: fake.session, user: fake.session?.user ?? null}, error: null})),
    mfa: {
      getAuthenticatorAssuranceLevel: vi.fn(async () => ({data: assuranceOf(fake.session), error: null})),
      listFactors: vi.fn(async () => ({data: {all: [], totp: [], phone: [], webauthn: []}, error: null})),
      challengeAndVerify: vi.fn(async () => ({data: null, error: null})),
      unenroll: vi.fn(async () => ({data: {id: 'factor'}, error: null})),
    },
  } as unknown as FakeSupabase['auth'];

  const from = vi.fn((table: string) => {
    const builder: Record<string, unknown> = {};
    for (const method of ['select', 'eq', 'order', 'update', 'insert', 'single', 'maybeSingle', 'limit']) {
      builder[method] = (...args: unknown[]) => {
        fake.calls.push([table, method, ...args]);
        return builder;
      };
    }
    builder.then = (resolve: (v: TableResult) => unknown, reject: (e: unknown) => unknown) => {
      const entry = fake.tables[table];
      const value = typeof entry === 'function' ? entry() : (entry ?? {data: [], error: null});
      return Promise.resolve(value).then(resolve, reject);
    };
    return builder;
  });

  fake.client = {auth: fake.auth, from} as unknown as SupabaseClient;
  fake.emit = (event, session) => {
    fake.session = session;
    for (const listener of listeners) listener(event, session);
  };
  return fake;
}

export function profileRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 'user-1',
    full_name: 'Ada Lovelace',
    subscription_status: 'inactive',
    subscription_plan: null,
    subscription_start_date: null,
    subscription_end_date: null,
    subscription_amount: null,
    paypal_subscription_id: null,
    discount_code: null,
    ...overrides,
  };
}
