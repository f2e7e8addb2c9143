import React from 'react';
import Page from '@site/src/components/site/Page';
import Link from '@docusaurus/Link';
import StatusPanel from '@site/src/components/site/StatusPanel';
import ProgressDashboard from '@site/src/components/progress/ProgressDashboard';
import CertificateList from '@site/src/components/certificates/CertificateList';
import {useCheckStatuses} from '@site/src/lib/useKnowledgeCheckData';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {useProgress} from '@site/src/lib/useProgress';
import clsx from 'clsx';
import styles from './pages.module.css';
import SignInButton from '@site/src/components/account/SignInButton';

function SignInInvite(): React.JSX.Element {
  return (
    <StatusPanel
      icon="progress"
      title="Sign in to track your progress"
      actions={
        <>
          <SignInButton className="button button--primary">Sign in</SignInButton>
          <Link className="button button--secondary" to="/modules">
            Browse modules
          </Link>
        </>
      }>
      <p>
        With an account, every lesson you open and complete is recorded, and this page shows your courses, the lessons you
        have finished and where to pick up again.
      </p>
    </StatusPanel>
  );
}

export default function Progress(): React.JSX.Element {
  const catalog = useCatalog();
  const {state, signedIn, authLoading, reload} = useProgress({fresh: true});
  const {state: checks} = useCheckStatuses();
  return (
    <Page title="My progress" description="Your progress across every course." className={styles.accountPage}>
      {signedIn ? (
        <ProgressDashboard
          catalog={catalog}
          summary={state.data}
          loading={state.status === 'loading'}
          error={state.status === 'error' ? state.error : null}
          onRetry={() => void reload()}
          checks={checks.data}
        />
      ) : (
        <>
          {/* Until the account is known, the server's HTML guesses from the stored session
              (src/config/storedSessionMarker.ts): a visitor sees the invitation at once, a
              learner this line. The invitation stays mounted when a visitor is confirmed. */}
          {authLoading && (
            <p className={clsx(styles.count, styles.ifStoredSession)} role="status">
              Checking your account…
            </p>
          )}
          <div className={clsx(authLoading && styles.ifNoStoredSession)}>
            <SignInInvite />
          </div>
        </>
      )}
      {signedIn && <CertificateList />}
    </Page>
  );
}
