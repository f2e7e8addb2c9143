import React, {useCallback, useEffect, useMemo, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {AuthProvider, useAuth} from '@site/src/lib/auth';
import {AuthDialogsContext, type AuthDialogs, type AuthMode} from '@site/src/lib/authUi';
import LoadFailedDialog from '@site/src/components/site/LoadFailedDialog';
import AccountDeletedNotice from '@site/src/components/account/AccountDeletedNotice';
import EmailChangeNotice from '@site/src/components/account/AccountDeletedNotice/EmailChangeNotice';
import {chunk, useChunk} from '@site/src/lib/chunk';

// The dialogs are separate chunks: nobody downloads them until one opens.
const authModal = chunk(() => import('@site/src/components/account/AuthModal').then((module) => module.default));
const accountSettings = chunk(() => import('@site/src/components/account/AccountSettings').then((module) => module.default));

type Open = {kind: 'auth'; mode: AuthMode; key: number} | {kind: 'settings'; key: number} | null;

const HASH_MODES: Record<string, AuthMode> = {'#sign-in': 'signIn', '#sign-up': 'signUp'};

function DialogHost({children}: {children: ReactNode}): React.JSX.Element {
  const {getClient, linkError, mfaPending} = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState<Open>(null);
  const authDialog = useChunk(authModal, open?.kind === 'auth');
  const settingsDialog = useChunk(accountSettings, open?.kind === 'settings');
  const AuthModal = authDialog.value;
  const AccountSettings = settingsDialog.value;

  const openAuth = useCallback(
    (mode: AuthMode) => {
      // Acting is the moment to fetch the client, in parallel with the dialog's chunk.
      getClient().catch(() => undefined);
      setOpen({kind: 'auth', mode, key: Date.now()});
    },
    [getClient],
  );
  const openSettings = useCallback(() => {
    getClient().catch(() => undefined);
    setOpen({kind: 'settings', key: Date.now()});
  }, [getClient]);
  const close = useCallback(() => setOpen(null), []);

  // A confirmation link that failed: say so and offer a new one (/reset-password handles its own).
  const onResetPage = /^\/reset-password\/?$/.test(location.pathname);
  useEffect(() => {
    if (linkError && !onResetPage) setOpen({kind: 'auth', mode: 'linkError', key: Date.now()});
  }, [linkError, onResetPage]);

  // A session that still owes its second factor (a reload mid-sign-in, an e-mail link) asks for it.
  useEffect(() => {
    if (mfaPending) setOpen((current) => current ?? {kind: 'auth', mode: 'mfa', key: Date.now()});
  }, [mfaPending]);

  // Old links such as /account#sign-in open the modal.
  useEffect(() => {
    const mode = HASH_MODES[location.hash];
    if (!mode) return;
    openAuth(mode);
    window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
    // location.key: following the same link again opens it again.
  }, [location.hash, location.key, location.pathname, location.search, openAuth]);

  const value = useMemo<AuthDialogs>(() => ({openAuth, openSettings, close}), [openAuth, openSettings, close]);
  return (
    <AuthDialogsContext.Provider value={value}>
      <AccountDeletedNotice />
      <EmailChangeNotice />
      {children}
      {open?.kind === 'auth' && AuthModal && <AuthModal key={open.key} initialMode={open.mode} onClose={close} />}
      {open?.kind === 'settings' && AccountSettings && <AccountSettings key={open.key} onClose={close} />}
      {authDialog.failed && <LoadFailedDialog title="Sign In" what="the sign-in form" onRetry={authDialog.retry} onClose={close} />}
      {settingsDialog.failed && <LoadFailedDialog title="Account Settings" what="your account settings" onRetry={settingsDialog.retry} onClose={close} />}
    </AuthDialogsContext.Provider>
  );
}

/** The account system around every page: auth state and the dialogs that act on it. */
export default function AccountRoot({children}: {children: ReactNode}): React.JSX.Element {
  return (
    <AuthProvider>
      <DialogHost>{children}</DialogHost>
    </AuthProvider>
  );
}
