// The site shell and Docusaurus's built-ins, in a real browser against the production build.
import {test, expect, waitForHydration} from './fixtures';
import {installClock, settle} from './settle';

const PRODUCT_ROUTES = [
  '/',
  '/explore',
  '/modules',
  '/pricing',
  '/progress',
  '/slides',
  '/account',
  '/admin-transactions',
  '/reset-password',
  '/docs',
  '/docs/intro',
  '/docs/academic-writing',
  '/docs/modules',
  '/docs/video-integration',
];

async function sitemapPaths(baseURL: string): Promise<string[]> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
}

test('every product route answers 200 and is in the sitemap', async ({request, baseURL}) => {
  const sitemap = await sitemapPaths(baseURL as string);
  for (const route of PRODUCT_ROUTES) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(sitemap.map((p) => p.replace(/\/$/, '') || '/'), route).toContain(route);
  }
  for (const testPage of ['/crash-test', '/auth-test', '/subscription-test']) expect(sitemap, testPage).not.toContain(testPage);
});

test('every sitemap page renders after hydration with no console errors', async ({page, baseURL, consoleErrors}) => {
  test.setTimeout(240_000);
  const paths = await sitemapPaths(baseURL as string);
  expect(paths.length).toBeGreaterThan(40);
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('h1').first(), path).toBeVisible();
    expect(consoleErrors.messages, path).toEqual([]);
  }
});

test('navbar links lead to Explore, Modules, Pricing and home', async ({page}) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const navbar = page.locator('nav.navbar');
  for (const [label, path, heading] of [
    ['Explore', '/explore', 'Explore the catalog'],
    ['Modules', '/modules', 'Modules'],
    ['Pricing', '/pricing', 'Pricing'],
  ] as const) {
    await navbar.getByRole('link', {name: label, exact: true}).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', {level: 1, name: heading})).toBeVisible();
  }
  await navbar.getByRole('link', {name: /Research Methods Academy/}).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(navbar.getByRole('button', {name: 'Sign In'})).toBeVisible();
  await expect(navbar.getByRole('button', {name: 'Sign Up'})).toBeVisible();
});

test.describe('colour mode', () => {
  test.use({colorScheme: 'dark'});

  test('starts light on a first visit even when the OS prefers dark', async ({page}) => {
    await page.goto('/');
    // Checked before hydration too: the inline script sets it, so there is no flash.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('cycles light → dark → system and persists across reloads', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    const html = page.locator('html');
    const toggle = page.locator('nav.navbar').getByRole('button', {name: /switch between dark and light mode/i});
    await expect(html).toHaveAttribute('data-theme-choice', 'light');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await waitForHydration(page);
    await expect(html).toHaveAttribute('data-theme-choice', 'dark');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'system');
    await expect(html).toHaveAttribute('data-theme', 'dark'); // the OS prefers dark
    await page.reload();
    await waitForHydration(page);
    await expect(html).toHaveAttribute('data-theme-choice', 'system');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'light');
    await page.reload();
    await waitForHydration(page);
    await expect(html).toHaveAttribute('data-theme', 'light');
  });
});

test('mobile menu appears below 996 px and holds the nav and account items', async ({page}) => {
  await page.setViewportSize({width: 990, height: 800});
  await page.goto('/');
  await waitForHydration(page);
  const toggle = page.getByRole('button', {name: /toggle navigation bar/i});
  await expect(toggle).toBeVisible();
  await toggle.click();
  const sidebar = page.locator('.navbar-sidebar');
  await expect(sidebar.getByRole('link', {name: 'Explore'})).toBeVisible();
  await expect(sidebar.getByRole('button', {name: 'Sign In'})).toBeVisible();
  await sidebar.getByRole('link', {name: 'Pricing'}).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.setViewportSize({width: 1000, height: 800});
  await expect(page.getByRole('button', {name: /toggle navigation bar/i})).toBeHidden();
});

test('on a phone the menu is mounted only once opened, and opens again after closing', async ({page}) => {
  await page.setViewportSize({width: 412, height: 823});
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await expect(page.locator('.navbar-sidebar')).toHaveCount(0);

  await page.getByRole('button', {name: /toggle navigation bar/i}).click();
  const drawer = page.locator('.navbar-sidebar');
  await expect(drawer.getByRole('link', {name: 'Research Overview'})).toBeVisible();
  await drawer.getByRole('button', {name: /close navigation bar/i}).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', {name: /toggle navigation bar/i}).click();
  await expect(drawer.getByRole('link', {name: 'Research Overview'})).toBeVisible();
});

test('the phone menu lists the course with this lesson current; choosing a lesson closes it and goes there', async ({page}) => {
  await page.setViewportSize({width: 412, height: 823});
  await page.goto('/docs/modules/research-overview/research-design');
  await waitForHydration(page);
  await page.getByRole('button', {name: /toggle navigation bar/i}).click();
  const drawer = page.locator('.navbar-sidebar');
  await expect(drawer.locator('a[aria-current="page"]')).toHaveAttribute('href', '/docs/modules/research-overview/research-design');
  await drawer.getByRole('link', {name: 'Research integrity'}).click();
  await expect(page).toHaveURL(/\/docs\/modules\/research-overview\/research-integrity$/);
  await expect(drawer).toBeHidden();
});

// A page's first Intl call (a collator, a date format) loads ICU's locale data: 65–100 ms of main
// thread on Lighthouse's slowed phone. Loading a page needs none (src/lib/longDate.ts,
// src/theme/DocSidebar/Mobile). Counted from an init script, before any page code runs.
const COUNT_INTL = `(() => {
  const calls = (window.__intlCalls = []);
  const count = (owner, name, label) => {
    const original = owner[name];
    owner[name] = new Proxy(original, {
      apply: (target, self, args) => (calls.push(label), Reflect.apply(target, self, args)),
      construct: (target, args) => (calls.push(label), Reflect.construct(target, args)),
    });
  };
  count(String.prototype, 'localeCompare', 'String#localeCompare');
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) count(Date.prototype, name, 'Date#' + name);
  count(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
  for (const name of ['Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) count(Intl, name, 'Intl.' + name);
})()`;

for (const screen of [{name: 'a phone', width: 412, height: 823}, {name: 'a wide screen', width: 1280, height: 720}]) {
  test(`loading a lesson on ${screen.name} calls no Intl`, async ({page}) => {
    await page.setViewportSize(screen);
    await page.addInitScript({content: COUNT_INTL});
    await installClock(page);
    await page.goto('/docs/modules/research-overview/research-design');
    await waitForHydration(page);
    await expect(page.getByText(/^Last reviewed:/)).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4}/);
    await settle(page);
    expect(await page.evaluate(() => (window as unknown as {__intlCalls: string[]}).__intlCalls)).toEqual([]);
  });
}

// The server-rendered page is painted before the site's code runs (plugins/paintBeforeScripts.ts):
// each entry script enters the document only once the first contentful paint is recorded, and
// the page still hydrates. Recorded from an init script, before the document is parsed.
const RECORD_SCRIPT_ENTRIES = `(() => {
  const entries = (window.__scriptEntries = []);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeName === 'SCRIPT' && /\\/assets\\/js\\/(runtime~)?main\\./.test(node.src || '')) {
        entries.push({src: node.src, painted: performance.getEntriesByName('first-contentful-paint').length > 0});
      }
    }
  }).observe(document, {childList: true, subtree: true});
})()`;

for (const path of ['/', '/docs/modules/research-overview/research-design', '/pricing']) {
  test(`${path} paints before the site's code runs, then hydrates`, async ({page}) => {
    await page.addInitScript({content: RECORD_SCRIPT_ENTRIES});
    await page.goto(path);
    await waitForHydration(page);
    const entries = await page.evaluate(() => (window as unknown as {__scriptEntries: {src: string; painted: boolean}[]}).__scriptEntries);
    // The webpack runtime first, then main.js, each added after the paint.
    expect(entries.map((e) => new URL(e.src).pathname.replace(/\.[0-9a-f]+\.js$/, ''))).toEqual(['/assets/js/runtime~main', '/assets/js/main']);
    expect(entries.every((e) => e.painted)).toBe(true);
  });
}

test('unknown paths show the 404 page', async ({page}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  // The site's own 404: a search box, the modules and a way home (src/components/site/NotFoundPage).
  await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
  await expect(page.getByRole('searchbox', {name: 'Search the course'})).toHaveValue('no such page');
  await expect(page.getByRole('heading', {name: 'The modules'})).toBeVisible();
  await expect(page.getByRole('link', {name: 'Go to the home page'})).toHaveAttribute('href', '/');
  await waitForHydration(page);
  const search = page.getByRole('search', {name: 'Search the course'});
  await search.getByRole('searchbox').fill('PRISMA');
  await search.getByRole('button', {name: 'Search'}).click();
  await expect(page.getByRole('status').filter({hasText: /results? for “PRISMA”/})).toBeVisible();
  await expect(page.locator('ul[data-query="PRISMA"] a').first()).toHaveAttribute('href', /\/docs\//);
});

test('…/index.html is normalised to the path without it', async ({page}) => {
  await page.goto('/docs/intro/index.html');
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1, name: 'Welcome to Research Methods Academy'})).toBeVisible();
});

test('the diagnostics pages show a visitor only a sign-in prompt', async ({page}) => {
  for (const path of ['/auth-test', '/subscription-test']) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {name: 'Administrators only'}), path).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', {name: 'Sign In'}), path).toBeVisible();
    await expect(page.locator('main dl, main table'), path).toHaveCount(0);
  }
});

test('a crash shows "This page crashed." and Try again recovers', async ({page}) => {
  await page.goto('/crash-test');
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Crash this page'}).click();
  await expect(page.getByRole('heading', {name: 'This page crashed.'})).toBeVisible();
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByRole('button', {name: 'Crash this page'})).toBeVisible();
});

// Offline, or a deploy that replaced the files an open tab knows: the code of a dialog does not
// arrive. The visitor is told where they asked, and the page stays.
for (const [opener, dialogName, what] of [
  ['Search', 'Search the course', 'search'],
  ['Sign In', 'Sign In', 'the sign-in form'],
] as const) {
  test(`"${opener}" whose code does not download says so in place, and Retry opens it`, async ({page}) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.route('**/assets/js/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', {name: 'Main'}).getByRole('button', {name: opener, exact: true}).click();
    const dialog = page.getByRole('dialog', {name: dialogName});
    await expect(dialog.getByRole('alert')).toHaveText(new RegExp(`Could not load ${what}\\. Check your connection and try again\\.`));
    await expect(page.getByRole('heading', {name: 'This page crashed.'})).toHaveCount(0);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    await page.unroute('**/assets/js/**');
    await dialog.getByRole('button', {name: 'Retry'}).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByRole(opener === 'Search' ? 'combobox' : 'textbox').first()).toBeVisible();
  });
}

test.describe('pages are fetched on intent, never on sight', () => {
  // JS files requested so far, in order, whether as prefetch or script.
  const jsRequests = (page: import('@playwright/test').Page) => {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) urls.push(request.url());
    });
    return urls;
  };

  test('a first visit prefetches nothing, however many links are on screen', async ({page}) => {
    const prefetches: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'script' && new URL(request.url()).pathname.endsWith('.js')) prefetches.push(request.url());
    });
    // A lesson (sidebar, pagination, links in the text), a course index (every lesson linked), the
    // catalog, and on a phone the opened menu.
    await installClock(page);
    for (const path of ['/docs/modules/research-overview/research-design', '/docs/modules/systematic-review/', '/modules']) {
      await page.goto(path);
      await waitForHydration(page);
      await settle(page);
      expect(prefetches, path).toEqual([]);
    }
    await page.setViewportSize({width: 412, height: 823});
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    await expect(page.locator('.navbar-sidebar').getByRole('link', {name: 'Research Overview'})).toBeVisible();
    await settle(page);
    expect(prefetches, 'opened phone menu').toEqual([]);
  });

  test('pointing at or focusing a link fetches that page before the click', async ({page}) => {
    const requested = jsRequests(page);
    await installClock(page);
    await page.goto('/docs/modules/research-overview/research-design');
    await waitForHydration(page);
    await settle(page);
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/docs/modules/research-overview/research-design');

    const intents: {name: string; act: () => Promise<void>}[] = [
      {name: 'pagination hover', act: () => page.locator('a.pagination-nav__link--next').hover()},
      {name: 'sidebar focus', act: () => sidebar.getByRole('link', {name: 'Research integrity'}).focus()},
      {name: 'sidebar course hover', act: () => sidebar.getByRole('link', {name: 'Data Analysis', exact: true}).hover()},
      {name: 'navbar hover', act: () => page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Pricing'}).hover()},
    ];
    for (const {name, act} of intents) {
      const count = requested.length;
      const before = new Set(requested);
      await act();
      // That page's chunks are fetched now, and none of them had been fetched before.
      await expect.poll(() => requested.length, name).toBeGreaterThan(count);
      await settle(page);
      const fetchedOnIntent = requested.slice(count);
      expect(fetchedOnIntent.filter((url) => before.has(url)), name).toEqual([]);
    }
  });

  test('a sidebar link still navigates in the page, and opens a new tab with a modifier', async ({page, context}) => {
    await page.goto('/docs/modules/research-overview/research-design');
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as {samePage: boolean}).samePage = true;
    });
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    const link = sidebar.getByRole('link', {name: 'Research integrity'});

    const [tab] = await Promise.all([context.waitForEvent('page'), link.click({modifiers: ['ControlOrMeta']})]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/docs/modules/research-overview/research-integrity');
    await tab.close();
    await expect(page).toHaveURL(/\/research-design$/);

    await link.press('Enter');
    await expect(page).toHaveURL(/\/research-integrity$/);
    await expect(page.getByRole('heading', {level: 1})).toContainText(/integrity/i);
    await expect(link).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => (window as unknown as {samePage?: boolean}).samePage)).toBe(true);
  });
});

test('the route progress bar shows on a slow navigation', async ({page}) => {
  await page.goto('/');
  await waitForHydration(page);
  // The next route's chunks are held until the bar has been seen: a navigation as slow as needed.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await page.locator('nav.navbar').getByRole('link', {name: 'Pricing'}).click();
  await expect(page.locator('#nprogress')).toBeAttached();
  expect(held).toBeGreaterThan(0);
  release();
  await expect(page.getByRole('heading', {level: 1, name: 'Pricing'})).toBeVisible();
  await expect(page.locator('#nprogress')).not.toBeAttached();
});

test('the docs sidebar can be hidden and does not auto-collapse categories', async ({page}) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const sidebar = page.locator('.theme-doc-sidebar-container');
  const categories = sidebar.locator('.theme-doc-sidebar-item-category-level-1');
  const expanded = sidebar.locator('.theme-doc-sidebar-item-category-level-1:not(.menu__list-item--collapsed)');
  const before = await expanded.count();
  // Expand two more categories with their caret buttons, one after the other as a reader would
  // (the first opening moves the second while it animates); the first stays open.
  for (const index of [1, 2]) {
    const category = categories.nth(index);
    await category.getByRole('button', {name: /expand sidebar category/i}).click();
    await expect(category).not.toHaveClass(/menu__list-item--collapsed/);
  }
  await expect(expanded).toHaveCount(before + 2);

  await page.getByRole('button', {name: 'Collapse sidebar', exact: true}).click();
  await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeHidden();
  await page.getByRole('button', {name: 'Expand sidebar', exact: true}).click();
  await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
});

test('the table of contents lists level 2 and 3 headings only', async ({page}) => {
  // A free lesson: a Premium lesson's body headings are only on the page for Premium readers.
  await page.goto('/docs/modules/data-analysis/analysis-tests');
  await waitForHydration(page);
  const headingIds = await page
    .locator('article .markdown')
    .first()
    .evaluate((root) =>
      // Markdown headings carry Docusaurus' `anchor` class; a component's own heading (an exercise
      // title) is not a section of the lesson and has no place in the TOC.
      [...root.querySelectorAll('h2.anchor[id], h3.anchor[id], h4.anchor[id]')].map((h) => ({level: h.tagName, id: h.id})),
    );
  const tocIds = await page
    .locator('.table-of-contents a')
    .evaluateAll((links) => links.map((a) => decodeURIComponent((a as HTMLAnchorElement).hash.slice(1))));
  const expected = headingIds.filter((h) => h.level !== 'H4').map((h) => h.id);
  expect(expected.length).toBeGreaterThan(3);
  expect(tocIds).toEqual(expected);
});

test('the announcement bar stays dismissed until its id changes', async ({page}) => {
  await page.goto('/');
  await waitForHydration(page);
  const bar = page.locator('.theme-announcement-bar');
  await expect(bar).toBeVisible();
  await bar.getByRole('button', {name: /close/i}).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await waitForHydration(page);
  await expect(bar).toBeHidden();
  // A new announcement (a different id than the one dismissed) shows again.
  await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement'));
  await page.reload();
  await waitForHydration(page);
  await expect(bar).toBeVisible();
});

test('premium lessons carry a Premium badge on the page and in the sidebar', async ({page}) => {
  await page.goto('/docs/modules/systematic-review/meta-analysis');
  await waitForHydration(page);
  await expect(page.locator('article').getByText('Premium', {exact: true})).toBeVisible();
  const sidebarLink = page.locator('.sidebar-premium a[href="/docs/modules/systematic-review/meta-analysis"]');
  await expect(sidebarLink).toBeVisible();
  const after = await sidebarLink.evaluate((el) => getComputedStyle(el, '::after').content);
  expect(after).toContain('Premium');
});
