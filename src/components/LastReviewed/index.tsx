// "Last reviewed" line for lessons: front matter `last_reviewed: YYYY-MM-DD` is the date a
// methods reviewer last checked the page against its sources (not the last commit, which
// Docusaurus's last-update line would show for a typo fix too).
import React from 'react';
import styles from './styles.module.css';
import {parseReviewDate} from './reviewDate';

export default function LastReviewed({value}: {value: unknown}): React.JSX.Element | null {
  const date = parseReviewDate(value);
  if (!date) return null;
  const iso = date.toISOString().slice(0, 10);
  const text = date.toLocaleDateString('en-GB', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'});
  return (
    <p className={styles.lastReviewed}>
      Last reviewed: <time dateTime={iso}>{text}</time>
    </p>
  );
}
