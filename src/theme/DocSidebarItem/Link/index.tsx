// Wraps theme-classic's DocSidebarItem/Link (@theme-original/DocSidebarItem/Link).
// Reason: signed-in learners see a tick beside each lesson they have completed, and everyone
// without Premium a lock beside Premium lessons: the item gets an extra class (the mark is CSS)
// and the link an accessible label saying what it means. Anonymous visitors load nothing: they
// lack Premium without asking.
import React from 'react';
import clsx from 'clsx';
import OriginalLink from '@theme-original/DocSidebarItem/Link';
import type {Props} from '@theme/DocSidebarItem/Link';
import {useProgress} from '@site/src/lib/useProgress';
import {completedDocIds} from '@site/src/lib/progressCatalog';
import {usePremiumAccess} from '@site/src/lib/usePremiumAccess';
import {useCatalog} from '@site/src/catalog/useCatalog';
import styles from './styles.module.css';

export default function DocSidebarItemLink(props: Props): React.JSX.Element {
  const {state} = useProgress();
  const access = usePremiumAccess();
  const {courses} = useCatalog();
  const {item} = props;
  const {docId, label} = item;
  const completed = Boolean(docId && state.data && completedDocIds(state.data).has(docId));
  const premium = Boolean(docId && courses.some((c) => c.lessons.some((l) => l.isPremium && l.docId === docId)));
  const locked = premium && access === 'none' && !completed;
  const mark = completed ? styles.completed : locked ? styles.locked : undefined;
  return (
    <OriginalLink
      {...props}
      item={{...item, className: clsx(item.className, mark)}}
      aria-label={completed ? `${label} (completed)` : locked ? `${label} (Premium, locked)` : undefined}
      data-completed={completed ? 'true' : undefined}
      data-locked={locked ? 'true' : undefined}
    />
  );
}
