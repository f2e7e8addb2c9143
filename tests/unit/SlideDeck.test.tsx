import React, {useState} from 'react';
import {act, render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import SlideDeck from '../../src/components/lesson/SlideDeck';
import {formatSlideHash, parseSlideHash, resolveSlideHash} from '../../src/components/lesson/SlideDeck/slideHash';
import path from 'node:path';
import {courseDecks, deckCourseSlugs, type SlideDeckData} from '../../src/data/slides';
import {readCatalog} from '../../src/catalog/readCatalog';
import SlidesPage from '../../src/pages/slides';

// The page reads the catalog the build derives from docs/; so do these tests.
const catalog = readCatalog(path.resolve(__dirname, '../../docs'));
vi.mock('@site/src/catalog/useCatalog', () => ({useCatalog: () => catalog}));

const slideDeckList = courseDecks(catalog);
const slideDecks = Object.fromEntries(slideDeckList.map((d) => [d.slug, d]));
function deckOf(slug: string): SlideDeckData {
  const found = slideDecks[slug];
  if (!found) throw new Error(`no deck for ${slug}`);
  return found;
}
const deck = deckOf('systematic-review');
const count = deck.slides.length;

function slideTitle(d: SlideDeckData, index: number): string {
  const slide = d.slides[index];
  if (!slide) throw new Error(`no slide ${index} in ${d.slug}`);
  return slide.title;
}

/** The deck is controlled; tests drive it through a parent that owns the index, like the page does. */
function Harness({start = 0, globalKeys}: {start?: number; globalKeys?: boolean}) {
  const [index, setIndex] = useState(start);
  return (
    <>
      <label>
        Notes <input type="text" />
      </label>
      <SlideDeck deck={deck} index={index} onChange={setIndex} globalKeys={globalKeys} />
    </>
  );
}

function currentSlide(): HTMLElement {
  const slide = document.querySelector<HTMLElement>('section[aria-roledescription="slide"]');
  if (!slide) throw new Error('no slide rendered');
  return slide;
}

function expectSlide(index: number): void {
  const n = index + 1;
  const title = slideTitle(deck, index);
  expect(screen.getByText(`Slide ${n} of ${count}`)).toBeInTheDocument();
  expect(currentSlide()).toHaveAttribute('aria-label', `${n} of ${count}: ${title}`);
  expect(within(currentSlide()).getByRole('heading', {name: title})).toBeInTheDocument();
}

describe('slideHash', () => {
  it('parses deck and 1-based slide, with or without the leading #', () => {
    expect(parseSlideHash('#systematic-review/4')).toEqual({slug: 'systematic-review', slide: 4});
    expect(parseSlideHash('open-data/12')).toEqual({slug: 'open-data', slide: 12});
    expect(parseSlideHash('#publishing')).toEqual({slug: 'publishing', slide: null});
    expect(parseSlideHash('#publishing/')).toEqual({slug: 'publishing', slide: null});
    expect(parseSlideHash('#data-analysis%2F3')).toEqual({slug: 'data-analysis', slide: 3});
  });

  it('rejects malformed fragments', () => {
    for (const bad of ['', '#', '#/3', '#systematic-review/0', '#systematic-review/-1', '#systematic-review/04',
      '#systematic-review/2.5', '#systematic-review/x', '#systematic-review/4/extra', '#Systematic Review/1',
      '#%E0%A4%A', '#a--b/1']) {
      expect(parseSlideHash(bad), bad).toBeNull();
    }
  });

  it('resolves to a real deck and slide, falling back to the first deck, slide 1', () => {
    expect(resolveSlideHash('#systematic-review/4', slideDeckList)).toEqual({slug: 'systematic-review', index: 3});
    expect(resolveSlideHash('', slideDeckList)).toEqual({slug: 'research-overview', index: 0});
    expect(resolveSlideHash('#no-such-module/2', slideDeckList)).toEqual({slug: 'research-overview', index: 0});
    expect(resolveSlideHash('#garbage!!', slideDeckList)).toEqual({slug: 'research-overview', index: 0});
    expect(resolveSlideHash('#open-data', slideDeckList)).toEqual({slug: 'open-data', index: 0});
    // A known deck keeps the reader in that module even when the slide number is out of range.
    expect(resolveSlideHash('#open-data/99', slideDeckList)).toEqual({slug: 'open-data', index: 0});
    const last = deckOf('publishing').slides.length;
    expect(resolveSlideHash(`#publishing/${last}`, slideDeckList)).toEqual({slug: 'publishing', index: last - 1});
  });

  it('formats 1-based links that parse back to the same position', () => {
    expect(formatSlideHash({slug: 'systematic-review', index: 3})).toBe('#systematic-review/4');
    for (const d of slideDeckList) {
      d.slides.forEach((_, index) => {
        expect(resolveSlideHash(formatSlideHash({slug: d.slug, index}), slideDeckList)).toEqual({slug: d.slug, index});
      });
    }
  });
});

describe('slide data', () => {
  it('has one deck per course, in the catalog’s course order, titled and linked as the course', () => {
    expect(slideDeckList.map((d) => d.slug)).toEqual(catalog.courses.map((c) => c.slug));
    expect([...deckCourseSlugs].sort()).toEqual(catalog.courses.map((c) => c.slug).sort());
    for (const [i, d] of slideDeckList.entries()) {
      expect(d.title).toBe(catalog.courses[i]?.title);
      expect(d.permalink).toBe(`/docs/modules/${d.slug}/`);
    }
  });

  it('keeps every deck to 6-9 slides of 3-5 distinct, non-empty points', () => {
    for (const d of slideDeckList) {
      expect(d.slides.length, d.slug).toBeGreaterThanOrEqual(6);
      expect(d.slides.length, d.slug).toBeLessThanOrEqual(9);
      expect(new Set(d.slides.map((s) => s.title)).size, d.slug).toBe(d.slides.length);
      for (const s of d.slides) {
        expect(s.title.trim(), d.slug).not.toBe('');
        expect(s.points.length, s.title).toBeGreaterThanOrEqual(3);
        expect(s.points.length, s.title).toBeLessThanOrEqual(5);
        // Points double as React keys.
        expect(new Set(s.points).size, s.title).toBe(s.points.length);
        for (const p of s.points) expect(p.trim(), s.title).not.toBe('');
      }
    }
  });
});

describe('SlideDeck', () => {
  it('shows the first slide with progress, a labelled slide and a live announcement', () => {
    render(<Harness />);
    expectSlide(0);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuemin', '1');
    expect(bar).toHaveAttribute('aria-valuemax', String(count));
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent(slideTitle(deck, 0));
    expect(screen.getByRole('region', {name: `${deck.title} slides`})).toHaveAttribute('tabindex', '0');
  });

  it('steps with the buttons and disables them at the ends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const previous = screen.getByRole('button', {name: /previous/i});
    const next = screen.getByRole('button', {name: /next/i});
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expectSlide(1);
    expect(previous).toBeEnabled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');

    for (let i = 2; i < count; i++) await user.click(next);
    expectSlide(count - 1);
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    // Focus moves into the deck instead of being lost with the disabled button.
    expect(screen.getByRole('region', {name: `${deck.title} slides`})).toHaveFocus();

    await user.click(previous);
    expectSlide(count - 2);
  });

  it('navigates with keys pressed anywhere on the page', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(document.body).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expectSlide(1);
    await user.keyboard('{ArrowDown}');
    expectSlide(2);
    await user.keyboard('{PageDown}');
    expectSlide(3);
    await user.keyboard(' ');
    expectSlide(4);
    await user.keyboard('{ArrowLeft}');
    expectSlide(3);
    await user.keyboard('{ArrowUp}');
    expectSlide(2);
    await user.keyboard('{PageUp}');
    expectSlide(1);
    await user.keyboard('{Shift>} {/Shift}');
    expectSlide(0);
  });

  it('jumps with Home and End and stops at the ends', async () => {
    const user = userEvent.setup();
    render(<Harness start={2} />);
    await user.keyboard('{End}');
    expectSlide(count - 1);
    await user.keyboard('{ArrowRight}');
    expectSlide(count - 1);
    await user.keyboard('{Home}');
    expectSlide(0);
    await user.keyboard('{ArrowLeft}');
    expectSlide(0);
  });

  it('navigates when the deck region has focus, even without page-wide keys', async () => {
    const user = userEvent.setup();
    render(<Harness globalKeys={false} />);
    await user.keyboard('{ArrowRight}');
    expectSlide(0);

    screen.getByRole('region', {name: `${deck.title} slides`}).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expectSlide(2);
    await user.keyboard('{End}');
    expectSlide(count - 1);
    await user.keyboard('{Home}');
    expectSlide(0);
  });

  it('leaves keys alone while typing in an input or with a modifier held', async () => {
    const user = userEvent.setup();
    render(<Harness start={1} />);
    await user.click(screen.getByRole('textbox', {name: 'Notes'}));
    await user.keyboard('{ArrowRight}{End} {Home}');
    expectSlide(1);

    await user.click(document.body);
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}{Control>}{End}{/Control}{Meta>}{ArrowLeft}{/Meta}');
    expectSlide(1);
  });

  it('moves one slide when Space activates a focused button', async () => {
    const user = userEvent.setup();
    render(<Harness start={1} />);
    screen.getByRole('button', {name: /next/i}).focus();
    await user.keyboard(' ');
    expectSlide(2);
    screen.getByRole('button', {name: /previous/i}).focus();
    await user.keyboard(' ');
    expectSlide(1);
  });

  describe('fullscreen', () => {
    let fullscreenElement: Element | null = null;
    const requestFullscreen = vi.fn(function (this: Element) {
      fullscreenElement = requestFullscreen.mock.contexts.at(-1) ?? null;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    const exitFullscreen = vi.fn(() => {
      fullscreenElement = null;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });

    beforeEach(() => {
      fullscreenElement = null;
      requestFullscreen.mockClear();
      exitFullscreen.mockClear();
      Object.defineProperty(document, 'fullscreenElement', {configurable: true, get: () => fullscreenElement});
      Object.defineProperty(document, 'exitFullscreen', {configurable: true, value: exitFullscreen});
      Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {configurable: true, value: requestFullscreen});
    });

    afterEach(() => {
      Reflect.deleteProperty(document, 'fullscreenEnabled');
      Reflect.deleteProperty(document, 'fullscreenElement');
      Reflect.deleteProperty(document, 'exitFullscreen');
      Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
    });

    it('is hidden when the browser does not allow fullscreen', () => {
      Object.defineProperty(document, 'fullscreenEnabled', {configurable: true, value: false});
      render(<Harness />);
      expect(screen.queryByRole('button', {name: /fullscreen/i})).toBeNull();
    });

    it('toggles the deck element in and out of fullscreen', async () => {
      Object.defineProperty(document, 'fullscreenEnabled', {configurable: true, value: true});
      const user = userEvent.setup();
      render(<Harness />);
      const region = screen.getByRole('region', {name: `${deck.title} slides`});

      await user.click(screen.getByRole('button', {name: 'Fullscreen'}));
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(requestFullscreen.mock.contexts[0]).toBe(region);
      const exit = await screen.findByRole('button', {name: 'Exit fullscreen'});

      await user.click(exit);
      expect(exitFullscreen).toHaveBeenCalledTimes(1);
      expect(await screen.findByRole('button', {name: 'Fullscreen'})).toBeInTheDocument();
    });
  });
});

describe('/slides page', () => {
  const replaceState = vi.spyOn(window.history, 'replaceState');

  function openAt(hash: string): void {
    window.history.replaceState(null, '', `/slides${hash}`);
    replaceState.mockClear();
  }

  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('starts on the first deck without touching a bare URL', () => {
    openAt('');
    render(<SlidesPage />);
    const first = deckOf('research-overview');
    expect(screen.getByText(`Slide 1 of ${first.slides.length}`)).toBeInTheDocument();
    expect(currentSlide()).toHaveAttribute('aria-label', `1 of ${first.slides.length}: ${slideTitle(first, 0)}`);
    expect(screen.getByRole('button', {name: /Research Overview/, pressed: true})).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('opens a deep link and updates the hash in place as the reader moves', async () => {
    openAt('#systematic-review/4');
    const user = userEvent.setup();
    const historyLength = window.history.length;
    render(<SlidesPage />);
    expectSlide(3);
    expect(screen.getByRole('button', {name: /Systematic Review/, pressed: true})).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expectSlide(4);
    expect(window.location.hash).toBe('#systematic-review/5');
    await user.keyboard('{End}');
    expect(window.location.hash).toBe(`#systematic-review/${count}`);
    await user.keyboard('{Home}');
    expect(window.location.hash).toBe('#systematic-review/1');
    expect(window.history.length).toBe(historyLength);
    expect(window.location.pathname).toBe('/slides');
  });

  it('falls back to the first deck and rewrites an invalid hash', () => {
    openAt('#not-a-module/3');
    render(<SlidesPage />);
    expect(currentSlide()).toHaveAttribute('aria-label', expect.stringMatching(/^1 of \d+: /));
    expect(screen.getByRole('button', {name: /Research Overview/, pressed: true})).toBeInTheDocument();
    expect(window.location.hash).toBe('#research-overview/1');
  });

  it('follows hashchange events', () => {
    openAt('');
    render(<SlidesPage />);
    const target = deckOf('open-data');
    act(() => {
      window.history.replaceState(null, '', '/slides#open-data/2');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(currentSlide()).toHaveAttribute('aria-label', `2 of ${target.slides.length}: ${slideTitle(target, 1)}`);
  });

  it('switches decks from the picker and links to every module', async () => {
    openAt('#systematic-review/4');
    const user = userEvent.setup();
    render(<SlidesPage />);
    await user.click(screen.getByRole('button', {name: /Publishing/}));
    const pub = deckOf('publishing');
    expect(currentSlide()).toHaveAttribute('aria-label', `1 of ${pub.slides.length}: ${slideTitle(pub, 0)}`);
    expect(window.location.hash).toBe('#publishing/1');
    expect(screen.getByRole('link', {name: /Open the Publishing lessons/})).toHaveAttribute('href', '/docs/modules/publishing/');
    for (const d of slideDeckList) {
      expect(screen.getByRole('link', {name: d.title})).toHaveAttribute('href', d.permalink);
    }
  });

  it('copies a link to the slide on screen', async () => {
    openAt('#data-analysis/2');
    const user = userEvent.setup();
    render(<SlidesPage />);
    await user.click(screen.getByRole('button', {name: /copy link/i}));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/slides#data-analysis/2`);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied.');
  });
});
