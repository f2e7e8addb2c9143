import React from 'react';
import clsx from 'clsx';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import Avatar from '@site/src/components/account/Avatar';
import {useAccountIdentity, useIsAuthLoading} from '@site/src/lib/auth';
import {useAuthDialogs, type AuthMode} from '@site/src/lib/authUi';
import {displayName} from '@site/src/lib/displayName';
import styles from './styles.module.css';

export interface AuthButtonProps {
  /** Set by the navbar when the item renders inside the mobile drawer. */
  mobile?: boolean;
  className?: string;
}

/**
 * The navbar's account slot (`custom-authButton`): "Loading..." while the session check runs,
 * Sign In / Sign Up when signed out, the avatar and name (opening Account Settings) when signed
 * in — from the stored session even before the Supabase client has loaded.
 */
export default function AuthButton({mobile = false, className}: AuthButtonProps): React.JSX.Element {
  const identity = useAccountIdentity();
  const loading = useIsAuthLoading();
  const dialogs = useAuthDialogs();
  const sidebar = useNavbarMobileSidebar();

  const act = (action: () => void) => () => {
    // The drawer would otherwise stay open behind the dialog.
    if (mobile && sidebar.shown) sidebar.toggle();
    action();
  };
  const openAuth = (mode: AuthMode) => act(() => dialogs?.openAuth(mode));
  const groupClass = clsx(styles.group, mobile ? styles.mobile : styles.desktop, className);

  if (identity) {
    const name = displayName(identity);
    return (
      <div className={groupClass}>
        <button
          type="button"
          className={styles.account}
          aria-haspopup="dialog"
          title="Account Settings"
          onClick={act(() => dialogs?.openSettings())}>
          <Avatar fullName={identity.fullName} email={identity.email} />
          <span className={styles.name}>{name}</span>
        </button>
      </div>
    );
  }
  if (loading) {
    return (
      <div className={groupClass}>
        <span className={styles.loading} role="status">
          Loading...
        </span>
      </div>
    );
  }
  return (
    <div className={groupClass}>
      <button type="button" className={clsx('button button--secondary button--sm', styles.button)} aria-haspopup="dialog" onClick={openAuth('signIn')}>
        Sign In
      </button>
      <button type="button" className={clsx('button button--primary button--sm', styles.button, styles.signUp)} aria-haspopup="dialog" onClick={openAuth('signUp')}>
        Sign Up
      </button>
    </div>
  );
}
