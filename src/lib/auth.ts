// Auth state for the whole site: an AuthProvider (rendered by src/theme/Root.tsx) and narrow
// hooks, after Supabase's own packages/common/auth.tsx. The state is a discriminated union, so
// "loading" can never carry a user. supabase-js does the real work (restore, refresh near
// expiry while the tab is visible, removal of dead sessions); this module only mirrors its events
// into React and loads the client lazily.
import {createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import type {AuthChangeEvent, Session, User} from '@supabase/supabase-js';
import {supabaseConfig} from './config';
import {loadSupabase, type DatabaseClient} from './supabase';
import {forgetStoredSession, readStoredSession, readUrlAuthCallback, type StoredSessionPreview} from './storedSession';
import {fetchProfile, type Profile} from './profile';
import {toLinkError, type LinkError} from './authMessages';
import {secondFactorOwed} from './accountSecurity';
import {endSession} from './sessionEnd';

/** How long the first session check may take before the visitor is treated as signed out. */
export const SESSION_CHECK_TIMEOUT_MS = 2500;

export type AuthState =
  | {status: 'loading'; loading: true; user: null; session: null; profile: null}
  | {status: 'signedOut'; loading: false; user: null; session: null; profile: null}
  | {status: 'signedIn'; loading: false; user: User; session: Session; profile: Profile | null};

const LOADING: AuthState = {status: 'loading', loading: true, user: null, session: null, profile: null};
const SIGNED_OUT: AuthState = {status: 'signedOut', loading: false, user: null, session: null, profile: null};

export interface AuthContextValue {
  state: AuthState;
  /** The user from the stored session, shown before the client has loaded. */
  preview: StoredSessionPreview | null;
  lastEvent: AuthChangeEvent | null;
  /**
   * Signed in with the password while a verified second factor asks for its code: not fully
   * signed in (the database refuses such a session admin and payment data too).
   */
  mfaPending: boolean;
  /** The page was opened from a password-recovery link whose session is now active. */
  recovery: boolean;
  /** A confirmation/recovery link that did not sign the visitor in. */
  linkError: LinkError | null;
  clearLinkError(): void;
  /** Loads (once) and returns the Supabase client. */
  getClient(): Promise<DatabaseClient>;
  refreshProfile(): Promise<void>;
  setProfile(profile: Profile): void;
  /** Signs out; resolves with an error text, or null. */
  signOut(): Promise<string | null>;
  /** Marks the recovery as done (after the new password is saved). */
  endRecovery(): void;
  /** The account was deleted in this tab: the site says so until the visitor dismisses it. */
  accountDeleted: boolean;
  /**
   * After the server deleted the account: forgets its session here at once, without a request
   * (the server would refuse it), so nothing reloads with it, and keeps the notice up.
   */
  endDeletedAccount(): Promise<void>;
  dismissAccountDeleted(): void;
  /**
   * Where an e-mail change stands after one of its links brought the visitor here: 'oneConfirmed'
   * (the first of the two links; the server's message asks for the other) or 'done'.
   */
  emailChange: EmailChangeStatus | null;
  dismissEmailChange(): void;
}

export type EmailChangeStatus = {step: 'oneConfirmed'; message: string} | {step: 'done'};

const rejectOutside = () => Promise.reject(new Error('The account system is not available on this page'));

const DEFAULT_VALUE: AuthContextValue = {
  state: SIGNED_OUT,
  preview: null,
  lastEvent: null,
  mfaPending: false,
  recovery: false,
  linkError: null,
  clearLinkError: () => undefined,
  getClient: rejectOutside,
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

export const AuthContext = createContext<AuthContextValue>(DEFAULT_VALUE);

/**
 * GoTrue answers the first of the two e-mail-change links with a redirect whose fragment holds
 * only `message=Confirmation link accepted. Please proceed to confirm link sent to the other
 * email` (api/verify.go singleConfirmationAccepted): no session, so supabase-js ignores it.
 */
function readEmailChangeMessage(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const message = params.get('message');
  return message && /confirm link sent to the other email/i.test(message) ? message : null;
}

function clearCallbackFromUrl(): void {
  const {pathname, search, hash} = window.location;
  if (!hash && !search) return;
  const query = new URLSearchParams(search);
  for (const key of ['error', 'error_code', 'error_description', 'access_token', 'refresh_token', 'sb']) query.delete(key);
  const rest = query.toString();
  window.history.replaceState(window.history.state, '', `${pathname}${rest ? `?${rest}` : ''}`);
}

export function AuthProvider({children}: {children: ReactNode}): React.JSX.Element {
  const [state, setState] = useState<AuthState>(LOADING);
  const [preview, setPreview] = useState<StoredSessionPreview | null>(null);
  const [lastEvent, setLastEvent] = useState<AuthChangeEvent | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [linkError, setLinkError] = useState<LinkError | null>(null);
  const [accountDeleted, setAccountDeleted] = useState(false);
  const [emailChange, setEmailChange] = useState<EmailChangeStatus | null>(null);
  const [mfaPending, setMfaPending] = useState(false);

  const clientPromise = useRef<Promise<DatabaseClient> | null>(null);
  const clientRef = useRef<DatabaseClient | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const profileFor = useRef<string | null>(null);
  const urlType = useRef<string | null>(null);
  const mounted = useRef(true);

  const loadProfile = useCallback(async (client: DatabaseClient, userId: string) => {
    profileFor.current = userId;
    try {
      const result = await fetchProfile(client, userId);
      if (!mounted.current || profileFor.current !== userId) return;
      if (result.error !== null) {
        console.error('Could not load the profile:', result.error);
        return;
      }
      setState((s) => (s.status === 'signedIn' && s.user.id === userId ? {...s, profile: result.data} : s));
    } catch (error) {
      console.error('Could not load the profile:', error);
    }
  }, []);

  // Which session's second-factor check is current: a check that finishes after a newer event
  // (or a sign-out) must not apply its answer.
  const sessionCheck = useRef(0);

  const applySession = useCallback(
    (client: DatabaseClient, session: Session | null) => {
      const check = (sessionCheck.current += 1);
      if (!session) {
        profileFor.current = null;
        // A learner's progress, Premium access and tables stay in memory keyed by their id; on a
        // shared computer the next person must not find them there.
        endSession();
        setMfaPending(false);
        setState(SIGNED_OUT);
        setPreview(null);
        return;
      }
      // Deferred: supabase-js holds its auth lock while it runs event callbacks, and both the
      // assurance check and the profile request ask it for the session. The session shows once
      // supabase-js has said whether it still owes its second factor, so no screen shows a
      // password-only sign-in as complete, not even for a moment.
      setTimeout(() => {
        void secondFactorOwed(client, session).then((owed) => {
          if (!mounted.current || check !== sessionCheck.current) return;
          setMfaPending(owed);
          setState((s) => ({
            status: 'signedIn',
            loading: false,
            user: session.user,
            session,
            profile: s.status === 'signedIn' && s.user.id === session.user.id ? s.profile : null,
          }));
          setPreview(null);
          // The profile is refused (406) until the second factor is given: read it after that.
          if (owed || profileFor.current === session.user.id) return;
          void loadProfile(client, session.user.id);
        });
      }, 0);
    },
    [loadProfile],
  );

  const connect = useCallback((): Promise<DatabaseClient> => {
    clientPromise.current ??= loadSupabase().then(
      (client) => {
        clientRef.current = client;
        const {data} = client.auth.onAuthStateChange((event, session) => {
          if (!mounted.current) return;
          setLastEvent(event);
          switch (event) {
            case 'SIGNED_OUT':
              setRecovery(false);
              applySession(client, null);
              break;
            case 'PASSWORD_RECOVERY':
              setRecovery(true);
              applySession(client, session);
              break;
            case 'INITIAL_SESSION':
            case 'SIGNED_IN':
            case 'TOKEN_REFRESHED':
            case 'USER_UPDATED':
            case 'MFA_CHALLENGE_VERIFIED':
            default:
              applySession(client, session);
          }
        });
        unsubscribe.current = () => data.subscription.unsubscribe();
        void client.auth.initialize().then(
          (result) => {
            if (result?.error && mounted.current) {
              setLinkError(toLinkError(result.error));
              clearCallbackFromUrl();
            }
          },
          (error: unknown) => console.error('Auth initialisation failed:', error),
        );
        void client.auth
          .getSession()
          .then(
            ({data: sessionData, error}) => {
              if (error) console.error('Could not check the session:', error);
              if (!mounted.current) return;
              const session = sessionData?.session ?? null;
              if (session && urlType.current === 'recovery') setRecovery(true);
              if (session && urlType.current === 'email_change') setEmailChange({step: 'done'});
              applySession(client, session);
            },
            (error: unknown) => {
              console.error('Could not check the session:', error);
              if (mounted.current) setState((s) => (s.status === 'loading' ? SIGNED_OUT : s));
            },
          );
        return client;
      },
      (error: unknown) => {
        console.error('Could not load the account system:', error);
        clientPromise.current = null;
        if (mounted.current) setState((s) => (s.status === 'loading' ? SIGNED_OUT : s));
        throw error;
      },
    );
    return clientPromise.current;
  }, [applySession]);

  useEffect(() => {
    mounted.current = true;
    const {url} = supabaseConfig();
    const stored = readStoredSession(url);
    const callback = readUrlAuthCallback(window.location.href);
    urlType.current = callback?.type ?? null;
    const changeMessage = readEmailChangeMessage();
    if (changeMessage) {
      setEmailChange({step: 'oneConfirmed', message: changeMessage});
      clearCallbackFromUrl();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (stored || callback) {
      if (stored) setPreview(stored);
      timer = setTimeout(() => {
        setState((s) => (s.status === 'loading' ? SIGNED_OUT : s));
      }, SESSION_CHECK_TIMEOUT_MS);
      connect().catch(() => undefined);
    } else {
      // Nothing stored and no auth link: signed out without loading supabase-js.
      setState(SIGNED_OUT);
    }
    // Another tab may have signed in while this one was hidden and the client never loaded.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !clientRef.current && readStoredSession(url)) {
        connect().catch(() => undefined);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      mounted.current = false;
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribe.current?.();
      unsubscribe.current = null;
      clientPromise.current = null;
    };
  }, [connect]);

  const refreshProfile = useCallback(async () => {
    const client = await connect();
    const {data} = await client.auth.getSession();
    if (data.session && !(await secondFactorOwed(client, data.session))) await loadProfile(client, data.session.user.id);
  }, [connect, loadProfile]);

  const setProfile = useCallback((profile: Profile) => {
    setState((s) => (s.status === 'signedIn' && s.user.id === profile.id ? {...s, profile} : s));
  }, []);

  const signOut = useCallback(async (): Promise<string | null> => {
    const client = await connect();
    const {error} = await client.auth.signOut();
    if (error) {
      // Already gone on the server (expired, revoked, user deleted): still forget it here.
      if (error.status === 401 || error.status === 403 || error.status === 404) {
        await client.auth.signOut({scope: 'local'});
      } else {
        return error.message;
      }
    }
    if (mounted.current) {
      setRecovery(false);
      applySession(client, null);
    }
    return null;
  }, [connect, applySession]);

  const endDeletedAccount = useCallback(async (): Promise<void> => {
    // Storage first: supabase-js then holds no session, so its local sign-out sends no /logout.
    forgetStoredSession(supabaseConfig().url);
    setAccountDeleted(true);
    setRecovery(false);
    const client = await connect();
    applySession(client, null);
    await client.auth.signOut({scope: 'local'});
  }, [connect, applySession]);

  const clearLinkError = useCallback(() => setLinkError(null), []);
  const endRecovery = useCallback(() => setRecovery(false), []);
  const dismissAccountDeleted = useCallback(() => setAccountDeleted(false), []);
  const dismissEmailChange = useCallback(() => setEmailChange(null), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      preview,
      lastEvent,
      mfaPending,
      recovery,
      linkError,
      clearLinkError,
      getClient: connect,
      refreshProfile,
      setProfile,
      signOut,
      endRecovery,
      accountDeleted,
      endDeletedAccount,
      dismissAccountDeleted,
      emailChange,
      dismissEmailChange,
    }),
    [state, preview, lastEvent, mfaPending, recovery, linkError, clearLinkError, connect, refreshProfile, setProfile, signOut, endRecovery, accountDeleted, endDeletedAccount, dismissAccountDeleted, emailChange, dismissEmailChange],
  );
  return createElement(AuthContext.Provider, {value}, children);
}

export const useAuth = (): AuthContextValue => useContext(AuthContext);
export const useAuthState = (): AuthState => useContext(AuthContext).state;
export const useIsAuthLoading = (): boolean => useContext(AuthContext).state.loading;
/** Loads (once) and returns the Supabase client, for pages that need data. */
export const useSupabaseClient = (): (() => Promise<DatabaseClient>) => useContext(AuthContext).getClient;

/** The name and e-mail to show for the signed-in visitor (or from the stored session). */
export function useAccountIdentity(): {fullName: string | null; email: string | null} | null {
  const {state, preview} = useContext(AuthContext);
  if (state.status === 'signedIn') {
    const metaName = state.user.user_metadata?.full_name;
    return {
      fullName: state.profile?.full_name ?? (typeof metaName === 'string' ? metaName : null),
      email: state.user.email ?? null,
    };
  }
  if (state.status === 'loading' && preview) return {fullName: preview.fullName, email: preview.email};
  return null;
}
