// One learner's whole subscription life in Chromium, at desktop (1280) and phone (360) width,
// against the production build, local-supabase and its PayPal simulator (issue 26): buy → Active;
// cancel in Account Settings → "Premium until …, will not renew" with Resume; Resume on /account →
// Active again; PayPal refunds the payment → Refunded (on /account and /pricing); subscribe again,
// PayPal cannot take the renewal → Payment failed; delete the account → its confirmation. Each
// step asserts the words a person reads; PayPal's side is played through the simulator's control API.
import type {Locator, Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {e2eBackend} from './backend';
import {createConfirmedUser, navbar, uniqueEmail} from './accounts';

const PASSWORD = 'Correct-Horse-42';
const LONG_DATE = String.raw`\d{1,2} [A-Z][a-z]+ \d{4}`;

async function simControl(subscriptionId: string, action: string): Promise<void> {
  const {url, serviceRoleKey} = e2eBackend();
  const response = await fetch(`${url}/paypal-sim/test/subscriptions/${subscriptionId}/${action}`, {
    method: 'POST',
    headers: {apikey: serviceRoleKey, 'content-type': 'application/json'},
    body: '{}',
  });
  // The control API answers once the webhooks it sent have been delivered and answered.
  expect(response.status, await response.text()).toBe(200);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Account Settings from the navbar: the avatar button, inside the drawer on a phone. */
async function openSettings(page: Page, name: string, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    await page.locator('.navbar-sidebar').getByRole('button', {name}).click();
  } else {
    await navbar(page).getByRole('button', {name}).click();
  }
  return page.getByRole('dialog', {name: 'Account Settings'});
}

/** From /pricing (signed in): review, PayPal's approval in the simulator, back on /account. */
async function subscribe(page: Page): Promise<Locator> {
  await page.getByRole('region', {name: 'Premium'}).getByRole('button', {name: 'Review and subscribe'}).click();
  await page.getByRole('button', {name: 'Subscribe with PayPal'}).click();
  await page.waitForURL(/\/paypal-sim\/checkout\/I-/);
  await page.getByRole('button', {name: 'Approve'}).click();
  await page.waitForURL(/\/account/);
  await waitForHydration(page);
  const card = page.getByRole('region', {name: /^Subscription/});
  await expect(card.getByTestId('subscription-status')).toHaveText('✓ Active', {timeout: 20_000});
  return card;
}

const subscriptionIdOf = async (card: Locator) => ((await card.locator('dd code').textContent()) ?? '').trim();

for (const [label, viewport] of [
  ['desktop', {width: 1280, height: 900}],
  ['phone', {width: 360, height: 740}],
] as const) {
  test.describe(`a learner's subscription, ${label} (${viewport.width} px)`, () => {
    test.use({viewport});

    test('buy, cancel, resume, refund, subscribe again, failed renewal, delete the account', async ({page}) => {
      test.setTimeout(180_000);
      const phone = viewport.width < 997;
      const email = uniqueEmail(`journey-${label}`);
      const name = 'Mary Seacole';
      await createConfirmedUser(email, PASSWORD, name);

      // Buy.
      await open(page, '/pricing');
      await page.getByRole('region', {name: 'Premium'}).getByRole('button', {name: 'Sign in to subscribe'}).click();
      const signIn = page.getByRole('dialog', {name: 'Sign In'});
      await signIn.getByLabel('Email').fill(email);
      await signIn.getByLabel('Password').fill(PASSWORD);
      await signIn.getByRole('button', {name: 'Sign In'}).click();
      await expect(signIn).toBeHidden();
      let card = await subscribe(page);
      await expect(card).toContainText(new RegExp(`Premium renews automatically on ${LONG_DATE}\\.`));
      const renews = (await card.getByText(/^Premium renews automatically on /).textContent())!.replace('Premium renews automatically on ', '').replace(/\.$/, '');
      const firstId = await subscriptionIdOf(card);

      // Cancel in Account Settings' Subscription tab: Premium until the same date, and Resume.
      const settings = await openSettings(page, name, phone);
      await settings.getByRole('tab', {name: 'Subscription'}).click();
      await settings.getByRole('button', {name: 'Cancel subscription'}).click();
      const confirm = page.getByRole('dialog', {name: 'Cancel your Premium subscription?'});
      await expect(confirm).toContainText(`You keep Premium until ${renews}, and you can resume the subscription until then`);
      await confirm.getByRole('button', {name: 'Yes, cancel subscription'}).click();
      await expect(confirm).toBeHidden();
      await expect(settings.getByTestId('subscription-status')).toHaveText('Cancelled');
      await expect(settings.getByText(`Premium until ${renews}, will not renew.`)).toBeVisible();
      await expect(settings.getByRole('button', {name: 'Resume subscription'})).toBeVisible();
      await expect(settings.getByText('No Active Subscription')).toHaveCount(0);
      await settings.getByRole('button', {name: 'Close'}).click();

      // Resume on /account: Active again, renewing on the same date.
      await open(page, '/account');
      card = page.getByRole('region', {name: /^Subscription/});
      await expect(card.getByText(`Premium until ${renews}, will not renew.`)).toBeVisible();
      await card.getByRole('button', {name: 'Resume subscription'}).click();
      await expect(card.getByText(`Your subscription is active again. PayPal charges nothing now and renews it on ${renews}.`)).toBeVisible();
      await expect(card.getByTestId('subscription-status')).toHaveText('✓ Active');
      await expect(card.getByText(`Premium renews automatically on ${renews}.`)).toBeVisible();
      await expect(card.getByRole('button', {name: 'Resume subscription'})).toHaveCount(0);

      // PayPal refunds the year's payment: Premium ends, and every place says so.
      await simControl(firstId, 'refund');
      await page.reload();
      await waitForHydration(page);
      await expect(card.getByTestId('subscription-status')).toHaveText('Refunded');
      await expect(card.getByText(new RegExp(`^Your payment was refunded on ${LONG_DATE}, so Premium ended that day\\.$`))).toBeVisible();
      await expect(card.getByRole('link', {name: 'Subscribe again'})).toBeVisible();
      await open(page, '/pricing');
      await expect(page.getByTestId('pricing-subscription-state')).toHaveText(new RegExp(`^Refunded\\. Your payment was refunded on ${LONG_DATE}, so Premium ended that day\\.$`));

      // Subscribe again; PayPal cannot take the renewal and suspends the subscription.
      card = await subscribe(page);
      const secondId = await subscriptionIdOf(card);
      expect(secondId).not.toBe(firstId);
      await simControl(secondId, 'fail-payment');
      await simControl(secondId, 'suspend');
      await page.reload();
      await waitForHydration(page);
      await expect(card.getByTestId('subscription-status')).toHaveText('Payment failed');
      await expect(card.getByText(new RegExp(`^PayPal could not take your renewal payment on ${LONG_DATE}, so Premium is paused\\.$`))).toBeVisible();
      await expect(card.getByText(/^Update your payment method on PayPal/)).toBeVisible();
      await expect(card.getByRole('link', {name: /Manage on PayPal/})).toHaveAttribute('href', new RegExp(`/paypal-sim/checkout/${secondId}$`));
      await open(page, '/pricing');
      await expect(page.getByTestId('pricing-subscription-state')).toContainText('Payment failed. PayPal could not take your renewal payment on');
      await expect(page.getByRole('button', {name: 'Review and subscribe'})).toHaveCount(0);

      // Delete the account: it says so.
      const security = await openSettings(page, name, phone);
      await security.getByRole('tab', {name: 'Security'}).click();
      const danger = security.getByRole('region', {name: 'Delete my account'});
      await danger.getByLabel(/Type your e-mail address/).fill(email);
      await danger.getByLabel('Your password').fill(PASSWORD);
      await danger.getByRole('button', {name: 'Delete My Account'}).click();
      await expect(page.getByText('Your account has been deleted.')).toBeVisible({timeout: 20_000});
    });
  });
}
