import React, {type ReactNode} from 'react';
import Heading from '@theme/Heading';
import {StatusIcon, type StatusIconName} from './icons';
import styles from './styles.module.css';

export interface StatusPanelProps {
  icon: StatusIconName;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** A centred message with actions, for pages whose content depends on the visitor's state. */
export default function StatusPanel({icon, title, children, actions}: StatusPanelProps): React.JSX.Element {
  return (
    <section className={styles.panel} aria-labelledby="status-panel-title">
      <StatusIcon name={icon} className={styles.icon} />
      <Heading as="h2" id="status-panel-title" className={styles.title}>
        {title}
      </Heading>
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
