// Swizzled (ejected) from theme-classic's PaginatorNavLink: the same markup, rendered through
// IntentLink so a lesson's previous/next pages are fetched on intent, not on sight (see IntentLink).
import React from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/PaginatorNavLink';
import IntentLink from '@site/src/components/IntentLink';

export default function PaginatorNavLink({permalink, title, subLabel, isNext}: Props): React.JSX.Element {
  return (
    <IntentLink
      className={clsx('pagination-nav__link', isNext ? 'pagination-nav__link--next' : 'pagination-nav__link--prev')}
      to={permalink}>
      {subLabel && <div className="pagination-nav__sublabel">{subLabel}</div>}
      <div className="pagination-nav__label">{title}</div>
    </IntentLink>
  );
}
