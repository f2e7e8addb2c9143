import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

/** One titled part of the Security tab, a region named by its heading. */
export default function Section({id, title, children, className}: {id: string; title: string; children: ReactNode; className?: string}): React.JSX.Element {
  return (
    <section aria-labelledby={`${id}-heading`} className={className ? `${styles.section} ${className}` : styles.section}>
      <h3 id={`${id}-heading`} className={styles.heading}>
        {title}
      </h3>
      {children}
    </section>
  );
}
