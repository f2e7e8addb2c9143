import React from 'react';
import Link from '@docusaurus/Link';
import ProgressInvite from '@site/src/components/progress/ProgressInvite';

/**
 * Where the progress panel would be on a Premium lesson the learner cannot open: progress on it
 * is only recorded with Premium (the database refuses it otherwise), so say so instead.
 */
export default function LockedProgressNote(): React.JSX.Element {
  return (
    <ProgressInvite
      label="Lesson progress"
      action={
        <Link className="button button--secondary button--sm" to="/pricing">
          See Premium
        </Link>
      }>
      Progress on Premium lessons is tracked with Premium.
    </ProgressInvite>
  );
}
