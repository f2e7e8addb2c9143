import React from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import styles from './styles.module.css';

/** The navbar slot in the comparison build without the account system (bench only). */
export default function SignedOutButtons({mobile = false, className}: {mobile?: boolean; className?: string}): React.JSX.Element {
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
