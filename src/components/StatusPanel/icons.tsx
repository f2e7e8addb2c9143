// The status panel's pictures, drawn as SVG in the theme's colour. Emoji were used before: they
// follow the reader's system font (a box on machines without an emoji font, the look of another
// design everywhere else) rather than the site.
import React from 'react';

/** Each icon's strokes on a 24 × 24 grid. */
const SHAPES = {
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3M12 15v2" />
    </>
  ),
  denied: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6l12.8 12.8" />
    </>
  ),
  person: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  progress: <path d="M4 4v16h16M7 15l4-4 3 3 6-6M15 8h5v5" />,
  done: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l3 3 5-6" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="16" r="4" />
      <path d="M10.8 13.2L20 4M16 8l2.5 2.5M13.5 10.5l2 2" />
    </>
  ),
} as const;

export type StatusIconName = keyof typeof SHAPES;

export function StatusIcon({name, className}: {name: StatusIconName; className?: string}): React.JSX.Element {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="40"
      height="40"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}>
      {SHAPES[name]}
    </svg>
  );
}
