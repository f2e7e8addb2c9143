import React from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import {useAuthDialogs} from '@site/src/lib/authUi';
import styles from './styles.module.css';

export interface ProgressInviteProps {
  children?: React.ReactNode;
  className?: string;
}

/** The short invitation anonymous visitors see where signed-in learners see their progress. */
export default function ProgressInvite({children, className}: ProgressInviteProps): React.JSX.Element {
  const dialogs = useAuthDialogs();
  return (
    <aside className={clsx(styles.invite, className)} aria-label="Track your progress">
      <p className={styles.text}>{children ?? 'Sign in to track your progress through the courses and pick up where you left off.'}</p>
      {dialogs ? (
        <button type="button" className="button button--primary button--sm" onClick={() => dialogs.openAuth('signIn')}>
          Sign in
        </button>
      ) : (
        <Link className="button button--primary button--sm" to="/account">
          Sign in
        </Link>
      )}
    </aside>
  );
}
