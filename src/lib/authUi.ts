// Opening the account dialogs from anywhere (navbar, pages): the host lives in
// src/components/account/AccountRoot, rendered by src/theme/Root.tsx.
import {createContext, useContext} from 'react';

export type AuthMode = 'signIn' | 'signUp' | 'reset' | 'linkError' | 'mfa' | 'code';

export interface AuthDialogs {
  openAuth(mode: AuthMode): void;
  openSettings(): void;
  close(): void;
}

export const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/** Null outside the account system (the comparison build without it). */
export const useAuthDialogs = (): AuthDialogs | null => useContext(AuthDialogsContext);

/** Where e-mail links send the visitor back to: the site's own origin. */
const siteOrigin = (): string => window.location.origin;
export const confirmRedirect = (): string => `${siteOrigin()}/`;
export const recoveryRedirect = (): string => `${siteOrigin()}/reset-password`;
export const emailChangeRedirect = (): string => `${siteOrigin()}/`;

/** Time for countdowns, injectable so tests move it instead of waiting. */
export interface Clock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  },
};
