import React from 'react';
import clsx from 'clsx';
import {formatPercent} from '@site/src/lib/formatPercent';
import styles from './styles.module.css';

export interface ProgressBarProps {
  /** 0–100. */
  percentage: number;
  /** What the bar measures, for assistive technology, e.g. "Research Overview progress". */
  label: string;
  /** Text after the bar, e.g. "2 of 3 lessons"; the percentage is always shown. */
  detail?: string;
  size?: 'small' | 'normal';
  className?: string;
}

/** A labelled progress bar with the percentage in text beside it. */
export default function ProgressBar({percentage, label, detail, size = 'normal', className}: ProgressBarProps): React.JSX.Element {
  const value = Math.min(100, Math.max(0, percentage));
  const text = formatPercent(value);
  return (
    <div className={clsx(styles.wrap, size === 'small' && styles.small, className)}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        aria-valuetext={detail ? `${text}, ${detail}` : text}>
        <div className={clsx(styles.fill, value >= 100 && styles.done)} style={{width: `${value}%`}} />
      </div>
      <span className={styles.text} data-testid="progress-percentage">
        {text}
      </span>
      {detail && <span className={styles.detail}>{detail}</span>}
    </div>
  );
}
