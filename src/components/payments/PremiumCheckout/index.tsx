import React from 'react';
import {useAuthState} from '@site/src/lib/auth';
import {useAuthDialogs} from '@site/src/lib/authUi';
import type {DiscountQuote} from '@site/src/lib/payments';
import {chunk, useChunk} from '@site/src/lib/chunk';
import SignInButton from '@site/src/components/account/SignInButton';
import LoadFailed from '@site/src/components/site/LoadFailed';
import styles from './styles.module.css';

export interface PremiumCheckoutProps {
  quote: DiscountQuote | null;
  onQuote(quote: DiscountQuote | null): void;
  /** Leaves for PayPal's approval page (a full navigation); replaceable in tests. */
  navigate?(url: string): void;
}

// Only a signed-in learner runs the checkout (and the subscription reads and data store behind
// it): a visitor's /pricing carries none of it.
const signedInCheckout = chunk(() => import('./SignedInCheckout').then((module) => module.default));

/**
 * The Premium call to action on /pricing: sign in first, then the signed-in checkout (discount
 * code, review, Subscribe), or the subscription's state for a learner who has one.
 */
export default function PremiumCheckout(props: PremiumCheckoutProps): React.JSX.Element {
  const status = useAuthState().status;
  const dialogs = useAuthDialogs();
  const checkout = useChunk(signedInCheckout, status === 'signedIn');
  const SignedInCheckout = checkout.value;

  if (status === 'signedOut') {
    return (
      <div className={styles.box}>
        <p className={styles.note}>Sign in to subscribe. Have a discount code? You can enter it after signing in.</p>
        <div className={styles.actions}>
          <SignInButton className="button button--primary button--lg">Sign in to subscribe</SignInButton>
          {dialogs && (
            <SignInButton className="button button--secondary" mode="signUp">
              Create a free account
            </SignInButton>
          )}
        </div>
      </div>
    );
  }
  if (checkout.failed) return <LoadFailed what="the checkout" onRetry={checkout.retry} />;
  if (status === 'signedIn' && SignedInCheckout) return <SignedInCheckout {...props} />;
  return (
    <p role="status" className={styles.note}>
      Checking your account…
    </p>
  );
}
