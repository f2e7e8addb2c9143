// Certificate links in Chromium against the production build (`docusaurus serve`, no rewrite
// rules) and a real local-supabase. The certificate is issued with the service role, with the
// checks the grading function records, so this journey does not depend on passing every check.
// A visitor opens the certificate link signed out and sees the verification with its checks and
// no PNG or LinkedIn; an old `/certificates/<code>` link reaches the same page without "Page Not
// Found" ever entering the DOM (title included); the owner, signed in, gets the PNG and LinkedIn.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {createClient} from '@supabase/supabase-js';
import type {Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {e2eBackend} from './backend';
import {createConfirmedUser, signInThroughModal, uniqueEmail} from './accounts';
import {readCatalog} from '../../src/catalog/readCatalog';
import {SITE_TITLE} from '../../src/config/site';
import {certificatePath} from '../../src/lib/certificates';

const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'Correct-Horse-42';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const course = readCatalog(path.join(ROOT, 'docs')).courses.find((c) => c.slug === 'open-data');
if (!course) throw new Error('the open-data course must exist');
const checkedLessons = course.lessons.filter((l) => l.hasKnowledgeCheck);

test.describe.configure({mode: 'serial'});

let email = '';
let code = '';

test.beforeAll(async () => {
  email = uniqueEmail('certificate');
  const userId = await createConfirmedUser(email, PASSWORD, 'Rosalind Franklin');
  const {url, serviceRoleKey} = e2eBackend();
  const admin = createClient(url, serviceRoleKey, {auth: {persistSession: false, autoRefreshToken: false}});
  const {data: row, error} = await admin.from('courses').select('id, title').eq('slug', 'open-data').single();
  if (error) throw error;
  code = Array.from({length: 32}, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const inserted = await admin.from('certificates').insert({
    code,
    user_id: userId,
    course_id: (row as {id: number}).id,
    full_name: 'Rosalind Franklin',
    course_title: (row as {title: string}).title,
    pass_mark: 80,
    checks: checkedLessons.map((lesson, index) => ({
      lesson_slug: lesson.slug,
      lesson_title: lesson.title,
      score: index === 0 ? 100 : 83.33,
      passed_at: `2026-11-2${index}T09:00:00+00:00`,
    })),
  });
  if (inserted.error) throw inserted.error;
});

/** Records, across every document of the page, any node or text holding "Page Not Found". */
async function watchForNotFound(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const KEY = 'e2e-not-found-seen';
    const note = (text: string | null) => {
      if (!text?.includes('Page Not Found')) return;
      // sessionStorage outlives the document: the 404 page's own window is gone after it forwards.
      sessionStorage.setItem(KEY, `${sessionStorage.getItem(KEY) ?? ''}${location.href}: ${text.slice(0, 80)}\n`);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') note(record.target.textContent);
        for (const node of record.addedNodes) note(node.textContent);
      }
    }).observe(document, {childList: true, subtree: true, characterData: true});
  });
}

const notFoundSeen = (page: Page): Promise<string | null> => page.evaluate(() => sessionStorage.getItem('e2e-not-found-seen'));

async function expectVerification(page: Page): Promise<void> {
  await expect(page.getByTestId('certificate-status')).toContainText('is valid');
  await expect(page.getByTestId('certificate-name')).toHaveText('Rosalind Franklin');
  await expect(page.getByTestId('certificate-course')).toHaveText(course!.title);
  const table = page.getByRole('table', {name: `Knowledge checks passed for ${course!.title}`});
  await expect(table.getByRole('row')).toHaveCount(checkedLessons.length + 1);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText(checkedLessons[0]!.title);
  await expect(first.getByRole('cell')).toHaveText(['100%', '20 November 2026']);
  await expect(page.getByTestId('certified-checks')).toContainText('pass mark of 80%');
  await expect(page).toHaveTitle(`Certificate: ${course!.title} | ${SITE_TITLE}`);
}

test('a visitor opens the certificate link signed out: HTTP 200, the verification with its checks, no PNG or LinkedIn', async ({page, consoleErrors}) => {
  const response = await page.goto(certificatePath(code));
  expect(response?.status()).toBe(200);
  expect(/<title[^>]*>([^<]*)<\/title>/.exec((await response?.text()) ?? '')?.[1]).toBe(`Certificate verification | ${SITE_TITLE}`);
  await waitForHydration(page);
  await expectVerification(page);
  await expect(page.getByRole('button', {name: 'Print'})).toBeVisible();
  await expect(page.getByRole('button', {name: 'Download as PNG'})).toHaveCount(0);
  await expect(page.getByRole('link', {name: /Add to LinkedIn/})).toHaveCount(0);
  const axe = await new AxeBuilder({page}).include('main').withTags(WCAG).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(consoleErrors.messages).toEqual([]);
});

test('an old /certificates/<code> link reaches the verification without "Page Not Found" ever in the DOM', async ({page}) => {
  await watchForNotFound(page);
  await page.goto(`/certificates/${code.toUpperCase()}`);
  await expect(page).toHaveURL(certificatePath(code));
  await waitForHydration(page);
  await expectVerification(page);
  expect(await notFoundSeen(page)).toBeNull();
  // The watch itself works: a missing page's text is seen.
  await page.goto('/certificates/not-a-certificate');
  await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
  expect(await notFoundSeen(page)).toContain('Page Not Found');
});

test('the owner, signed in, also gets the PNG and "Add to LinkedIn" with the verification URL', async ({page, consoleErrors}) => {
  await page.goto(certificatePath(code));
  await waitForHydration(page);
  await expectVerification(page);
  await signInThroughModal(page, email, PASSWORD);
  const linkedIn = page.getByRole('link', {name: /Add to LinkedIn/});
  await expect(linkedIn).toBeVisible();
  // The URL on the configured site address (docusaurus.config.ts `url`), as the canonical link has it.
  const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) as string);
  const certUrl = new URL(certificatePath(code), canonical.origin).toString();
  const params = new URL((await linkedIn.getAttribute('href')) as string).searchParams;
  expect(Object.fromEntries(params)).toMatchObject({startTask: 'CERTIFICATION_NAME', certId: code, certUrl});
  await expect(page.getByTestId('certificate')).toContainText(`Verify at ${certUrl}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', {name: 'Download as PNG'}).click();
  expect((await download).suggestedFilename()).toBe(`certificate-${code}.png`);
  expect(consoleErrors.messages).toEqual([]);
});
