// "Last reviewed" line for lessons: front matter `last_reviewed: YYYY-MM-DD` is the date a
// methods reviewer last checked the page against its sources (not the last commit, which
// Docusaurus's last-update line would show for a typo fix too).
import React from 'react';
import styles from './styles.module.css';
import {parseReviewDate} from './reviewDate';
import {formatLongDate} from '@site/src/lib/longDate';

export default function LastReviewed({value}: {value: unknown}): React.JSX.Element | null {
  const date = parseReviewDate(value);
  if (!date) return null;
  const iso = date.toISOString().slice(0, 10);
  const text = formatLongDate(date);
  return (
    <p className={styles.lastReviewed}>
      Last reviewed: <time dateTime={iso}>{text}</time>
    </p>
  );
}
