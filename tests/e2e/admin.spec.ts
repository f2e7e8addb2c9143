// The admin tables (issue #27) in Chromium against the production build and a real local-supabase:
// an administrator filters transactions by type and user, the URL holds the filters and reload and
// Back keep them; on /admin-certificates they search, revoke with a reason, see a revoke made with
// the CLI after Refresh, and download every match as CSV (more than a page of transactions); the
// public page then says when, never why.
import crypto from 'node:crypto';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {e2eBackend} from './backend';
import {createConfirmedUser, signInThroughModal, uniqueEmail} from './accounts';

const PASSWORD = 'Correct-Horse-42';
/** In every name this spec creates, so a search finds only its rows. */
const TAG = `adm${crypto.randomBytes(4).toString('hex')}`;

async function service(path: string, init: RequestInit = {}): Promise<unknown> {
  const {url, serviceRoleKey} = e2eBackend();
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: {apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation', ...(init.headers ?? {})},
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const adminEmail = uniqueEmail('admin-tables');
const buyerEmail = uniqueEmail(`buyer-${TAG}`);
/** A learner with more transactions than one page shows (a tag of their own: TAG's searches must not find them). */
const regularTag = `reg${crypto.randomBytes(4).toString('hex')}`;
const REGULAR_RENEWALS = 60;
const codes: string[] = [];

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  const adminId = await createConfirmedUser(adminEmail, PASSWORD, 'Admin Person');
  await service(`/auth/v1/admin/users/${adminId}`, {method: 'PUT', body: JSON.stringify({app_metadata: {role: 'admin'}})});
  const buyerId = await createConfirmedUser(buyerEmail, PASSWORD, `Buyer ${TAG}`);
  const row = (type: string, amount: number) => ({user_id: buyerId, transaction_type: type, amount, currency: 'USD', status: 'completed', paypal_event_id: `e2e:${crypto.randomUUID()}`});
  await service('/rest/v1/subscription_transactions', {method: 'POST', body: JSON.stringify([row('subscription', 49), row('refund', 49)])});
  const regularId = await createConfirmedUser(uniqueEmail(`regular-${regularTag}`), PASSWORD, `Regular ${regularTag}`);
  await service('/rest/v1/subscription_transactions', {
    method: 'POST',
    body: JSON.stringify(Array.from({length: REGULAR_RENEWALS}, () => ({...row('renewal', 49), user_id: regularId}))),
  });
  const [course] = (await service('/rest/v1/courses?select=id,title&slug=eq.open-data')) as {id: number; title: string}[];
  for (const name of ['Ada', 'Grace']) {
    const userId = await createConfirmedUser(uniqueEmail(`learner-${TAG}`), PASSWORD, `${name} ${TAG}`);
    const code = crypto.randomBytes(16).toString('hex');
    await service('/rest/v1/certificates', {
      method: 'POST',
      body: JSON.stringify({code, user_id: userId, course_id: course?.id, full_name: `${name} ${TAG}`, course_title: course?.title}),
    });
    codes.push(code);
  }
});

test('transactions: type and user filters live in the URL; reload and Back keep them', async ({page}) => {
  await open(page, '/admin-transactions');
  await signInThroughModal(page, adminEmail, PASSWORD);
  const table = page.getByRole('table');
  await expect(table).toBeVisible();

  await page.getByLabel('User').fill(TAG);
  // Scoped to the form: the navbar has the site's own Search button.
  await page.getByRole('form', {name: 'Filter transactions'}).getByRole('button', {name: 'Search'}).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${TAG}$`));
  await expect(page.getByRole('status').filter({hasText: '2 transactions match the filters.'})).toBeVisible();

  await page.getByLabel('Type').selectOption('refund');
  await expect(page).toHaveURL(new RegExp(`\\?type=refund&q=${TAG}$`));
  await expect(page.getByRole('status').filter({hasText: '1 transaction matches the filters.'})).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(buyerEmail);
  await expect(rows.first()).toContainText('Refund');

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel('Type')).toHaveValue('refund');
  await expect(page.getByLabel('User')).toHaveValue(TAG);
  await expect(page.getByRole('status').filter({hasText: '1 transaction matches the filters.'})).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${TAG}$`));
  await expect(page.getByLabel('Type')).toHaveValue('');
  await expect(page.getByRole('status').filter({hasText: '2 transactions match the filters.'})).toBeVisible();
});

test('transactions: Export CSV saves every match, not only the 50 rows of the page shown', async ({page}) => {
  await open(page, `/admin-transactions?q=${regularTag}`);
  await signInThroughModal(page, adminEmail, PASSWORD);
  await expect(page.getByRole('status').filter({hasText: `${REGULAR_RENEWALS} transactions match the filters.`})).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(50);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Export CSV'}).click()]);
  expect(download.suggestedFilename()).toMatch(/^transactions_user_\d{4}-\d{2}-\d{2}\.csv$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(1 + REGULAR_RENEWALS);
  expect(new Set(lines.slice(1).map((line) => line.split(',').at(-1))).size).toBe(REGULAR_RENEWALS);
  await expect(page.getByRole('status').filter({hasText: `Saved ${REGULAR_RENEWALS} transactions as CSV.`})).toBeVisible();
});

test('certificates: code and link, revoke with a reason, Refresh shows a CLI revoke, CSV of every match', async ({page}) => {
  const [pageCode, cliCode] = codes as [string, string];
  await open(page, `/admin-certificates?q=${TAG}`);
  await signInThroughModal(page, adminEmail, PASSWORD);
  await expect(page.getByRole('status').filter({hasText: '2 certificates match the filters.'})).toBeVisible();
  await expect(page.getByLabel('Search certificates')).toHaveValue(TAG);
  const link = page.getByRole('link', {name: new RegExp(`^${pageCode}`)});
  await expect(link).toHaveAttribute('href', `/certificates/?code=${pageCode}`);

  await page.getByRole('button', {name: `Revoke the certificate of Ada ${TAG} for`, exact: false}).click();
  const reason = page.getByLabel(/Reason/);
  await expect(reason).toBeFocused();
  await reason.fill('Issued in error, ticket 42');
  await page.getByRole('button', {name: 'Revoke certificate'}).click();
  await expect(page.getByRole('status').filter({hasText: `Revoked the`})).toContainText(`Ada ${TAG}`);
  const adaRow = page.getByRole('row', {name: new RegExp(`Ada ${TAG}`)});
  await expect(adaRow).toContainText('Revoked on');
  await expect(adaRow).toContainText('Reason: Issued in error, ticket 42');

  // The operator's command, as a separate process (npm run admin runs scripts/admin.ts with tsx).
  const {url, serviceRoleKey} = e2eBackend();
  const out = execFileSync(path.resolve(__dirname, '../../node_modules/.bin/tsx'), ['scripts/admin.ts', 'certificate', 'revoke', cliCode, '--reason', '=cmd|"duplicate", account'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {...process.env, SUPABASE_URL: url, SUPABASE_SECRET_KEY: serviceRoleKey},
    encoding: 'utf8',
  });
  expect(out).toContain(`Revoked ${cliCode}`);
  const graceRow = page.getByRole('row', {name: new RegExp(`Grace ${TAG}`)});
  await expect(graceRow).toContainText('Valid');
  await page.getByRole('button', {name: 'Refresh'}).click();
  await expect(graceRow).toContainText('Revoked on');
  await expect(graceRow).toContainText('Reason: =cmd|"duplicate", account');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Export CSV'}).click()]);
  expect(download.suggestedFilename()).toMatch(/^certificates_search_\d{4}-\d{2}-\d{2}\.csv$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Code,Verification link,Learner,E-mail,Course,Issued,Status,Revoked,Reason');
  expect(lines).toHaveLength(4);
  const grace = lines.find((l) => l.startsWith(cliCode)) ?? '';
  expect(grace).toContain(`/certificates/?code=${cliCode}`);
  expect(grace.endsWith(`,"'=cmd|""duplicate"", account"`)).toBe(true);
  await expect(page.getByRole('status').filter({hasText: 'Saved 2 certificates as CSV.'})).toBeVisible();

  // The public page says when, never why.
  await open(page, `/certificates/?code=${pageCode}`);
  await expect(page.getByTestId('certificate-status')).toContainText(/was revoked by .* on /);
  await expect(page.getByText('Issued in error')).toHaveCount(0);
});
