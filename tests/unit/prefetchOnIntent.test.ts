// The site's prefetch rule (src/clientModules/prefetchOnIntent.ts): whatever Docusaurus mounts on
// window.docusaurus, a link coming into view fetches nothing, while intent (preload) still does,
// keyboard focus included.
import {beforeEach, describe, expect, it, vi} from 'vitest';
import '../../src/clientModules/prefetchOnIntent';

type Api = Window['docusaurus'];

describe('prefetch on intent', () => {
  let prefetch: ReturnType<typeof vi.fn>;
  let preload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    prefetch = vi.fn(() => Promise.resolve([]));
    preload = vi.fn(() => Promise.resolve([]));
    // What Docusaurus's client entry does after the client modules have run.
    window.docusaurus = {prefetch, preload} as unknown as Api;
    document.body.innerHTML = '';
  });

  it('turns the on-sight prefetch into a no-op and keeps preload', () => {
    expect(window.docusaurus.prefetch('/docs/intro')).toBe(false);
    expect(prefetch).not.toHaveBeenCalled();
    void window.docusaurus.preload('/docs/intro');
    expect(preload).toHaveBeenCalledWith('/docs/intro');
  });

  it('preloads the page a focused link on this site goes to', () => {
    document.body.innerHTML = '<nav><a href="/docs/modules/open-data/?x=1#top"><span>Open data</span></a></nav>';
    (document.querySelector('a') as HTMLAnchorElement).focus();
    expect(preload).toHaveBeenCalledWith('/docs/modules/open-data/');
  });

  it('leaves links elsewhere, new-tab links, downloads and other elements alone', () => {
    document.body.innerHTML =
      '<a href="https://example.org/x">out</a><a href="/a" target="_blank">tab</a><a href="/t.csv" download>file</a><button>b</button>';
    for (const element of document.body.querySelectorAll<HTMLElement>('a, button')) element.focus();
    expect(preload).not.toHaveBeenCalled();
  });
});
