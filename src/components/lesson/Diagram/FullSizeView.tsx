// "View full size": the diagram in a modal <dialog>, at a size its text reads comfortably, in a
// region that scrolls both ways. The browser does the rest: Esc closes a modal dialog and focus
// returns to the button; on a touch screen the region pans with a finger and the page pinch-zooms
// as any page does, so no gesture library is needed.
import React, {useEffect, useId, useRef, useState} from 'react';
import styles from './styles.module.css';

/** The SVG with its ids renamed, so the copy in the dialog does not repeat the inline one's ids. */
export function withOwnIds(svg: string, suffix: string): string {
  return svg.replace(/(["#\s])(d[0-9a-f]{8})-/g, `$1$2-${suffix}-`);
}

export function FullSizeView({svg, title, width}: {svg: string; title: string; width: number}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);

  return (
    <>
      <button ref={opener} type="button" className={`button button--secondary button--sm ${styles.open}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        View full size
      </button>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={headingId}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      >
        <div className={styles.dialogBar}>
          <h2 id={headingId} className={styles.dialogTitle}>
            {title}
          </h2>
          <button type="button" className="button button--primary button--sm" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        {open && (
          <div
            className={styles.fullSize}
            role="region"
            tabIndex={0}
            aria-label={`${title} (full size; scrolls)`}
            style={{'--diagram-full-width': `${width}px`} as React.CSSProperties}
            dangerouslySetInnerHTML={{__html: withOwnIds(svg, 'full')}}
          />
        )}
      </dialog>
    </>
  );
}
