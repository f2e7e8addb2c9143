import React from 'react';
import {useAuth} from '@site/src/lib/auth';

/**
 * Where an e-mail change stands once one of its links brought the learner back: after the first
 * of the two links the service asks for the other one; after the second the account has its new
 * address. Read from the user's `email` and `new_email` when signed in in this browser.
 */
export default function EmailChangeNotice(): React.JSX.Element | null {
  const {emailChange, dismissEmailChange, state} = useAuth();
  if (!emailChange) return null;
  const user = state.user;
  return (
    <div role="status" className="alert alert--info margin--md">
      {emailChange.step === 'done' ? (
        <p className="margin-bottom--sm">
          <strong>Your e-mail address has been changed.</strong>
          {user?.email ? ` You now sign in with ${user.email}.` : ''}
        </p>
      ) : (
        <p className="margin-bottom--sm">
          <strong>One of the two addresses is confirmed.</strong> {emailChange.message}.{' '}
          {user?.new_email && user.email
            ? `The change from ${user.email} to ${user.new_email} finishes when that link (or its code, under Account Settings) is used; until then you sign in with ${user.email}.`
            : 'The change finishes when that link (or its code, under Account Settings) is used; until then you sign in with your old address.'}
        </p>
      )}
      <button type="button" className="button button--sm button--secondary" onClick={dismissEmailChange}>
        Dismiss
      </button>
    </div>
  );
}
