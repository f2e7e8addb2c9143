import React, {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import SlideDeck from '@site/src/components/lesson/SlideDeck';
import {formatSlideHash, resolveSlideHash, type SlidePosition} from '@site/src/components/lesson/SlideDeck/slideHash';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {courseDecks} from '@site/src/data/slides';
import {SITE_TITLE} from '@site/src/config/site';

/**
 * replaceState rather than assigning location.hash: stepping through slides should not add a
 * history entry per slide, and it does not fire `hashchange`, so it cannot loop back into us.
 * The existing history.state is kept because the router stores its own key there.
 */
function replaceHash(hash: string): void {
  const {pathname, search} = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
}

type CopyStatus = {state: 'idle'} | {state: 'copied'} | {state: 'failed'; url: string};
const IDLE: CopyStatus = {state: 'idle'};

export default function SlidesPage(): React.JSX.Element {
  const catalog = useCatalog();
  const slideDeckList = useMemo(() => courseDecks(catalog), [catalog]);
  const firstDeck = slideDeckList[0];
  if (!firstDeck) throw new Error('The course catalog has no course with slides');
  // The server render and the first client render both show the first deck, so the static HTML
  // has real content and hydration matches; the URL hash is applied afterwards, in an effect.
  const [position, setPosition] = useState<SlidePosition>({slug: firstDeck.slug, index: 0});
  const [copyStatus, setCopyStatus] = useState<CopyStatus>(IDLE);
  const copyTimer = useRef<number | undefined>(undefined);

  const deck = slideDeckList.find((d) => d.slug === position.slug) ?? firstDeck;

  useEffect(() => {
    const applyHash = () => {
      const {hash} = window.location;
      const resolved = resolveSlideHash(hash, slideDeckList);
      setPosition(resolved);
      // A bare /slides stays bare; a broken or partial link is rewritten to the slide it shows.
      const canonical = formatSlideHash(resolved);
      if (hash !== '' && hash !== canonical) replaceHash(canonical);
    };
    applyHash();
    window.addEventListener('hashchange', applyHash);
    return () => window.removeEventListener('hashchange', applyHash);
  }, [slideDeckList]);

  useEffect(() => () => window.clearTimeout(copyTimer.current), []);

  const show = useCallback((next: SlidePosition) => {
    setPosition(next);
    setCopyStatus(IDLE);
    replaceHash(formatSlideHash(next));
  }, []);

  const onSlideChange = useCallback((index: number) => show({slug: deck.slug, index}), [show, deck.slug]);

  const copyLink = useCallback(() => {
    const {origin, pathname, search} = window.location;
    const url = `${origin}${pathname}${search}${formatSlideHash({slug: deck.slug, index: position.index})}`;
    const done = (status: CopyStatus) => {
      setCopyStatus(status);
      window.clearTimeout(copyTimer.current);
      // A failure keeps the link on screen for copying by hand; success needs only a moment.
      if (status.state === 'copied') copyTimer.current = window.setTimeout(() => setCopyStatus(IDLE), 4000);
    };
    // The Clipboard API is missing on insecure origins and in some embedded browsers.
    if (!navigator.clipboard?.writeText) {
      done({state: 'failed', url});
      return;
    }
    navigator.clipboard.writeText(url).then(
      () => done({state: 'copied'}),
      () => done({state: 'failed', url}),
    );
  }, [deck.slug, position.index]);

  return (
    <Layout
      title="Slides"
      description={`Summary slide decks for every ${SITE_TITLE} module, with keyboard navigation, fullscreen and a link to each slide.`}>
      <main className="container margin-vert--lg">
        <h1>Module slides</h1>
        <p>
          One short deck per module, summarising its key points. Use the arrow keys, Page Up and Page Down, or Space
          to move between slides, Home and End to jump to the first or last slide, and the Fullscreen button to
          present. The address bar always links to the slide on screen.
        </p>

        <nav aria-label="Choose a module deck" className="margin-bottom--md">
          <ul className="clean-list" style={{display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: 0}}>
            {slideDeckList.map((item, i) => {
              const active = item.slug === deck.slug;
              return (
                <li key={item.slug}>
                  <button
                    type="button"
                    className={clsx('button button--sm', active ? 'button--primary' : 'button--outline button--secondary')}
                    aria-pressed={active}
                    onClick={() => {
                      if (!active) show({slug: item.slug, index: 0});
                    }}>
                    {i + 1}. {item.title}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>

        <SlideDeck deck={deck} index={position.index} onChange={onSlideChange} />

        <div
          className="margin-top--md"
          style={{display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem 1rem'}}>
          <button type="button" className="button button--outline button--secondary button--sm" onClick={copyLink}>
            Copy link to this slide
          </button>
          <span role="status">
            {copyStatus.state === 'copied' && 'Link copied.'}
            {copyStatus.state === 'failed' && (
              <>
                Could not copy. The link is <code>{copyStatus.url}</code>
              </>
            )}
          </span>
          <Link to={deck.permalink} style={{marginLeft: 'auto'}}>
            Open the {deck.title} lessons →
          </Link>
        </div>

        <section className="margin-top--xl" aria-labelledby="slides-module-lessons">
          <h2 id="slides-module-lessons">Module lessons</h2>
          <p>The slides are a summary. Each module&apos;s lessons have the worked examples, checklists and references.</p>
          <ul>
            {slideDeckList.map((item) => (
              <li key={item.slug}>
                <Link to={item.permalink}>{item.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </Layout>
  );
}
