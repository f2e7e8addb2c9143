// The site's one prefetch rule: a page's code is fetched when the reader shows intent to go there
// (pointer over a link, a touch, keyboard focus), never because a link scrolled into view.
//
// Why: @docusaurus/Link prefetches every internal link the moment it is on screen and has no
// option to stop. On this site that is a lesson's whole sidebar, its pagination, the lesson links
// in the text and every lesson of a course index: a first visit downloaded 40-90 KiB gzip of pages
// it never showed, more than the page itself. Intent still starts the fetch a few hundred
// milliseconds before the click lands, and the click loads whatever intent did not.
//
// How: Link calls `window.docusaurus.prefetch` when a link comes into view and
// `window.docusaurus.preload` on mouseenter and touchstart. Docusaurus mounts that object on
// `window` after the client modules have run, so the property is defined here with a setter
// that keeps `preload` and turns the on-sight `prefetch` into a no-op. Keyboard focus, which Link
// does not treat as intent, preloads through one listener on the document.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type DocusaurusApi = Window['docusaurus'];

/** The API Docusaurus mounts, with on-sight prefetching switched off. */
export function withoutOnSightPrefetch(api: DocusaurusApi): DocusaurusApi {
  return Object.freeze({...api, prefetch: () => false});
}

/** The same-site path a focused element links to, if it is such a link. */
export function intentTarget(target: EventTarget | null, origin: string): string | undefined {
  if (!(target instanceof Element)) return undefined;
  const anchor = target.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, origin);
  return url.origin === origin ? url.pathname : undefined;
}

if (ExecutionEnvironment.canUseDOM) {
  let api: DocusaurusApi | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => api,
    set: (value: DocusaurusApi) => {
      api = withoutOnSightPrefetch(value);
    },
  });
  document.addEventListener('focusin', (event) => {
    const path = intentTarget(event.target, window.location.origin);
    if (path && api) void api.preload(path);
  });
}
