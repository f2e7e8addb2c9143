// Wraps theme-classic's DocSidebarItem/Link (@theme-original/DocSidebarItem/Link).
// Reason: signed-in learners see a tick beside each lesson they have completed, and everyone
// without Premium a lock beside Premium lessons. The original renders unchanged; the item only
// gets an extra class (the mark is CSS) and an accessible label saying what it means. Anonymous
// visitors load nothing: they lack Premium without asking.
import React from 'react';
import clsx from 'clsx';
import Link from '@theme-original/DocSidebarItem/Link';
import type LinkType from '@theme/DocSidebarItem/Link';
import type {WrapperProps} from '@docusaurus/types';
import {useProgress} from '@site/src/lib/progressStore';
import {completedDocIds} from '@site/src/lib/progressCatalog';
import {usePremiumAccess} from '@site/src/lib/usePremiumAccess';
import {useCatalog} from '@site/src/catalog/useCatalog';
import styles from './styles.module.css';

type Props = WrapperProps<typeof LinkType>;

export default function DocSidebarItemLinkWrapper(props: Props): React.JSX.Element {
  const {state} = useProgress();
  const access = usePremiumAccess();
  const {courses} = useCatalog();
  const {docId, label} = props.item;
  const completed = Boolean(docId && state.summary && completedDocIds(state.summary).has(docId));
  const premium = Boolean(docId && courses.some((c) => c.lessons.some((l) => l.isPremium && l.docId === docId)));
  const locked = premium && access === 'none' && !completed;
  if (!completed && !locked) return <Link {...props} />;
  return (
    <Link
      {...props}
      item={{...props.item, className: clsx(props.item.className, completed ? styles.completed : styles.locked)}}
      aria-label={completed ? `${label} (completed)` : `${label} (Premium, locked)`}
      data-completed={completed ? 'true' : undefined}
      data-locked={locked ? 'true' : undefined}
    />
  );
}
