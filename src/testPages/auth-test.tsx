import React, {useEffect, useState} from 'react';
import {useAuth} from '@site/src/lib/auth';
import AdminPage from '@site/src/components/admin/AdminOnly/AdminPage';
import styles from '../pages/pages.module.css';
import {errorMessage} from '@site/src/lib/data/errorText';

interface Assurance {
  currentLevel: string | null;
  nextLevel: string | null;
}

function AuthDiagnostics(): React.JSX.Element {
  const {state, lastEvent, recovery, getClient} = useAuth();
  const [aal, setAal] = useState<Assurance | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const accessToken = state.session?.access_token ?? null;

  useEffect(() => {
    let ignore = false;
    getClient()
      .then(async (client) => {
        if (!accessToken) return setAal(null);
        // Decoded from the stored access token; no network request.
        const {data, error} = await client.auth.mfa.getAuthenticatorAssuranceLevel();
        if (ignore) return;
        if (error) setClientError(error.message);
        else setAal({currentLevel: data.currentLevel, nextLevel: data.nextLevel});
      })
      .catch((error: unknown) => {
        if (!ignore) setClientError(errorMessage(error));
      });
    return () => {
      ignore = true;
    };
  }, [getClient, accessToken]);

  const user = state.user;
  const expiresAt = state.session?.expires_at;
  const factors = user?.factors ?? [];
  return (
    <dl className={styles.diagnostics} data-testid="auth-diagnostics">
      <dt>State</dt>
      <dd>{state.status === 'signedIn' ? 'signed in' : state.status === 'loading' ? 'loading' : 'signed out'}</dd>
      <dt>User id</dt>
      <dd>{user?.id ?? '—'}</dd>
      <dt>E-mail</dt>
      <dd>{user?.email ?? '—'}</dd>
      <dt>E-mail confirmed</dt>
      <dd>{user ? (user.email_confirmed_at ? new Date(user.email_confirmed_at).toLocaleString() : 'no') : '—'}</dd>
      <dt>Session expires</dt>
      <dd>{expiresAt ? `${new Date(expiresAt * 1000).toLocaleString()} (in ${Math.round(expiresAt - Date.now() / 1000)} s)` : '—'}</dd>
      <dt>Assurance level</dt>
      <dd>{aal ? `${aal.currentLevel ?? '—'} (next: ${aal.nextLevel ?? '—'})` : '—'}</dd>
      <dt>MFA factors</dt>
      <dd>{factors.length === 0 ? 'none' : factors.map((x) => `${x.factor_type} ${x.friendly_name ?? ''} (${x.status})`.replace('  ', ' ')).join(', ')}</dd>
      <dt>Password recovery</dt>
      <dd>{recovery ? 'yes' : 'no'}</dd>
      <dt>Last auth event</dt>
      <dd>{lastEvent ?? 'none'}</dd>
      {clientError && (
        <>
          <dt>Client error</dt>
          <dd>{clientError}</dd>
        </>
      )}
    </dl>
  );
}

// Operator diagnostics for the account system, for administrators only; no tokens or keys are
// ever shown here.
export default function AuthTest(): React.JSX.Element {
  return (
    <AdminPage title="Auth diagnostics" description="Operator diagnostics for the account system." what="This page shows operators what this browser knows about its account session.">
      <p>What this browser knows about the current visitor’s account session.</p>
      <AuthDiagnostics />
    </AdminPage>
  );
}
