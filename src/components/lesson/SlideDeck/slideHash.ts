/**
 * Deep links to a slide live in the URL fragment as `#<deck-slug>/<slide-number>`, with the
 * slide number 1-based because people read and share it; the app works with 0-based indexes.
 * Kept free of React and of `window` so it can be unit-tested and used during SSR.
 */

export interface SlidePosition {
  slug: string;
  /** 0-based slide index. */
  index: number;
}

export interface DeckShape {
  slug: string;
  slides: readonly unknown[];
}

export interface ParsedSlideHash {
  slug: string;
  /** 1-based slide number as written in the URL, or null when the hash names only a deck. */
  slide: number | null;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Leading zeros and signs are rejected so that one slide has exactly one canonical link.
const SLIDE_NUMBER = /^[1-9][0-9]{0,5}$/;

/** Syntax only: whether the fragment looks like a slide link. Does not check that the deck exists. */
export function parseSlideHash(hash: string): ParsedSlideHash | null {
  let raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return null;
  }
  raw = raw.trim().replace(/\/+$/, '');
  if (raw === '') return null;
  const parts = raw.split('/');
  if (parts.length > 2) return null;
  const [slug = '', slideText] = parts;
  if (!SLUG.test(slug)) return null;
  if (slideText === undefined) return {slug, slide: null};
  if (!SLIDE_NUMBER.test(slideText)) return null;
  return {slug, slide: Number(slideText)};
}

/**
 * Maps a fragment onto a real deck and slide. Anything that does not name a known deck falls
 * back to the first deck's first slide; a known deck with a missing or out-of-range slide number
 * opens that deck at its first slide, since the reader clearly asked for that module.
 */
export function resolveSlideHash(hash: string, decks: readonly DeckShape[]): SlidePosition {
  const first: SlidePosition = {slug: decks[0]?.slug ?? '', index: 0};
  const parsed = parseSlideHash(hash);
  if (!parsed) return first;
  const deck = decks.find((d) => d.slug === parsed.slug);
  if (!deck) return first;
  if (parsed.slide === null || parsed.slide > deck.slides.length) return {slug: deck.slug, index: 0};
  return {slug: deck.slug, index: parsed.slide - 1};
}

export function formatSlideHash({slug, index}: SlidePosition): string {
  return `#${slug}/${index + 1}`;
}
