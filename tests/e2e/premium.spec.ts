// Premium in Chromium against the production build, local-supabase and its PayPal simulator:
// sign in → /pricing → discount code → review → Subscribe → the simulator's Approve → back on
// /account, active; Account Settings shows the same; the admin page lists the purchase for an
// admin and refuses a normal user. axe-core (WCAG 2.2 AA) on the pages on the way.
import type {Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {e2eBackend} from './backend';
import {expectNoAxeViolations} from './axe';
import {createConfirmedUser, navbar, signInThroughModal, uniqueEmail, useDarkMode} from './accounts';

const PASSWORD = 'Correct-Horse-42';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const expectAccessible = (page: Page, include = 'main') => expectNoAxeViolations(page, include);

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

async function createDiscountCode(percentOff: number): Promise<string> {
  const code = `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  await service('/rest/v1/discount_codes', {method: 'POST', body: JSON.stringify({code, percent_off: percentOff, max_redemptions: 5}), headers: {Prefer: 'return=minimal'}});
  return code;
}

async function promoteToAdmin(userId: string): Promise<void> {
  await service(`/auth/v1/admin/users/${userId}`, {method: 'PUT', body: JSON.stringify({app_metadata: {role: 'admin'}})});
}

test.describe.configure({mode: 'serial'});

test('anonymous visits to /pricing and /account download no supabase-js code', async ({page}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await page.goto('/pricing', {waitUntil: 'networkidle'});
  await waitForHydration(page);
  await expect(page.getByRole('button', {name: 'Sign in to subscribe'})).toBeVisible();
  // Two links lead there (the plan's terms and the help line under the plans); either will do.
  await page.getByRole('link', {name: 'account page'}).first().click();
  await expect(page.getByRole('heading', {name: 'Sign in to see your account'})).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((b) => b.includes('GoTrueClient'))).toEqual([]);
});

const buyer = {email: uniqueEmail('premium-buyer'), name: 'Florence Nightingale'};
let subscriptionId = '';

test('sign in → /pricing → discount code → review → PayPal simulator → Approve → /account shows Active', async ({page, consoleErrors}) => {
  test.setTimeout(90_000);
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await createConfirmedUser(buyer.email, PASSWORD, buyer.name);
  const code = await createDiscountCode(20);

  await open(page, '/pricing');
  const premium = page.getByRole('region', {name: 'Premium'});
  await expect(premium.getByTestId('premium-price')).toHaveText('$49 / year');
  await expect(page.getByRole('region', {name: 'Free'})).toContainText('$0');
  await expect(premium.getByRole('heading', {name: 'What Premium unlocks'})).toBeVisible();
  await expectAccessible(page);

  // Signed out: asked to sign in first.
  await premium.getByRole('button', {name: 'Sign in to subscribe'}).click();
  const signIn = page.getByRole('dialog', {name: 'Sign In'});
  await signIn.getByLabel('Email').fill(buyer.email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', {name: 'Sign In'}).click();
  await expect(signIn).toBeHidden();

  // An unknown code gets the server's message; the real one shows the discounted price.
  const field = premium.getByRole('textbox', {name: 'Discount code (optional)'});
  await field.fill('NOT-A-REAL-CODE');
  await premium.getByRole('button', {name: 'Apply'}).click();
  await expect(premium.getByRole('alert')).toHaveText('Unknown discount code');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(code.toLowerCase());
  await premium.getByRole('button', {name: 'Apply'}).click();
  await expect(premium.getByRole('status')).toHaveText(`Code ${code} applied: 20% off.`);
  await expect(premium.getByTestId('premium-price')).toContainText('$39.20 / year');
  await expect(premium.getByTestId('premium-price')).toContainText('$49');
  await expectAccessible(page);

  // Review before leaving for PayPal.
  await premium.getByRole('button', {name: 'Review and subscribe'}).click();
  const review = page.getByRole('region', {name: 'Review your order'});
  await expect(review.getByRole('heading', {name: 'Review your order'})).toBeFocused();
  await expect(review.getByTestId('checkout-total')).toHaveText('$39.20 USD');
  await expect(review).toContainText(`${code} (−20%)`);
  await expect(review).toContainText(buyer.email);
  await expectAccessible(page);

  await review.getByRole('button', {name: 'Subscribe with PayPal'}).click();
  await page.waitForURL(/\/paypal-sim\/checkout\/I-/);
  await expect(page.getByText('PayPal simulator — local-supabase, no real money').first()).toBeVisible();
  await expect(page.locator('body')).toContainText('39.20');
  await page.getByRole('button', {name: 'Approve'}).click();

  // Back on the site: confirmed, then active.
  await page.waitForURL(/\/account/);
  await waitForHydration(page);
  await expect(page.getByText('Welcome to Premium!')).toBeVisible({timeout: 20_000});
  await expect(page).toHaveURL(/\/account$/);
  const card = page.getByRole('region', {name: /^Subscription/});
  await expect(card.getByTestId('subscription-status')).toHaveText('✓ Active');
  await expect(card).toContainText('Premium (yearly)');
  await expect(card).toContainText('$39.20/year');
  await expect(card).toContainText(code);
  subscriptionId = ((await card.locator('dd code').textContent()) ?? '').trim();
  expect(subscriptionId).toMatch(/^I-/);
  const year = new Date().getFullYear();
  await expect(card).toContainText(String(year));
  await expect(card).toContainText(String(year + 1));
  // The PayPal in use here is the simulator: its page for this subscription, never live paypal.com.
  await expect(card.getByRole('link', {name: /Manage on PayPal/})).toHaveAttribute('href', new RegExp(`/paypal-sim/checkout/${subscriptionId}$`));
  await expect(card.getByRole('button', {name: 'Cancel subscription'})).toBeVisible();
  const history = page.getByRole('region', {name: 'Transaction history'});
  const row = history.getByRole('row', {name: /Subscription/});
  await expect(row).toContainText('$39.20 USD');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Premium (yearly): first year');
  await expectAccessible(page);

  // A reload shows the same without confirming again.
  await page.reload();
  await waitForHydration(page);
  await expect(card.getByTestId('subscription-status')).toHaveText('✓ Active');
  await expect(page.getByText('Welcome to Premium!')).toHaveCount(0);

  // Account Settings (the navbar avatar → Subscription tab) shows the same.
  await navbar(page).getByRole('button', {name: buyer.name}).click();
  const settings = page.getByRole('dialog', {name: 'Account Settings'});
  await settings.getByRole('tab', {name: 'Subscription'}).click();
  await expect(settings.getByText(/^✓?\s*Active$/)).toBeVisible();
  await expect(settings).toContainText('$39.20/year');
  await expect(settings).toContainText(code);
  await expect(settings).toContainText(subscriptionId);
  await expect(settings.getByRole('region', {name: 'Transaction History'})).toContainText('Subscription');
  await settings.getByRole('button', {name: 'Close'}).click();

  // /pricing now shows the status instead of Subscribe.
  await open(page, '/pricing');
  await expect(page.getByText('You have Premium')).toBeVisible();
  await expect(page.getByRole('button', {name: 'Review and subscribe'})).toHaveCount(0);
  // No request failed: a refused code is an answer (200 with the server's message), not an error.
  expect(failed).toEqual([]);
  expect(consoleErrors.messages.filter((m) => !m.startsWith('Failed to load resource'))).toEqual([]);
});

test('a normal user is refused on /admin-transactions', async ({page}) => {
  await open(page, '/admin-transactions');
  await expect(page.getByRole('heading', {name: 'Administrators only'})).toBeVisible();
  await signInThroughModal(page, buyer.email, PASSWORD);
  await expect(page.getByRole('heading', {name: 'Access denied'})).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('an admin sees the purchase with the buyer’s e-mail, filters it, and exports CSV', async ({page}) => {
  expect(subscriptionId).toMatch(/^I-/);
  const email = uniqueEmail('premium-admin');
  const id = await createConfirmedUser(email, PASSWORD, 'Admin Person');
  await promoteToAdmin(id);
  await open(page, '/admin-transactions');
  await signInThroughModal(page, email, PASSWORD);
  const table = page.getByRole('table');
  const row = table.getByRole('row', {name: new RegExp(buyer.email.replace(/[.+]/g, '\\$&'))});
  await expect(row).toContainText('Subscription');
  await expect(row).toContainText('$39.20 USD');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(subscriptionId);
  await expect(page.getByTestId('total-revenue')).not.toHaveText('$0.00');
  await expectAccessible(page);

  await page.getByLabel('Status').selectOption('failed');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('status').filter({hasText: 'match the filters'})).toBeVisible();
  await page.getByRole('button', {name: 'Clear filters'}).click();
  await expect(row).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Export CSV'}).click()]);
  expect(download.suggestedFilename()).toMatch(/^transactions_\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8');
  expect(csv).toContain('Date,User e-mail,User id,Type,Amount,Currency,Status,PayPal subscription id,Transaction id');
  expect(csv).toContain(`${buyer.email},`);
  expect(csv).toContain(`,subscription,39.20,USD,completed,${subscriptionId},`);
});

test('cancelling on the PayPal page comes back to a calm note; nothing changes (dark mode)', async ({page}) => {
  const email = uniqueEmail('premium-cancel');
  await createConfirmedUser(email, PASSWORD, 'Calm Person');
  await useDarkMode(page);
  await open(page, '/pricing');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);
  await signInThroughModal(page, email, PASSWORD);
  const premium = page.getByRole('region', {name: 'Premium'});
  await premium.getByRole('button', {name: 'Review and subscribe'}).click();
  await expect(page.getByTestId('checkout-total')).toHaveText('$49 USD');
  await page.getByRole('button', {name: 'Subscribe with PayPal'}).click();
  await page.waitForURL(/\/paypal-sim\/checkout\//);
  await page.getByRole('button', {name: 'Cancel'}).click();
  await page.waitForURL(/\/account/);
  await waitForHydration(page);
  await expect(page.getByText('Checkout cancelled.')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Inactive');
  await expect(page.getByRole('link', {name: 'View Pricing Plans'})).toBeVisible();
  await expect(page.getByText('No payments yet.')).toBeVisible();
  await expectAccessible(page);
});

test('the buyer cancels on /account after confirming; Premium stays until the end date', async ({page}) => {
  expect(subscriptionId).toMatch(/^I-/);
  await open(page, '/account');
  await signInThroughModal(page, buyer.email, PASSWORD);
  const card = page.getByRole('region', {name: /^Subscription/});
  await expect(card.getByTestId('subscription-status')).toHaveText('✓ Active');
  await card.getByRole('button', {name: 'Cancel subscription'}).click();
  const confirm = page.getByRole('dialog', {name: 'Cancel your Premium subscription?'});
  await expect(confirm.getByRole('button', {name: 'Keep Premium'})).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('button', {name: 'Cancel subscription'})).toBeFocused();
  await card.getByRole('button', {name: 'Cancel subscription'}).click();
  await confirm.getByRole('button', {name: 'Yes, cancel subscription'}).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('status').filter({hasText: 'Your subscription is cancelled.'})).toBeVisible();
  await expect(card.getByTestId('subscription-status')).toHaveText('Cancelled');
  await expect(card).toContainText('Access until');
  await expect(card.getByRole('button', {name: 'Cancel subscription'})).toHaveCount(0);
  await expect(page.getByRole('region', {name: 'Transaction history'}).getByRole('row', {name: /Cancellation/})).toContainText('$0.00 USD');
});
