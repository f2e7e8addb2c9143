import React from 'react';
import {capitalise} from '@site/src/lib/subscription';
import styles from './styles.module.css';

const TONES: Record<string, string | undefined> = {completed: styles.completed, failed: styles.failed};

/** A transaction's status as a coloured pill (completed green, failed red, others neutral). */
export default function TransactionStatus({status}: {status: string}): React.JSX.Element {
  return <span className={TONES[status] ?? styles.neutral}>{capitalise(status)}</span>;
}
