// How wide a diagram may be drawn. Pure arithmetic, so the e2e and unit tests can share it.

/** The smallest text a reader is asked to read, in CSS px. */
export const READABLE_PX = 12;

/**
 * The narrowest column a diagram lives in: a 360 px phone less the page's 16 px padding on each
 * side (Docusaurus' --ifm-spacing-horizontal).
 */
export const PHONE_COLUMN_PX = 328;

export interface DiagramWidths {
  /** The narrowest it may be drawn: where its smallest text is READABLE_PX. */
  min: number;
  /** The widest: its own size, or larger if its text is smaller than READABLE_PX even there. */
  max: number;
  /** Whether even a phone's column holds it at `min`. */
  fitsPhone: boolean;
}

export function diagramWidths(width: number, fontSize: number): DiagramWidths {
  const min = (width * READABLE_PX) / fontSize;
  return {min, max: Math.max(width, min), fitsPhone: min <= PHONE_COLUMN_PX};
}
