// Knowledge checks and certificates in Chromium against the production build and a real
// local-supabase: an anonymous visitor takes a check (the account code loads only at Start); a
// learner fails twice, sees which questions to revisit without their answers, meets the
// cool-down (faked away in the database), passes a fresh draw and reads the explanations, which
// completes the lesson;
// passing both open-data checks issues a certificate whose public page verifies in a fresh
// browser, prints on one page (A4 and Letter) and is axe-clean, as is the check, in light and
// dark. And the build itself holds no answer.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {SITE_BUILD_DIR} from '../../playwright.config';
import {e2eBackend} from './backend';
import {createConfirmedUser, signInThroughModal, uniqueEmail, useDarkMode} from './accounts';
import {readCatalog} from '../../src/catalog/readCatalog';
import {readCheckFile, readChecks} from '../../src/knowledgeChecks/readChecks';
import type {KnowledgeCheck} from '../../src/knowledgeChecks/schema';
import {certificatePath} from '../../src/lib/certificates';

const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'Correct-Horse-42';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const course = readCatalog(path.join(ROOT, 'docs')).courses.find((c) => c.slug === 'open-data');
if (!course || course.lessons.length !== 2) throw new Error('open-data must have its two lessons');
const [overview, workflow] = course.lessons as [NonNullable<typeof course>['lessons'][number], NonNullable<typeof course>['lessons'][number]];
const checkOf = (slug: string): KnowledgeCheck => readCheckFile(path.join(ROOT, 'docs/modules/open-data', `${slug}.check.yaml`));

test.describe.configure({mode: 'serial'});

async function open(page: Page, to: string): Promise<void> {
  await page.goto(to);
  await waitForHydration(page);
}

const checkPanel = (page: Page): Locator => page.getByTestId('knowledge-check');

/** The questions the server presented, as YAML questions in presented order (found by prompt). */
async function presented(page: Page, check: KnowledgeCheck) {
  const legends = await checkPanel(page).getByRole('group').locator('legend').allTextContents();
  return legends.map((legend) => {
    const question = check.questions.find((q) => legend.includes(q.prompt));
    if (!question) throw new Error(`no question in the pool has the prompt of "${legend}"`);
    return question;
  });
}

/**
 * Answers every presented question: the right answers, or a wrong one for each. The options are
 * found by their text, so the server's order of questions and options does not matter.
 */
async function answer(page: Page, check: KnowledgeCheck, right: boolean): Promise<void> {
  const panel = checkPanel(page);
  await expect(panel.getByRole('group').first()).toBeVisible();
  for (const [index, question] of (await presented(page, check)).entries()) {
    const group = panel.getByRole('group', {name: new RegExp(`^Question ${index + 1} of`)});
    if (question.type === 'numeric') {
      await group.getByLabel(/Your answer/).fill(String(right ? question.answer : question.answer + question.tolerance + 1000));
      continue;
    }
    const picks = right ? question.options.filter((o) => o.correct) : [question.options.find((o) => !o.correct)!];
    for (const option of picks) await group.getByLabel(option.text, {exact: true}).check();
  }
  await panel.getByRole('button', {name: 'Submit answers'}).click();
}

/** Fakes the cool-down away: every graded attempt moves two hours back (service role). */
async function endCoolDowns(): Promise<void> {
  const {url, serviceRoleKey} = e2eBackend();
  const response = await fetch(`${url}/rest/v1/knowledge_check_presentations?graded_at=not.is.null`, {
    method: 'PATCH',
    headers: {apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json'},
    body: JSON.stringify({graded_at: new Date(Date.now() - 2 * 3600_000).toISOString()}),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

async function axe(page: Page, selector: string): Promise<void> {
  const result = await new AxeBuilder({page}).include(selector).withTags(WCAG).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Pages in a PDF Chromium prints of the current page. */
async function printedPages(page: Page, format: 'A4' | 'Letter'): Promise<number> {
  const pdf = (await page.pdf({format})).toString('latin1');
  return (pdf.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

test('the build holds no knowledge-check answer or explanation', () => {
  const buildDir = path.resolve(ROOT, SITE_BUILD_DIR);
  expect(fs.existsSync(buildDir), 'build/ exists (the e2e run builds the site first)').toBe(true);
  const secrets = readChecks(path.join(ROOT, 'docs')).flatMap(({check}) =>
    check.questions.flatMap((q) => (q.type === 'numeric' ? [q.explanation] : q.options.map((o) => o.explanation))),
  );
  expect(secrets.length).toBeGreaterThan(0);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(html|js|json|txt|xml|map)$/.test(entry.name)) files.push(full);
    }
  };
  walk(buildDir);
  const leaks: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const secret of secrets) if (text.includes(secret)) leaks.push(`${path.relative(buildDir, file)}: ${secret.slice(0, 50)}…`);
  }
  expect(leaks).toEqual([]);
});

test('an anonymous visitor takes a check, loading the account code only at Start, and is invited to sign in', async ({page, consoleErrors}) => {
  const api = new URL(e2eBackend().url).origin;
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(api)) apiCalls.push(request.url());
  });
  await open(page, overview.permalink);
  const panel = checkPanel(page);
  await expect(panel.getByRole('heading', {name: 'Knowledge check'})).toBeVisible();
  expect(apiCalls).toEqual([]);
  await panel.getByRole('button', {name: 'Start the knowledge check'}).click();
  await expect(panel.getByRole('group')).toHaveCount(checkOf('overview').ask);
  expect(apiCalls.some((u) => u.includes('/rpc/start_knowledge_check'))).toBe(true);
  await answer(page, checkOf('overview'), true);
  await expect(panel.getByTestId('check-result')).toContainText('You scored 100%');
  await expect(panel.getByTestId('check-result')).toContainText('Your result was not saved');
  await expect(panel.getByRole('button', {name: 'Sign in to save your results'})).toBeVisible();
  // Even a pass shows an anonymous visitor no answer.
  await expect(panel.getByText(/Correct answer/)).toHaveCount(0);
  expect(consoleErrors.messages).toEqual([]);
});

let certificateCode = '';

test('a learner fails, sees what to revisit without the answers, waits out the cool-down, passes a fresh draw (the lesson completes), and earns the open-data certificate', async ({page, consoleErrors}) => {
  const email = uniqueEmail('checks');
  await createConfirmedUser(email, PASSWORD, 'Rosalind Franklin');
  await open(page, overview.permalink);
  await signInThroughModal(page, email, PASSWORD);
  const panel = checkPanel(page);
  const check = checkOf('overview');
  await expect(panel.getByRole('group')).toHaveCount(check.ask);

  const firstDraw = await presented(page, check);
  await answer(page, check, false);
  const result = panel.getByTestId('check-result');
  await expect(result).toContainText('You scored 0%');
  await expect(result).toContainText('Not passed yet: the pass mark is 80%');
  await expect(result).toBeFocused();
  // Which questions to revisit, each linking its section; no right answer, no explanation.
  await expect(panel.getByText('✗ Incorrect')).toHaveCount(check.ask);
  const revisit = panel.getByTestId('revisit').getByRole('link');
  await expect(revisit).toHaveCount(check.ask);
  expect(await revisit.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(firstDraw.map((q) => q.section));
  await expect(panel.getByText(/Correct answer/)).toHaveCount(0);
  for (const question of firstDraw) {
    const explanations = question.type === 'numeric' ? [question.explanation] : question.options.map((o) => o.explanation);
    for (const text of explanations) await expect(panel.getByText(text.slice(0, 40), {exact: false})).toHaveCount(0);
  }
  await expect(page.getByRole('button', {name: 'Mark as complete'})).toBeVisible();

  // A second failure within the hour: the next try waits a minute.
  await panel.getByRole('button', {name: 'Try again with new questions'}).click();
  await expect(panel.getByTestId('check-result')).toHaveCount(0);
  await answer(page, check, false);
  await expect(result).toContainText('You can try again at');
  await panel.getByRole('button', {name: 'Try again with new questions'}).click();
  await expect(panel.getByTestId('check-cooldown')).toContainText(/You can try again at .+ \(in 1 minute\)\./);
  await expect(panel.getByRole('group')).toHaveCount(0);
  await axe(page, '[data-testid="knowledge-check"]');

  await endCoolDowns();
  await panel.getByRole('button', {name: 'Try again'}).click();
  await expect(panel.getByRole('group')).toHaveCount(check.ask);
  const passDraw = await presented(page, check);
  await answer(page, check, true);
  await expect(result).toContainText('You scored 100%');
  await expect(result).toContainText('This lesson is now marked as complete.');
  await expect(panel.getByTestId('best-score')).toContainText('100%');
  await expect(page.getByTestId('lesson-progress').getByRole('button', {name: '✓ Completed'})).toBeVisible();
  // A pass shows the explanations of the right answers.
  const shown = passDraw[0]!;
  const explanation = shown.type === 'numeric' ? shown.explanation : shown.options.find((o) => o.correct)!.explanation;
  await expect(panel.getByText(explanation.slice(0, 40), {exact: false}).first()).toBeVisible();

  await open(page, workflow.permalink);
  await expect(checkPanel(page).getByRole('group')).toHaveCount(checkOf('workflow').ask);
  await answer(page, checkOf('workflow'), true);
  await expect(checkPanel(page).getByTestId('check-result')).toContainText(`You have earned your certificate for ${course.title}`);
  await checkPanel(page).getByRole('link', {name: 'View your certificate'}).click();
  await expect(page).toHaveURL(/\/certificates\/\?code=[0-9a-f]{32}$/);
  certificateCode = new URL(page.url()).searchParams.get('code') as string;
  await expect(page.getByTestId('certificate-name')).toHaveText('Rosalind Franklin');

  await open(page, '/progress');
  await expect(page.getByTestId('progress-course-open-data')).toContainText('2 of 2 checks passed');
  await expect(page.getByTestId('my-certificates').getByRole('link', {name: course.title})).toHaveAttribute('href', certificatePath(certificateCode));
  expect(consoleErrors.messages).toEqual([]);
});

test('the certificate link opens signed out in a fresh browser: HTTP 200, the checks it certifies, no PNG or LinkedIn; it prints on one page', async ({browser}) => {
  expect(certificateCode).toMatch(/^[0-9a-f]{32}$/);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const response = await page.goto(certificatePath(certificateCode));
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByTestId('certificate-status')).toContainText('is valid');
  await expect(page.getByTestId('certificate-name')).toHaveText('Rosalind Franklin');
  await expect(page.getByTestId('certificate-course')).toHaveText(course.title);
  await expect(page.getByTestId('certificate')).not.toContainText('@');
  // What it certifies, as the grading recorded it: both checks, passed at 100 % against the pass mark.
  const checks = page.getByRole('table', {name: `Knowledge checks passed for ${course.title}`});
  for (const lesson of [overview, workflow]) {
    const row = checks.getByRole('row').filter({has: page.getByRole('rowheader', {name: lesson.title, exact: true})});
    await expect(row.getByRole('cell').first()).toHaveText('100%');
  }
  await expect(page.getByTestId('certified-checks')).toContainText('pass mark of 80%');
  // The owner's actions are not a visitor's (tests/e2e/certificates.spec.ts: the owner gets them).
  await expect(page.getByRole('link', {name: /Add to LinkedIn/})).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Download as PNG'})).toHaveCount(0);

  await page.emulateMedia({media: 'print'});
  await expect(page.locator('nav.navbar')).toBeHidden();
  await expect(page.getByRole('button', {name: 'Print'})).toBeHidden();
  expect(await printedPages(page, 'A4')).toBe(1);
  expect(await printedPages(page, 'Letter')).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('the result\'s "Try again" button appears in its own colours, not faded from "Submit answers"', async ({page}) => {
  await open(page, overview.permalink);
  const panel = checkPanel(page);
  await panel.getByRole('button', {name: 'Start the knowledge check'}).click();
  await expect(panel.getByRole('group').first()).toBeVisible();
  // A text-colour transition on the button means it was the submit button re-styled, whose colours
  // pass through low contrast on the way (axe once caught it mid-way).
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as {__retryTransitions: string[]}).__retryTransitions = []);
    document.addEventListener('transitionrun', (event) => {
      const target = event.target as HTMLElement;
      if (target.tagName === 'BUTTON' && target.textContent?.trim() === 'Try again with new questions') seen.push(event.propertyName);
    });
  });
  await answer(page, checkOf('overview'), false);
  await expect(panel.getByRole('button', {name: 'Try again with new questions'})).toBeVisible();
  // Every transition the new state started has run to its end (an event, not a pause).
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  expect(await page.evaluate(() => (window as unknown as {__retryTransitions: string[]}).__retryTransitions)).not.toContain('color');
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe-core finds no WCAG 2.2 AA violations in the knowledge check (${mode})`, async ({page}) => {
    if (mode === 'dark') await useDarkMode(page);
    // Anonymous failures from this one address add up across tests: this test's one failure
    // must not meet a cool-down.
    await endCoolDowns();
    await open(page, overview.permalink);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const panel = checkPanel(page);
    await axe(page, '[data-testid="knowledge-check"]');
    await panel.getByRole('button', {name: 'Start the knowledge check'}).click();
    await expect(panel.getByRole('group').first()).toBeVisible();
    await axe(page, '[data-testid="knowledge-check"]');
    await answer(page, checkOf('overview'), false);
    await expect(panel.getByTestId('check-result')).toBeVisible();
    await axe(page, '[data-testid="knowledge-check"]');
    await panel.getByRole('button', {name: 'Try again with new questions'}).click();
    await answer(page, checkOf('overview'), true);
    await expect(panel.getByTestId('check-result')).toContainText('Passed.');
    await axe(page, '[data-testid="knowledge-check"]');
  });

  test(`axe-core finds no WCAG 2.2 AA violations on the certificate page (${mode})`, async ({page}) => {
    if (mode === 'dark') await useDarkMode(page);
    await open(page, certificatePath(certificateCode));
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect(page.getByTestId('certificate')).toBeVisible();
    await axe(page, 'main');
  });
}
