// The status panel's pictures, drawn as SVG in the theme's colour. Emoji were used before: they
// follow the reader's system font (a box on machines without an emoji font, the look of another
// design everywhere else) rather than the site.
import React from 'react';

/** An icon's strokes on a 24 × 24 grid: at most one circle or rounded box, under one path. */
interface Strokes {
  /** Centre x, centre y, radius. */
  circle?: readonly [number, number, number];
  /** x, y, width, height, corner radius. */
  rect?: readonly [number, number, number, number, number];
  d: string;
}

const SHAPES = {
  lock: {rect: [5, 11, 14, 10, 2], d: 'M8 11V8a4 4 0 0 1 8 0v3M12 15v2'},
  denied: {circle: [12, 12, 9], d: 'M5.6 5.6l12.8 12.8'},
  person: {circle: [12, 8, 4], d: 'M4 21a8 8 0 0 1 16 0'},
  progress: {d: 'M4 4v16h16M7 15l4-4 3 3 6-6M15 8h5v5'},
  done: {circle: [12, 12, 9], d: 'M8 12.5l3 3 5-6'},
  key: {circle: [8, 16, 4], d: 'M10.8 13.2L20 4M16 8l2.5 2.5M13.5 10.5l2 2'},
} as const satisfies Record<string, Strokes>;

export type StatusIconName = keyof typeof SHAPES;

export function StatusIcon({name, className}: {name: StatusIconName; className?: string}): React.JSX.Element {
  const {circle, rect, d}: Strokes = SHAPES[name];
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
      {rect && <rect x={rect[0]} y={rect[1]} width={rect[2]} height={rect[3]} rx={rect[4]} />}
      {circle && <circle cx={circle[0]} cy={circle[1]} r={circle[2]} />}
      <path d={d} />
    </svg>
  );
}
