import React from 'react';
import MfaCodeForm from '@site/src/components/account/MfaCodeForm';
import {useAuth} from '@site/src/lib/auth';
import DeleteAccount from './DeleteAccount';
import Devices from './Devices';
import EmailChange from './EmailChange';
import ExportData from './ExportData';
import PasswordChange from './PasswordChange';
import TwoFactor from './TwoFactor';
import styles from './styles.module.css';

/**
 * The Security tab of Account Settings. A session that still owes its second factor sees only
 * the code form: security changes need the full sign-in (the auth service enforces it too).
 */
export default function AccountSecurity({onSignedOut}: {onSignedOut(): void}): React.JSX.Element {
  const {mfaPending} = useAuth();
  if (mfaPending) {
    return <MfaCodeForm idPrefix="security-mfa" title="Confirm it is you" onVerified={() => undefined} autoFocus={false} />;
  }
  return (
    <div className={styles.sections}>
      <TwoFactor />
      <PasswordChange />
      <EmailChange />
      <Devices onSignedOut={onSignedOut} />
      <ExportData />
      <DeleteAccount onDeleted={onSignedOut} />
    </div>
  );
}
