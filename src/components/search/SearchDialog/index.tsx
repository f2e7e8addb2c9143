// The search dialog, loaded only when a visitor opens search. A combobox over a listbox (ARIA
// APG): typing searches the offline index, ↑/↓ move through the results, Enter opens one, Escape
// closes. The best results come first, "Show all N results" lists the rest, and Premium lessons
// are marked. With no results it points to the modules instead of leaving the visitor stranded; a
// search that fails or takes too long says so and can be tried again.
import React, {useEffect, useId, useMemo, useRef, useState} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Dialog from '@site/src/components/site/Dialog';
import RetryMessage from '@site/src/components/site/RetryMessage';
import PremiumBadge from '@site/src/components/payments/PremiumBadge';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {premiumRoutes, routeOf, type SearchAnswer, type SearchHit} from '@site/src/lib/search/hits';
import {SEARCH_DEBOUNCE_MS, SEARCH_LIMIT, searchCourse} from '@site/src/lib/search/searchCourse';
import styles from './styles.module.css';

// While a newer query runs, the last results stay on screen, dimmed and busy (no flicker between
// keystrokes), but the status speaks for the query in the box, never for an older one; an answer
// to an older query is dropped. The list names the query its results belong to (data-query).
type Results =
  | {status: 'idle'}
  | {status: 'searching'; query: string; shown: SearchAnswer | null}
  | {status: 'done'; answer: SearchAnswer}
  | {status: 'failed'; query: string};

function onScreen(results: Results): SearchAnswer | null {
  if (results.status === 'done') return results.answer;
  if (results.status === 'searching') return results.shown;
  return null;
}

const plural = (n: number) => `${n} result${n === 1 ? '' : 's'}`;

export default function SearchDialog({onClose}: {onClose(): void}): React.JSX.Element {
  const {siteConfig} = useDocusaurusContext();
  const history = useHistory();
  const catalog = useCatalog();
  const {courses} = catalog;
  const premium = useMemo(() => premiumRoutes(catalog), [catalog]);
  const ids = useId();
  const titleId = `${ids}-title`;
  const listId = `${ids}-list`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results>({status: 'idle'});
  const [active, setActive] = useState(0);
  const [retries, setRetries] = useState(0);
  // The query whose every result the visitor asked to see ("Show all N results").
  const [allFor, setAllFor] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(0);

  useEffect(() => {
    const text = query.trim();
    const run = ++latest.current;
    if (text === '') {
      setResults({status: 'idle'});
      return undefined;
    }
    const all = allFor === text;
    setResults((previous) => ({status: 'searching', query: text, shown: onScreen(previous)}));
    const timer = window.setTimeout(() => {
      searchCourse(siteConfig.baseUrl, text, {limit: all ? Infinity : SEARCH_LIMIT}).then(
        (answer) => {
          if (run !== latest.current) return;
          setResults({status: 'done', answer});
          // Showing all keeps the visitor's place in the list.
          if (!all) setActive(0);
        },
        () => {
          if (run === latest.current) setResults({status: 'failed', query: text});
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, retries, allFor, siteConfig.baseUrl]);

  const shownAnswer = onScreen(results);
  const shown = shownAnswer?.hits ?? [];
  // The keys act on settled results only: Enter must not open a result of an older query.
  const done = results.status === 'done' ? results.answer : null;
  const hits = done?.hits ?? [];
  const showAll = () => {
    if (done) setAllFor(done.query);
    input.current?.focus();
  };
  const selected = hits.length > 0 ? active : -1;
  const retry = () => {
    setRetries((n) => n + 1);
    input.current?.focus();
  };
  const open = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onClose();
    history.push(hit.url);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % hits.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(hits[active]);
    }
  };

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({block: 'nearest'});
  });

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.panel}>
      <h2 id={titleId} className={styles.title}>
        Search the course
      </h2>
      <input
        type="search"
        className={styles.input}
        placeholder="Search lessons, e.g. PICO, kappa, forest plot"
        aria-label="Search the course"
        role="combobox"
        ref={input}
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={selected >= 0 ? optionId(selected) : undefined}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p role="status" className={styles.status}>
        {results.status === 'searching' && 'Searching…'}
        {done && hits.length > 0 && `${plural(done.total)}${done.total > hits.length ? `, the best ${hits.length} listed` : ''}. Use the arrow keys and Enter to open one.`}
        {done && hits.length === 0 && `No results for “${done.query}”.`}
      </p>
      {results.status === 'failed' && (
        <RetryMessage onRetry={retry} className={styles.failed}>
          Search is not available right now. Check your connection and try again.
        </RetryMessage>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Search results"
        aria-busy={results.status === 'searching'}
        data-query={shownAnswer?.query}
        className={clsx(styles.results, results.status === 'searching' && styles.stale)}>
        {shown.map((hit, index) => (
          <li
            key={hit.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === selected}
            className={clsx(styles.result, index === selected && styles.active)}
            onMouseMove={() => setActive(index)}
            onClick={() => open(hit)}>
            <span className={styles.resultTitle}>
              {hit.title}
              {hit.section && <span className={styles.section}> › {hit.section}</span>}
              {premium.has(routeOf(hit.url)) && (
                <>
                  {' '}
                  <PremiumBadge />
                </>
              )}
            </span>
            {hit.module && <span className={styles.module}>{hit.module}</span>}
            {/* Pagefind escapes the page text and adds only <mark> around matched words. */}
            <span className={styles.excerpt} dangerouslySetInnerHTML={{__html: hit.excerpt}} />
          </li>
        ))}
      </ul>
      {done && done.total > hits.length && (
        <button type="button" className={clsx('button button--secondary button--sm', styles.showAll)} onClick={showAll}>
          Show all {done.total} results
        </button>
      )}
      {done && hits.length === 0 && (
        <nav aria-label="Modules" className={styles.suggestions}>
          <p>Try a different word, or browse a module:</p>
          <ul>
            {courses.map((course) => (
              <li key={course.slug}>
                <Link to={course.permalink} onClick={onClose}>
                  {course.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Dialog>
  );
}
