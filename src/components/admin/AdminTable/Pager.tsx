import React from 'react';
import {PAGE_SIZE} from '@site/src/lib/adminTables';

export interface AdminTablePagerProps {
  /** 1-based. */
  page: number;
  /** Rows matching the filters, over every page. */
  count: number;
  /** What the rows are, plural ("transactions"). */
  noun: string;
  onPage(page: number): void;
}

/** Previous / Next under an admin table, with which rows of how many are shown. */
export default function AdminTablePager({page, count, noun, onPage}: AdminTablePagerProps): React.JSX.Element | null {
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (pages === 1 && page === 1) return null;
  const first = Math.min(count, (page - 1) * PAGE_SIZE + 1);
  const last = Math.min(count, page * PAGE_SIZE);
  return (
    <nav aria-label={`Pages of ${noun}`} className="margin-vert--md">
      <button type="button" className="button button--secondary button--sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        Previous page
      </button>{' '}
      <span>
        Page {page} of {pages} ({count === 0 ? 'none' : `${first}–${last}`} of {count} {noun})
      </span>{' '}
      <button type="button" className="button button--secondary button--sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
