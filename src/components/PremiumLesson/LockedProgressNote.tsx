import React from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

/**
 * Where the progress panel would be on a Premium lesson the learner cannot open: progress on it
 * is only recorded with Premium (the database refuses it otherwise), so say so instead.
 */
export default function LockedProgressNote(): React.JSX.Element {
  return (
    <aside className={styles.progressNote} aria-label="Lesson progress">
      <p>Progress on Premium lessons is tracked with Premium.</p>
      <Link className="button button--secondary button--sm" to="/pricing">
        See Premium
      </Link>
    </aside>
  );
}
