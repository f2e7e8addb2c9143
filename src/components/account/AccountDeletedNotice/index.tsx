import React from 'react';
import {useAuth} from '@site/src/lib/auth';

/**
 * Says the account is gone after it was deleted in this tab. It lives above every page (not in
 * the settings dialog that closes), so it stays up through the sign-out until dismissed.
 */
export default function AccountDeletedNotice(): React.JSX.Element | null {
  const {accountDeleted, dismissAccountDeleted} = useAuth();
  if (!accountDeleted) return null;
  return (
    <div role="status" className="alert alert--success margin--md">
      <p className="margin-bottom--sm">
        <strong>Your account has been deleted.</strong> You are signed out everywhere; your profile, progress and certificates are gone.
      </p>
      <button type="button" className="button button--sm button--secondary" onClick={dismissAccountDeleted}>
        Dismiss
      </button>
    </div>
  );
}
