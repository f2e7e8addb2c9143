import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import StatusPanel from '@site/src/components/StatusPanel';
import AdminTransactions from '@site/src/components/AdminTransactions';
import AdminCertificates from '@site/src/components/AdminCertificates';
import MfaCodeForm from '@site/src/components/MfaCodeForm';
import {useAuth} from '@site/src/lib/auth';
import {useAuthDialogs} from '@site/src/lib/authUi';
import {isAdminUser} from '@site/src/lib/payments';

export default function AdminTransactionsPage(): React.JSX.Element {
  const {state, mfaPending} = useAuth();
  const dialogs = useAuthDialogs();
  let body: React.JSX.Element;
  if (state.status === 'loading') {
    body = <p role="status">Checking your access…</p>;
  } else if (state.status === 'signedOut') {
    body = (
      <StatusPanel
        icon="🔒"
        title="Administrators only"
        actions={
          dialogs ? (
            <button type="button" className="button button--primary" onClick={() => dialogs.openAuth('signIn')}>
              Sign In
            </button>
          ) : (
            <Link className="button button--secondary" to="/">
              Back to the home page
            </Link>
          )
        }>
        <p>This page lists every subscription payment. Sign in with an administrator account to see it.</p>
      </StatusPanel>
    );
  } else if (!isAdminUser(state.user)) {
    body = (
      <StatusPanel
        icon="⛔"
        title="Access denied"
        actions={
          <Link className="button button--secondary" to="/account">
            Go to your account
          </Link>
        }>
        <p role="alert">You do not have permission to view this page. It is for administrators only.</p>
      </StatusPanel>
    );
  } else if (mfaPending) {
    // The database answers an admin's password-only session with no rows; ask for the code.
    body = <MfaCodeForm idPrefix="admin-mfa" title="Enter your authentication code" onVerified={() => undefined} autoFocus={false} />;
  } else {
    body = (
      <>
        <AdminTransactions />
        <AdminCertificates />
      </>
    );
  }
  return (
    <Layout title="Transactions (admin)" description="All subscription payments, for administrators.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Transactions</Heading>
        {body}
      </main>
    </Layout>
  );
}
