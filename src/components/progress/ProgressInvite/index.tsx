import React from 'react';
import clsx from 'clsx';
import SignInButton from '@site/src/components/account/SignInButton';
import styles from './styles.module.css';

export interface ProgressInviteProps {
  children?: React.ReactNode;
  className?: string;
  /** The box's accessible name. */
  label?: string;
  /** The call to action; signing in unless given. */
  action?: React.ReactNode;
}

/**
 * The short note shown where a signed-in learner would see their progress: an invitation to sign
 * in for anonymous visitors, or (on a locked Premium lesson) why progress is not recorded.
 */
export default function ProgressInvite({children, className, label = 'Track your progress', action}: ProgressInviteProps): React.JSX.Element {
  return (
    <aside className={clsx(styles.invite, className)} aria-label={label}>
      <p className={styles.text}>{children ?? 'Sign in to track your progress through the courses and pick up where you left off.'}</p>
      {action ?? <SignInButton className="button button--primary button--sm">Sign in</SignInButton>}
    </aside>
  );
}
