import React from 'react';
import clsx from 'clsx';
import {avatarInitial, type NameSource} from '@site/src/lib/displayName';
import styles from './styles.module.css';

/** A round badge with the first letter of the full name (or of the e-mail). Decorative. */
export default function Avatar({fullName, email, size = 'sm'}: NameSource & {size?: 'sm' | 'lg'}): React.JSX.Element {
  return (
    <span className={clsx(styles.avatar, size === 'lg' && styles.large)} aria-hidden="true" data-testid="avatar">
      {avatarInitial({fullName, email})}
    </span>
  );
}
