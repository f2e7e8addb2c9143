import React from 'react';
import styles from './styles.module.css';

/** Marks Premium lessons; the label is text so screen readers announce it. */
export default function PremiumBadge(): React.JSX.Element {
  return (
    <span className={styles.badge} title="Part of the Premium plan">
      Premium
    </span>
  );
}
