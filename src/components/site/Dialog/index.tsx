import React, {useEffect, useRef, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface DialogProps {
  /** id of the visible heading that names the dialog. */
  labelledBy: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
}

/** Moves focus to the element marked data-autofocus, else to the first focusable one. */
export function focusInitial(root: HTMLElement | null): void {
  if (!root) return;
  const target = root.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(root)[0] ?? root;
  target.focus();
}

/**
 * A modal dialog after the ARIA APG pattern: focus moves in and stays in (Tab wraps), Escape,
 * the backdrop and the close button close it, focus returns to the opener, the page behind is
 * inert, and a visible heading labels it.
 */
export default function Dialog({labelledBy, onClose, children, className}: DialogProps): React.JSX.Element {
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const app = document.getElementById('__docusaurus');
    const wasInert = app?.hasAttribute('inert') ?? false;
    app?.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    focusInitial(panel.current);
    return () => {
      if (!wasInert) app?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableIn(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !panel.current?.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.current?.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={styles.backdrop}
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={clsx(styles.panel, className)}
        onKeyDown={onKeyDown}>
        <button type="button" className={styles.close} aria-label="Close" onClick={() => onCloseRef.current()}>
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
