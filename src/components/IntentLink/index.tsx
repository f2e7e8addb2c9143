// A link to another page of this site that fetches that page's code when the reader shows intent
// to follow it (pointer over it, keyboard focus, a touch), not as soon as it scrolls into view.
// Reason: @docusaurus/Link prefetches every internal link that enters the viewport and has no
// option to stop, so a lesson page's sidebar, pagination and next/previous links made a first
// visit download 80-125 KiB gzip of other lessons' chunks it never runs. Navigation stays
// client-side; a click with a modifier key, another button or a target falls through to the
// browser (new tab, new window, download), as with react-router's Link.
import React, {useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';
import useBrokenLinks from '@docusaurus/useBrokenLinks';

export type IntentLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path on this site (a permalink); the baseUrl is added when missing. */
  to: string;
  children?: ReactNode;
};

/** Whether the browser, not the router, should handle this click. */
function browserHandlesClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== '_self')
  );
}

export default function IntentLink({to, onClick, onMouseEnter, onFocus, onTouchStart, children, ...rest}: IntentLinkProps): React.JSX.Element {
  const history = useHistory();
  const href = useBaseUrlUtils().withBaseUrl(to);
  // Keeps the link in the build's broken-link check, as @docusaurus/Link does.
  useBrokenLinks().collectLink(href);
  const preloaded = useRef(false);
  const preload = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    void window.docusaurus.preload(href);
  };
  return (
    <a
      {...rest}
      href={href}
      onMouseEnter={(event) => {
        preload();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        preload();
        onTouchStart?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (browserHandlesClick(event)) return;
        event.preventDefault();
        history.push(href);
      }}>
      {children}
    </a>
  );
}
