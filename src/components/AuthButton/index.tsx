import React from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface AuthButtonProps {
  /** Set by the navbar when the item renders inside the mobile drawer. */
  mobile?: boolean;
  className?: string;
}

/**
 * The navbar's account slot (`custom-authButton`). Until the account system is wired in, it
 * offers the signed-out actions, which lead to the account page.
 */
export default function AuthButton({mobile = false, className}: AuthButtonProps): React.JSX.Element {
  return (
    <div className={clsx(styles.group, mobile ? styles.mobile : styles.desktop, className)}>
      <Link className={clsx('button button--secondary button--sm', styles.button)} to="/account">
        Sign In
      </Link>
      <Link className={clsx('button button--primary button--sm', styles.button)} to="/account">
        Sign Up
      </Link>
    </div>
  );
}
