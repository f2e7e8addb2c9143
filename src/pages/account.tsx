import React, {useCallback, useEffect, useRef, useState} from 'react';
import Page from '@site/src/components/site/Page';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import Heading from '@theme/Heading';
import StatusPanel from '@site/src/components/site/StatusPanel';
import SubscriptionSummary from '@site/src/components/payments/SubscriptionSummary';
import TransactionHistory from '@site/src/components/payments/TransactionHistory';
import PaidSubscriptions from '@site/src/components/payments/PaidSubscriptions';
import {Message} from '@site/src/components/site/Form';
import {useAccountIdentity, useAuth} from '@site/src/lib/auth';
import {useAuthDialogs} from '@site/src/lib/authUi';
import {confirmSubscription, readPayPalReturn, releaseCheckout, type PayPalReturn} from '@site/src/lib/payments';
import {displayName} from '@site/src/lib/displayName';
import {SUPPORT_EMAIL} from '@site/src/config/site';
import styles from './account.module.css';
import pageStyles from './pages.module.css';
import {errorMessage} from '@site/src/lib/data/errorText';
import {invalidateSubscription} from '@site/src/lib/subscription';

type Confirm = {phase: 'idle'} | {phase: 'confirming'} | {phase: 'done'} | {phase: 'error'; message: string};

/** `?paypal=return&subscription_id=…` → confirm-subscription (idempotent); `?paypal=cancel` → a calm note. */
function usePayPalReturn(userId: string | null, onActivated: () => void) {
  const location = useLocation();
  const history = useHistory();
  const {getClient, setProfile, refreshProfile} = useAuth();
  const [ret, setRet] = useState<PayPalReturn>(null);
  const [confirm, setConfirm] = useState<Confirm>({phase: 'idle'});
  const started = useRef<string | null>(null);

  // Read once from the URL, then drop the parameters so a reload or a shared link does not repeat it.
  useEffect(() => {
    const found = readPayPalReturn(location.search);
    if (!found) return;
    setRet(found);
    setConfirm({phase: 'idle'});
    started.current = null;
    const params = new URLSearchParams(location.search);
    for (const key of ['paypal', 'subscription_id', 'token', 'ba_token']) params.delete(key);
    const rest = params.toString();
    history.replace(`${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  }, [location.search, location.pathname, location.hash, history]);

  const run = useCallback(
    async (subscriptionId: string) => {
      setConfirm({phase: 'confirming'});
      try {
        const result = await confirmSubscription(await getClient(), subscriptionId);
        if (result.error !== null) {
          setConfirm({phase: 'error', message: result.error});
          return;
        }
        if (result.data.profile) setProfile(result.data.profile);
        await refreshProfile().catch(() => undefined);
        setConfirm({phase: 'done'});
        onActivated();
      } catch (error) {
        setConfirm({phase: 'error', message: errorMessage(error)});
      }
    },
    [getClient, setProfile, refreshProfile, onActivated],
  );

  useEffect(() => {
    if (ret?.kind !== 'return' || !ret.subscriptionId || !userId) return;
    if (started.current === ret.subscriptionId) return;
    started.current = ret.subscriptionId;
    void run(ret.subscriptionId);
  }, [ret, userId, run]);

  // Cancel on PayPal: the checkout gives its discount use back at once.
  useEffect(() => {
    if (ret?.kind !== 'cancel' || !ret.subscriptionId || !userId) return;
    void getClient().then((client) => releaseCheckout(client, ret.subscriptionId as string));
  }, [ret, userId, getClient]);

  const retry = () => {
    if (ret?.kind === 'return' && ret.subscriptionId) void run(ret.subscriptionId);
  };
  return {ret, confirm, retry};
}

function ReturnNotice({ret, confirm, retry}: ReturnType<typeof usePayPalReturn>): React.JSX.Element | null {
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirm.phase === 'done' || confirm.phase === 'error') heading.current?.focus();
  }, [confirm.phase]);
  if (!ret) return null;
  if (ret.kind === 'cancel') {
    return (
      <div className={styles.notice}>
        <Message kind="info">
          <strong>Checkout cancelled.</strong> Nothing was charged and your plan has not changed. You can subscribe any time from the{' '}
          <Link to="/pricing">pricing page</Link>.
        </Message>
      </div>
    );
  }
  if (!ret.subscriptionId) {
    return (
      <div className={styles.notice}>
        <Message kind="error">
          The link back from PayPal has no valid subscription id. If you approved a payment, contact{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </Message>
      </div>
    );
  }
  return (
    <div className={styles.notice} ref={heading} tabIndex={-1}>
      {confirm.phase === 'idle' && <Message kind="info">Sign in to finish activating your subscription.</Message>}
      {confirm.phase === 'confirming' && (
        <div role="status" className={styles.progress}>
          <span className={styles.spinner} aria-hidden="true" />
          Confirming your subscription with PayPal…
        </div>
      )}
      {confirm.phase === 'done' && (
        <Message kind="success">
          <strong>Welcome to Premium!</strong> Your subscription is active.
        </Message>
      )}
      {confirm.phase === 'error' && (
        <>
          <Message kind="error">
            We could not confirm your subscription: {confirm.message}. If PayPal charged you, it will be matched up; contact{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if this persists.
          </Message>
          <button type="button" className="button button--secondary button--sm margin-top--sm" onClick={retry}>
            Try again
          </button>
        </>
      )}
    </div>
  );
}

function SignedInAccount({userId}: {userId: string}): React.JSX.Element {
  const dialogs = useAuthDialogs();
  const identity = useAccountIdentity();
  const paypal = usePayPalReturn(userId, invalidateSubscription);

  return (
    <>
      {identity && (
        <div className={styles.identity}>
          <p>
            Signed in as <strong>{displayName(identity)}</strong>
            {identity.email && identity.fullName ? ` (${identity.email})` : ''}
          </p>
          {dialogs && (
            <button type="button" className="button button--secondary button--sm" onClick={dialogs.openSettings}>
              Account settings
            </button>
          )}
        </div>
      )}
      <ReturnNotice {...paypal} />
      <SubscriptionSummary manage activating={paypal.confirm.phase === 'confirming'} onChanged={invalidateSubscription} />
      <PaidSubscriptions userId={userId} />
      <TransactionHistory userId={userId} />
    </>
  );
}

function Help(): React.JSX.Element {
  return (
    <section className={styles.help} aria-labelledby="account-help-title">
      <Heading as="h2" id="account-help-title">
        Need help?
      </Heading>
      <ul>
        <li>Payments, renewals and refunds go through PayPal: you can also see and stop the autopay in your PayPal account.</li>
        <li>Cancelling keeps Premium until the end of the year you paid for; your progress is never deleted.</li>
        <li>
          Anything else, including a payment that does not show up here: write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </li>
      </ul>
      <a className="button button--outline button--primary" href={`mailto:${SUPPORT_EMAIL}`}>
        Contact Support
      </a>
    </section>
  );
}

export default function Account(): React.JSX.Element {
  const {state} = useAuth();
  const dialogs = useAuthDialogs();
  return (
    <Page title="Account" description="Your account, your Premium subscription and your payments." className={pageStyles.accountPage}>
      {state.status === 'loading' && <p role="status">Loading your account…</p>}
      {state.status === 'signedOut' && (
        <StatusPanel
          icon="person"
          title="Sign in to see your account"
          actions={
            dialogs ? (
              <>
                <button type="button" className="button button--primary" onClick={() => dialogs.openAuth('signIn')}>
                  Sign In
                </button>
                <button type="button" className="button button--secondary" onClick={() => dialogs.openAuth('signUp')}>
                  Create Account
                </button>
              </>
            ) : (
              <Link className="button button--primary" to="/docs/intro">
                Start learning
              </Link>
            )
          }>
          <p>Your subscription, payments and settings are here once you are signed in. Every free lesson can be read without an account.</p>
        </StatusPanel>
      )}
      {state.status === 'signedIn' && <SignedInAccount userId={state.user.id} />}
      <Help />
    </Page>
  );
}
