// Wraps theme-classic's DocSidebarItem/Link (@theme-original/DocSidebarItem/Link).
// Reason: signed-in learners see a tick beside each lesson they have completed. The original
// renders unchanged; a completed lesson's item only gets an extra class (the tick is CSS) and an
// accessible label saying it is completed. Anonymous visitors load nothing.
import React from 'react';
import clsx from 'clsx';
import Link from '@theme-original/DocSidebarItem/Link';
import type LinkType from '@theme/DocSidebarItem/Link';
import type {WrapperProps} from '@docusaurus/types';
import {useProgress} from '@site/src/lib/progressStore';
import {completedDocIds} from '@site/src/lib/progressCatalog';
import styles from './styles.module.css';

type Props = WrapperProps<typeof LinkType>;

export default function DocSidebarItemLinkWrapper(props: Props): React.JSX.Element {
  const {state} = useProgress();
  const {docId, label} = props.item;
  const completed = Boolean(docId && state.summary && completedDocIds(state.summary).has(docId));
  if (!completed) return <Link {...props} />;
  return (
    <Link
      {...props}
      item={{...props.item, className: clsx(props.item.className, styles.completed)}}
      aria-label={`${label} (completed)`}
      data-completed="true"
    />
  );
}
