// The navbar's search item (`custom-search`). It opens the search dialog on click, Ctrl/⌘-K or
// "/" (outside text fields). The dialog and the index load only then, so a first visit pays for
// nothing but this button.
import React, {useEffect, useState} from 'react';
import clsx from 'clsx';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import LoadFailedDialog from '@site/src/components/site/LoadFailedDialog';
import {chunk, useChunk} from '@site/src/lib/chunk';
import styles from './styles.module.css';

const searchDialog = chunk(() => import('@site/src/components/search/SearchDialog').then((module) => module.default));

function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

function isSearchShortcut(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
}

export default function SearchButton({mobile = false}: {mobile?: boolean}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const sidebar = useNavbarMobileSidebar();
  const dialog = useChunk(searchDialog, open);
  const SearchDialog = dialog.value;
  // Pointing at or focusing the button starts the download before the press lands.
  const prepare = () => void searchDialog.load().catch(() => undefined);

  useEffect(() => {
    // The drawer's copy of this item would register the shortcut a second time.
    if (mobile) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [mobile]);

  const onClick = () => {
    if (mobile && sidebar.shown) sidebar.toggle();
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className={clsx(styles.button, mobile ? styles.mobile : styles.desktop)}
        aria-label="Search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={onClick}
        onPointerEnter={prepare}
        onFocus={prepare}>
        <svg className={styles.icon} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M14.4 12.9l4.3 4.3-1.5 1.5-4.3-4.3a7.5 7.5 0 1 1 1.5-1.5zM8.5 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11z"
            fill="currentColor"
          />
        </svg>
        <span className={styles.label}>Search</span>
        {!mobile && <kbd className={styles.kbd}>Ctrl K</kbd>}
      </button>
      {open && SearchDialog && <SearchDialog onClose={() => setOpen(false)} />}
      {open && dialog.failed && <LoadFailedDialog title="Search the course" what="search" onRetry={dialog.retry} onClose={() => setOpen(false)} />}
    </>
  );
}
