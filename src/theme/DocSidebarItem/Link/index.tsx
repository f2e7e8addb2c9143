// Replaces theme-classic's DocSidebarItem/Link for links within this site; links elsewhere still
// render the original (@theme-original/DocSidebarItem/Link, with its external-link icon).
// Reasons: the link goes through IntentLink, so the sidebar's lessons are fetched when a reader
// points at one, not all at once because they are on screen (see IntentLink). And signed-in
// learners see a tick beside each lesson they have completed, and everyone without Premium a lock
// beside Premium lessons: the item gets an extra class (the mark is CSS) and an accessible label
// saying what it means. Anonymous visitors load nothing: they lack Premium without asking.
import React from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';
import isInternalUrl from '@docusaurus/isInternalUrl';
import OriginalLink from '@theme-original/DocSidebarItem/Link';
import type {Props} from '@theme/DocSidebarItem/Link';
import IntentLink from '@site/src/components/IntentLink';
import {useProgress} from '@site/src/lib/progressStore';
import {completedDocIds} from '@site/src/lib/progressCatalog';
import {usePremiumAccess} from '@site/src/lib/usePremiumAccess';
import {useCatalog} from '@site/src/catalog/useCatalog';
import styles from './styles.module.css';

export default function DocSidebarItemLink(props: Props): React.JSX.Element {
  const {state} = useProgress();
  const access = usePremiumAccess();
  const {courses} = useCatalog();
  const {item, onItemClick, activePath, level, index: _index, ...rest} = props;
  const {docId, label, href} = item;
  const completed = Boolean(docId && state.summary && completedDocIds(state.summary).has(docId));
  const premium = Boolean(docId && courses.some((c) => c.lessons.some((l) => l.isPremium && l.docId === docId)));
  const locked = premium && access === 'none' && !completed;
  const mark = completed ? styles.completed : locked ? styles.locked : undefined;
  if (!isInternalUrl(href)) return <OriginalLink {...props} item={{...item, className: clsx(item.className, mark)}} />;
  const isActive = isActiveSidebarItem(item, activePath);
  return (
    <li
      className={clsx(
        ThemeClassNames.docs.docSidebarItemLink,
        ThemeClassNames.docs.docSidebarItemLinkLevel(level),
        'menu__list-item',
        item.className,
        mark,
      )}>
      <IntentLink
        {...rest}
        className={clsx('menu__link', isActive && 'menu__link--active')}
        aria-current={isActive ? 'page' : undefined}
        aria-label={completed ? `${label} (completed)` : locked ? `${label} (Premium, locked)` : undefined}
        data-completed={completed ? 'true' : undefined}
        data-locked={locked ? 'true' : undefined}
        to={href}
        onClick={onItemClick ? () => onItemClick(item) : undefined}>
        <span className={styles.label}>{label}</span>
      </IntentLink>
    </li>
  );
}
