// Premium lessons in Chromium against the production build and local-supabase (bodies published
// by the e2e stack, as `npm run sync:courses` does): visitors and free learners get the public
// part and the card; a learner who buys Premium through the PayPal simulator reads the whole
// lesson (TOC, code, tabs, diagram, deep links) and can complete it; once the end date has
// passed, the body is gone again.
import type {Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {e2eBackend} from './backend';
import {createConfirmedUser, signInThroughModal, uniqueEmail} from './accounts';

const LESSON = '/docs/modules/systematic-review/meta-analysis';
const PASSWORD = 'Correct-Horse-42';
/** From the public opening, and from the body (the first table), of meta-analysis.mdx. */
const OPENING = 'A meta-analysis combines the results of several studies';
const BODY_TEXT = 'Intuitive; pooled on the log scale';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

async function service(path: string, init: RequestInit): Promise<unknown> {
  const {url, serviceRoleKey} = e2eBackend();
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: {apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json', ...(init.headers ?? {})},
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}

const article = (page: Page) => page.locator('article');
const lockedCard = (page: Page) => page.locator('[data-lock-reason]');
const sidebarLink = (page: Page) => page.locator(`nav[aria-label="Docs sidebar"] a[href="${LESSON}"]`);

test.describe.configure({mode: 'serial'});

test('a visitor gets the public part and a card to sign in, and downloads no account code', async ({page, consoleErrors}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await page.goto(LESSON, {waitUntil: 'networkidle'});
  await waitForHydration(page);
  await expect(article(page)).toContainText(OPENING);
  await expect(page.getByRole('heading', {name: 'Learning objectives'})).toBeVisible();
  const card = lockedCard(page);
  await expect(card).toHaveAttribute('data-lock-reason', 'visitor');
  await expect(card).toContainText('$49 a year');
  // The outline is public: the card lists it, and the TOC links to the body's headings.
  await expect(card.getByText('Inverse-variance weighting')).toBeVisible();
  await expect(page.locator('.table-of-contents').getByRole('link', {name: 'Funnel plots and small-study effects'})).toHaveAttribute(
    'href',
    '#funnel-plots-and-small-study-effects',
  );
  await expect(article(page)).not.toContainText(BODY_TEXT);
  await expect(sidebarLink(page)).toHaveAttribute('data-locked', 'true');
  await expect(sidebarLink(page)).toHaveAccessibleName('Meta-Analysis (Premium, locked)');
  expect((await Promise.all(scripts)).filter((body) => body.includes('GoTrueClient'))).toEqual([]);

  await card.getByRole('button', {name: 'Sign in'}).click();
  await expect(page.getByRole('dialog', {name: 'Sign In'})).toBeVisible();
  expect(consoleErrors.messages).toEqual([]);
});

const buyer = uniqueEmail('premium-reader');

test('a free learner is offered Premium; after buying it through the simulator the whole lesson shows', async ({page}) => {
  test.setTimeout(120_000);
  await createConfirmedUser(buyer, PASSWORD, 'Archie Cochrane');
  await open(page, LESSON);
  await signInThroughModal(page, buyer, PASSWORD);
  const card = lockedCard(page);
  await expect(card).toHaveAttribute('data-lock-reason', 'no_premium');
  await expect(card.getByRole('link', {name: 'See Premium'})).toHaveAttribute('href', '/pricing');
  await expect(article(page)).not.toContainText(BODY_TEXT);

  await card.getByRole('link', {name: 'See Premium'}).click();
  await page.waitForURL(/\/pricing$/);
  const premium = page.getByRole('region', {name: 'Premium'});
  await premium.getByRole('button', {name: 'Review and subscribe'}).click();
  await page.getByRole('region', {name: 'Review your order'}).getByRole('button', {name: 'Subscribe with PayPal'}).click();
  await page.waitForURL(/\/paypal-sim\/checkout\/I-/);
  await page.getByRole('button', {name: 'Approve'}).click();
  await page.waitForURL(/\/account/);
  await expect(page.getByText('Welcome to Premium!')).toBeVisible({timeout: 20_000});

  await open(page, LESSON);
  const heading = page.getByRole('heading', {name: 'Inverse-variance weighting'});
  await expect(heading).toBeVisible();
  await expect(heading).toHaveAttribute('id', 'inverse-variance-weighting');
  await expect(lockedCard(page)).toHaveCount(0);
  await expect(article(page)).toContainText(BODY_TEXT);
  // The same components as a free lesson: highlighted code, tabs, a mermaid diagram.
  const tabs = article(page).getByRole('tablist');
  await expect(tabs.getByRole('tab', {name: 'metafor'})).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', {name: 'meta', exact: true}).click();
  await expect(tabs.getByRole('tab', {name: 'meta', exact: true})).toHaveAttribute('aria-selected', 'true');
  const code = article(page).locator('pre.prism-code').filter({hasText: 'metabin'});
  await expect(code).toBeVisible();
  await expect(code.locator('span.token').first()).toBeVisible();
  // The ```mermaid diagram of the worked example, drawn as SVG whichever way the docs render mermaid.
  await expect(article(page).locator('svg').filter({hasText: 'Inverse-variance weights'})).toBeVisible({timeout: 20_000});
  await expect(page.locator('.table-of-contents').getByRole('link', {name: 'Running it in R'})).toBeVisible();
  // The lesson components it uses without importing them (the public page does not bundle them).
  await expect(article(page).getByRole('img', {name: /^Forest plot: surgical site infection/})).toBeVisible();
  await expect(article(page).getByRole('link', {name: 'summary-of-findings table (XLSX)'})).toHaveAttribute('download', /.*/);
  await expect(article(page).getByRole('button', {name: 'Show worked answer'}).first()).toBeVisible();
  await expect(sidebarLink(page)).not.toHaveAttribute('data-locked', 'true');
});

test('a deep link to a heading inside the body scrolls there, and the lesson can be completed', async ({page}) => {
  await open(page, '/');
  await signInThroughModal(page, buyer, PASSWORD);
  await page.goto(`${LESSON}#funnel-plots-and-small-study-effects`);
  await waitForHydration(page);
  const target = page.getByRole('heading', {name: 'Funnel plots and small-study effects'});
  await expect(target).toBeVisible();
  await expect(target).toBeInViewport();

  const progress = page.getByTestId('lesson-progress');
  await progress.getByRole('button', {name: 'Mark as complete'}).click();
  await expect(progress.getByRole('button', {name: '✓ Completed'})).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('lesson-progress').getByRole('button', {name: '✓ Completed'})).toBeVisible();
});

test('once the end date has passed the body is gone and the card says when Premium ended', async ({page}) => {
  const users = (await service(`/auth/v1/admin/users?per_page=1000`, {method: 'GET'})) as {users: {id: string; email: string}[]};
  const id = users.users.find((u) => u.email === buyer)?.id;
  expect(id).toBeTruthy();
  const ended = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  await service(`/rest/v1/profiles?id=eq.${id}`, {method: 'PATCH', body: JSON.stringify({subscription_end_date: ended.toISOString()})});

  await open(page, '/');
  await signInThroughModal(page, buyer, PASSWORD);
  await open(page, LESSON);
  const card = lockedCard(page);
  await expect(card).toHaveAttribute('data-lock-reason', 'lapsed');
  // The site writes dates as "5 March 2026" in UTC, as en-GB's long form does.
  const date = ended.toLocaleDateString('en-GB', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'});
  await expect(card.getByRole('heading', {name: `Your Premium ended on ${date}`})).toBeVisible();
  await expect(card.getByRole('link', {name: 'Renew Premium'})).toHaveAttribute('href', '/pricing');
  await expect(article(page)).not.toContainText(BODY_TEXT);
});
