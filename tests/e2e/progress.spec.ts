// Progress in Chromium against the production build and a real local-supabase: a learner signs
// in, stays on a lesson, marks it complete, and sees it everywhere — the sidebar tick, the course
// page, /modules and /progress — after a reload and from a second browser with the same account.
// Anonymous visitors see only an invitation and load no account code.
import path from 'node:path';
import type {Browser, Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {e2eBackend} from './backend';
import {createConfirmedUser, signInThroughModal, storageKey, uniqueEmail} from './accounts';
import {readCatalog} from '../../src/catalog/readCatalog';
import {anHourSinceLastClaim} from '../../scripts/lib/databaseQuery';

const PASSWORD = 'Correct-Horse-42';
const catalog = readCatalog(path.resolve(__dirname, '../../docs'));
const course = catalog.courses.find((c) => c.slug === 'research-overview');
if (!course) throw new Error('research-overview missing from the catalog');
const [lesson1, lesson2] = course.lessons;
if (!lesson1 || !lesson2) throw new Error('research-overview needs two lessons');
const totalLessons = catalog.courses.reduce((n, c) => n + c.lessons.length, 0);
const percent = `${Math.round(100 / course.lessons.length)}%`;

test.describe.configure({mode: 'serial'});

async function open(page: Page, to: string): Promise<void> {
  await page.goto(to);
  await waitForHydration(page);
}

/** The learner's row for a lesson, read with the service role (what the database holds). */
/** /progress as its server HTML and inline scripts show it, before (here: without) the site's code. */
async function progressBeforeCode(page: Page, storedSession: boolean): Promise<void> {
  await page.route(/\/assets\/js\//, (route) => route.abort());
  if (storedSession) await page.addInitScript((key) => window.localStorage.setItem(key, '{}'), storageKey());
  await page.goto('/progress');
}

test('before the site code runs, /progress invites a visitor and tells a learner it is checking', async ({browser}) => {
  for (const storedSession of [false, true]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await progressBeforeCode(page, storedSession);
    const invitation = page.getByRole('heading', {name: 'Sign in to track your progress'});
    const checking = page.getByText('Checking your account…');
    await expect(storedSession ? checking : invitation).toBeVisible();
    await expect(storedSession ? invitation : checking).toBeHidden();
    await context.close();
  }
});

async function lessonRow(userId: string, lessonSlug: string): Promise<{time_spent: number; is_completed: boolean} | null> {
  const {url, serviceRoleKey} = e2eBackend();
  const headers = {apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`};
  const lessons = (await (
    await fetch(`${url}/rest/v1/lessons?select=id,courses!inner(slug)&slug=eq.${lessonSlug}&courses.slug=eq.research-overview`, {headers})
  ).json()) as {id: number}[];
  const id = lessons[0]?.id;
  if (!id) throw new Error(`lesson ${lessonSlug} not in the database`);
  const rows = (await (
    await fetch(`${url}/rest/v1/user_lesson_progress?select=time_spent,is_completed&user_id=eq.${userId}&lesson_id=eq.${id}`, {headers})
  ).json()) as {time_spent: number; is_completed: boolean}[];
  return rows[0] ?? null;
}

/**
 * Time on the lesson without waiting for it: the page's clock (installed before it loaded) jumps
 * three seconds, which the page counts as seconds on the lesson, and the database is told an hour
 * has passed since the learner's last claim, so it credits what the page sends.
 */
async function stayOnLesson(page: Page, userId: string): Promise<void> {
  await page.clock.fastForward(3_000);
  await anHourSinceLastClaim(e2eBackend(), userId);
}

async function expectProgressEverywhere(page: Page): Promise<void> {
  // The course landing page: percentage, tick, Continue to the first unfinished lesson.
  await open(page, course!.permalink);
  const panel = page.getByTestId('course-progress');
  await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.round(100 / course!.lessons.length)));
  await expect(panel.getByText(`1 of ${course!.lessons.length} lessons completed`)).toBeVisible();
  await expect(panel.locator('li[data-completed="true"]')).toHaveCount(1);
  await expect(panel.locator('li[data-completed="true"]')).toContainText(lesson1!.title);
  await expect(panel.getByTestId('course-continue')).toHaveAttribute('href', lesson2!.permalink);
  // The sidebar tick.
  const sidebarLink = page.locator('.theme-doc-sidebar-menu a.menu__link[data-completed="true"]');
  await expect(sidebarLink).toHaveCount(1);
  await expect(sidebarLink).toHaveText(lesson1!.title);
  const tick = await sidebarLink.evaluate((a) => getComputedStyle(a, '::after').content);
  expect(tick).toContain('✓');

  await open(page, '/modules');
  const item = page.getByTestId('module-research-overview');
  await expect(item.getByTestId('progress-percentage')).toHaveText(percent);
  await expect(item.getByRole('link', {name: /^Continue/})).toHaveAttribute('href', lesson2!.permalink);
  await expect(page.getByTestId('module-literature-review').getByTestId('progress-percentage')).toHaveText('0%');

  await open(page, '/progress');
  await expect(page.getByTestId('stat-courses')).toHaveText(String(catalog.courses.length));
  await expect(page.getByTestId('stat-started')).toHaveText('1');
  await expect(page.getByTestId('stat-completed')).toHaveText('0');
  await expect(page.getByTestId('stat-lessons')).toHaveText(`1 of ${totalLessons}`);
  await expect(page.getByTestId('stat-minutes')).toHaveText('0 min');
  await expect(page.getByTestId('progress-course-research-overview').getByTestId('progress-percentage')).toHaveText(percent);
  const resume = page.getByRole('link', {name: `Resume ${lesson1!.title}`});
  await expect(resume).toHaveAttribute('href', lesson1!.permalink);
}

async function sessionFor(email: string): Promise<string> {
  const {url, anonKey} = e2eBackend();
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {apikey: anonKey, 'Content-Type': 'application/json'},
    body: JSON.stringify({email, password: PASSWORD}),
  });
  expect(response.status).toBe(200);
  const session = (await response.json()) as {expires_in: number; expires_at?: number};
  return JSON.stringify({...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in});
}

async function secondBrowser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key as string, value as string), [storageKey(), await sessionFor(email)]);
  return context.newPage();
}

test('anonymous visitors get an invitation on lessons and load no account code', async ({page, consoleErrors}) => {
  const api = new URL(e2eBackend().url).origin;
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(api)) apiCalls.push(request.url());
  });
  await open(page, lesson1.permalink);
  await expect(page.getByRole('complementary', {name: 'Track your progress'})).toContainText('Sign in to track your progress');
  await expect(page.getByRole('button', {name: 'Mark as complete'})).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await open(page, course.permalink);
  await expect(page.getByTestId('course-progress').getByRole('listitem')).toHaveCount(course.lessons.length);
  await open(page, '/progress');
  await expect(page.getByRole('heading', {name: 'Sign in to track your progress'})).toBeVisible();
  await open(page, '/modules');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(apiCalls).toEqual([]);
  expect(consoleErrors.messages).toEqual([]);
});

test('a learner’s completed lesson shows everywhere, after a reload and in a second browser', async ({page, browser, consoleErrors}) => {
  // Two browsers and seven pages, with no time spent waiting on lessons: 15 s in a local run.
  test.setTimeout(90_000);
  const email = uniqueEmail('progress');
  const userId = await createConfirmedUser(email, PASSWORD, 'Progress Learner');

  await page.clock.install();
  await open(page, lesson1.permalink);
  await signInThroughModal(page, email, PASSWORD);
  const panel = page.getByTestId('lesson-progress');
  const mark = panel.getByRole('button', {name: 'Mark as complete'});
  await expect(mark).toBeEnabled();
  await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(panel.getByRole('link', {name: /Next lesson/})).toHaveAttribute('href', lesson2.permalink);
  // The visit is stored (it starts the learner's time clock) before time is moved past it.
  await expect.poll(() => lessonRow(userId, lesson1.slug)).toMatchObject({is_completed: false});

  // Stay on the lesson, then complete it: the seconds on the page go with the completion.
  await stayOnLesson(page, userId);
  await mark.click();
  const completed = panel.getByRole('button', {name: /Completed/});
  await expect(completed).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('progress-percentage')).toHaveText(percent);
  await expect(page.locator('a.menu__link[data-completed="true"]')).toHaveText(lesson1.title);
  const afterComplete = await lessonRow(userId, lesson1.slug);
  expect(afterComplete?.is_completed).toBe(true);
  expect(afterComplete?.time_spent).toBeGreaterThanOrEqual(2);

  // Undo and redo.
  await completed.click();
  await expect(panel.getByRole('button', {name: 'Mark as complete'})).toBeVisible();
  await expect(panel.getByTestId('progress-percentage')).toHaveText('0%');
  await expect(page.locator('a.menu__link[data-completed="true"]')).toHaveCount(0);
  await panel.getByRole('button', {name: 'Mark as complete'}).click();
  await expect(panel.getByRole('button', {name: /Completed/})).toBeVisible();
  // The redo is stored (it may claim a second) before time is moved past it.
  await expect.poll(async () => (await lessonRow(userId, lesson1.slug))?.is_completed).toBe(true);

  // Leaving by a client-side link sends the time since then without waiting for it.
  await stayOnLesson(page, userId);
  await panel.getByRole('link', {name: /Next lesson/}).click();
  await expect(page).toHaveURL(new RegExp(`${lesson2.permalink}$`));
  await expect(page.getByTestId('lesson-progress').getByRole('button', {name: 'Mark as complete'})).toBeEnabled();
  await expect
    .poll(async () => (await lessonRow(userId, lesson1.slug))?.time_spent ?? 0, {timeout: 10_000})
    .toBeGreaterThanOrEqual((afterComplete?.time_spent ?? 0) + 2);
  // Opening lesson 2 started it without completing it.
  expect(await lessonRow(userId, lesson2.slug)).toMatchObject({is_completed: false});

  await expectProgressEverywhere(page);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('stat-lessons')).toHaveText(`1 of ${totalLessons}`);
  await expectProgressEverywhere(page);

  const other = await secondBrowser(browser, email);
  const otherErrors: string[] = [];
  other.on('console', (msg) => msg.type() === 'error' && otherErrors.push(msg.text()));
  await other.clock.install();
  await open(other, lesson1.permalink);
  await expect(other.getByTestId('lesson-progress').getByRole('button', {name: /Completed/})).toBeVisible();
  // A full page load away (pagehide) still delivers the time on the page, by keepalive.
  const before = (await lessonRow(userId, lesson1.slug))?.time_spent ?? 0;
  await stayOnLesson(other, userId);
  await other.goto('/modules');
  await expect.poll(async () => (await lessonRow(userId, lesson1.slug))?.time_spent ?? 0, {timeout: 10_000}).toBeGreaterThanOrEqual(before + 2);
  await expectProgressEverywhere(other);
  await other.context().close();

  expect(consoleErrors.messages).toEqual([]);
  expect(otherErrors).toEqual([]);
});
