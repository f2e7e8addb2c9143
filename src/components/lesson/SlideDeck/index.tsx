import React, {useCallback, useEffect, useRef, useState} from 'react';
import type {SlideDeckData} from '@site/src/data/slides';
import styles from './styles.module.css';

export interface SlideDeckProps {
  deck: SlideDeckData;
  /** 0-based index of the slide on show; the parent owns it so it can sync the URL. */
  index: number;
  onChange: (index: number) => void;
  /**
   * Also react to keys pressed anywhere on the page (not only inside the deck), as slide viewers
   * usually do. Turn off if a page ever shows more than one deck.
   */
  globalKeys?: boolean;
}

type Action = 'next' | 'previous' | 'first' | 'last';

const KEY_ACTIONS: Readonly<Record<string, Action>> = {
  ArrowRight: 'next',
  ArrowDown: 'next',
  PageDown: 'next',
  ' ': 'next',
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  PageUp: 'previous',
  Home: 'first',
  End: 'last',
};

// Widgets that give arrow keys (or Home/End) a meaning of their own; stealing those keys
// would break them.
const OWNS_NAVIGATION_KEYS =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"], [role="combobox"], [role="listbox"], [role="menu"], [role="menubar"], [role="slider"], [role="spinbutton"], [role="tablist"], [role="radiogroup"], [role="grid"], [role="tree"]';
// Space activates these; treating it as "next" as well would move two slides or the wrong way.
const SPACE_ACTIVATES = 'button, summary, a[href], [role="button"], [role="link"], [role="checkbox"], [role="switch"]';

function keyAction(event: KeyboardEvent | React.KeyboardEvent): Action | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const native = 'nativeEvent' in event ? event.nativeEvent : event;
  // Keys pressed while an IME is composing text belong to the composition.
  if (native.isComposing) return null;
  let action = KEY_ACTIONS[event.key];
  if (!action) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(OWNS_NAVIGATION_KEYS)) return null;
  if (event.key === ' ') {
    if (target?.closest(SPACE_ACTIVATES)) return null;
    // Shift+Space goes back, matching how browsers page up with it.
    if (event.shiftKey) action = 'previous';
  }
  return action;
}

function targetIndex(action: Action, index: number, count: number): number {
  switch (action) {
    case 'next':
      return Math.min(index + 1, count - 1);
    case 'previous':
      return Math.max(index - 1, 0);
    case 'first':
      return 0;
    case 'last':
      return count - 1;
  }
}

/** A one-slide-at-a-time viewer with keyboard, button and fullscreen controls. */
export default function SlideDeck({deck, index, onChange, globalKeys = true}: SlideDeckProps): React.JSX.Element {
  const count = deck.slides.length;
  const current = Math.min(Math.max(index, 0), count - 1);
  const slide = deck.slides[current];
  const number = current + 1;
  const atStart = current === 0;
  const atEnd = current === count - 1;

  const deckRef = useRef<HTMLDivElement>(null);
  // Known only in the browser, so the server render and the first client render agree
  // (no button) and the button appears after hydration where the API exists.
  const [canFullscreen, setCanFullscreen] = useState(false);
  const [isFullscreen, setIsFullscreen] = useState(false);

  const go = useCallback(
    (target: number) => {
      if (target !== current && target >= 0 && target < count) onChange(target);
    },
    [current, count, onChange],
  );

  const handleKey = useCallback(
    (event: KeyboardEvent | React.KeyboardEvent): void => {
      const action = keyAction(event);
      if (!action) return;
      // Marks the event as handled even at the ends, so Space or End do not scroll the page
      // and the document-level listener below skips it.
      event.preventDefault();
      go(targetIndex(action, current, count));
    },
    [go, current, count],
  );

  const latestHandleKey = useRef(handleKey);
  useEffect(() => {
    latestHandleKey.current = handleKey;
  }, [handleKey]);

  useEffect(() => {
    if (!globalKeys) return undefined;
    const listener = (event: KeyboardEvent) => latestHandleKey.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [globalKeys]);

  useEffect(() => {
    setCanFullscreen(document.fullscreenEnabled === true && typeof deckRef.current?.requestFullscreen === 'function');
    const sync = () => setIsFullscreen(document.fullscreenElement !== null && document.fullscreenElement === deckRef.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggleFullscreen = useCallback(() => {
    const element = deckRef.current;
    if (!element) return;
    // Rejections (e.g. the browser refusing without a user gesture) leave the page as it was;
    // there is nothing useful to tell the reader beyond the button staying unchanged.
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => undefined);
    } else {
      element.requestFullscreen().then(
        () => element.focus({preventScroll: true}),
        () => undefined,
      );
    }
  }, []);

  // A button that disables itself under the pointer would drop focus to <body>; keep it in
  // the deck so screen-reader and keyboard users stay where they were.
  const step = (delta: 1 | -1, event: React.MouseEvent<HTMLButtonElement>) => {
    const target = current + delta;
    go(target);
    if ((target === 0 || target === count - 1) && document.activeElement === event.currentTarget) {
      deckRef.current?.focus({preventScroll: true});
    }
  };

  // number / count rather than a 0-based fraction, so the first slide already shows some progress.
  const progress = (number / count) * 100;

  return (
    <div
      ref={deckRef}
      className={styles.deck}
      role="region"
      aria-roledescription="slide deck"
      aria-label={`${deck.title} slides`}
      tabIndex={0}
      onKeyDown={handleKey}
      data-fullscreen={isFullscreen ? 'true' : undefined}>
      <div className={styles.header}>
        <h2 className={styles.deckTitle}>{deck.title}</h2>
        <p className={styles.counter}>
          Slide {number} of {count}
        </p>
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="Progress through the deck"
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={number}
        aria-valuetext={`Slide ${number} of ${count}`}>
        <div className={styles.progressFill} style={{width: `${progress}%`}} />
      </div>

      {slide && (
        <section
          key={`${deck.slug}-${current}`}
          className={styles.slide}
          aria-roledescription="slide"
          aria-label={`${number} of ${count}: ${slide.title}`}>
          <h3 className={styles.slideTitle}>{slide.title}</h3>
          <ul className={styles.points}>
            {slide.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {slide.note && (
            <p className={styles.note}>
              <span className={styles.noteLabel}>Note: </span>
              {slide.note}
            </p>
          )}
        </section>
      )}

      <div className={styles.controls}>
        <button
          type="button"
          className="button button--secondary"
          onClick={(event) => step(-1, event)}
          disabled={atStart}>
          <span aria-hidden="true">← </span>Previous
        </button>
        {canFullscreen && (
          <button type="button" className="button button--outline button--secondary" onClick={toggleFullscreen}>
            {isFullscreen ? 'Exit fullscreen' : 'Fullscreen'}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={(event) => step(1, event)}
          disabled={atEnd}>
          Next<span aria-hidden="true"> →</span>
        </button>
      </div>

      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {slide ? `Slide ${number} of ${count}: ${slide.title}` : ''}
      </div>
    </div>
  );
}
