import React, {useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import StatusPanel from '@site/src/components/site/StatusPanel';
import MfaCodeForm from '@site/src/components/account/MfaCodeForm';
import {useAuth} from '@site/src/lib/auth';
import {isAdminUser} from '@site/src/lib/payments';
import SignInButton from '@site/src/components/account/SignInButton';

export interface AdminOnlyProps {
  /** What the page shows an administrator, said to a signed-out visitor (one sentence). */
  what: string;
  children: ReactNode;
}

/**
 * Renders its children only for an administrator (`app_metadata.role` admin, with the second
 * factor passed when one is enrolled); anyone else sees a sign-in prompt or a refusal and nothing
 * of the page. This only decides what the browser shows: data behind it stays guarded in Postgres
 * (public.is_admin(), RLS), which refuses a non-admin whatever the page does.
 */
export default function AdminOnly({what, children}: AdminOnlyProps): React.JSX.Element {
  const {state, mfaPending, getClient} = useAuth();
  // The role travels in the access token, so a learner promoted since signing in still carries
  // the old one: renew the session once (GoTrue reads app_metadata afresh) before refusing.
  const [renewedFor, setRenewedFor] = useState<string | null>(null);
  const userId = state.status === 'signedIn' ? state.user.id : null;
  const denied = state.status === 'signedIn' && !isAdminUser(state.user);
  useEffect(() => {
    if (!denied || !userId || renewedFor === userId) return;
    let live = true;
    void getClient()
      .then((client) => client.auth.refreshSession())
      .catch(() => undefined)
      .finally(() => {
        if (live) setRenewedFor(userId);
      });
    return () => {
      live = false;
    };
  }, [denied, userId, renewedFor, getClient]);
  if (state.status === 'loading') return <p role="status">Checking your access…</p>;
  if (state.status === 'signedOut') {
    return (
      <StatusPanel
        icon="lock"
        title="Administrators only"
        actions={<SignInButton className="button button--primary">Sign In</SignInButton>}>
        <p>{what} Sign in with an administrator account to see it.</p>
      </StatusPanel>
    );
  }
  if (!isAdminUser(state.user)) {
    if (renewedFor !== state.user.id) return <p role="status">Checking your access…</p>;
    return (
      <StatusPanel
        icon="denied"
        title="Access denied"
        actions={
          <Link className="button button--secondary" to="/account">
            Go to your account
          </Link>
        }>
        <p role="alert">You do not have permission to view this page. It is for administrators only.</p>
        <p>If you were made an administrator a moment ago and still see this, sign out and sign in again.</p>
      </StatusPanel>
    );
  }
  // The database answers an admin's password-only session as a non-admin; ask for the code.
  if (mfaPending) return <MfaCodeForm idPrefix="admin-mfa" title="Enter your authentication code" onVerified={() => undefined} autoFocus={false} />;
  return <>{children}</>;
}
