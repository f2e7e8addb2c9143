import React from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';
import SignInButton from '@site/src/components/SignInButton';

export interface ProgressInviteProps {
  children?: React.ReactNode;
  className?: string;
}

/** The short invitation anonymous visitors see where signed-in learners see their progress. */
export default function ProgressInvite({children, className}: ProgressInviteProps): React.JSX.Element {
  return (
    <aside className={clsx(styles.invite, className)} aria-label="Track your progress">
      <p className={styles.text}>{children ?? 'Sign in to track your progress through the courses and pick up where you left off.'}</p>
      <SignInButton className="button button--primary button--sm">Sign in</SignInButton>
    </aside>
  );
}
