// Accounts in the site, in Chromium against the production build and a real local-supabase:
// sign up and confirm from the mailbox, sign in and out, reset a password, edit the name,
// session restore and refresh, keyboard use, and axe-core (WCAG 2.2 AA) on the dialogs.
import type {Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {installClock, settle} from './settle';
import {expectNoAxeViolations} from './axe';
import {SITE_PORT} from '../../playwright.config';
import {createConfirmedUser, navbar, signInThroughModal, storageKey, storedSession, uniqueEmail, useDarkMode, waitForMailCode, waitForMailLink} from './accounts';

const PASSWORD = 'Correct-Horse-42';

async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const accountButton = (page: Page, name: string) => navbar(page).getByRole('button', {name});

test.describe.configure({mode: 'serial'});

test('an anonymous first visit downloads no supabase-js code, prefetches included', async ({page}) => {
  // Seven pages, each a cold visit: took up to 29 s on a busy CI machine.
  test.setTimeout(90_000);
  const scripts: Promise<string>[] = [];
  page.on('request', (request) => {
    // Executed scripts and <link rel=prefetch> chunks alike.
    if (new URL(request.url()).pathname.endsWith('.js')) scripts.push(request.response().then((response) => response?.text().catch(() => '') ?? ''));
  });
  await installClock(page);
  for (const path of ['/', '/docs/intro', '/docs/modules/systematic-review/meta-analysis', '/pricing', '/modules', '/progress', '/reset-password']) {
    await page.context().clearCookies();
    await page.goto(path, {waitUntil: 'load'});
    await waitForHydration(page);
    await expect(navbar(page).getByRole('button', {name: 'Sign In'})).toBeVisible();
    await settle(page);
  }
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((b) => b.includes('GoTrueClient'))).toEqual([]);
});

test('sign up → confirmation e-mail → link → signed in with the avatar → sign out', async ({page}) => {
  const email = uniqueEmail('signup');
  await open(page);
  await navbar(page).getByRole('button', {name: 'Sign Up'}).click();
  const dialog = page.getByRole('dialog', {name: 'Create Account'});
  await dialog.getByLabel('Full Name').fill('Rosalind Franklin');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', {exact: true}).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('button', {name: 'Create Account'}).click();
  const sent = page.getByRole('dialog', {name: 'Check Your Email'});
  await expect(sent).toContainText(`We sent a verification link and code to ${email}`);
  await expect(sent.getByRole('button', {name: 'Back to Sign In'})).toBeVisible();

  const link = await waitForMailLink(email, 'signup');
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`http://127.0.0.1:${SITE_PORT}/`);
  await page.goto(link);
  await waitForHydration(page);
  const account = accountButton(page, 'Rosalind Franklin');
  await expect(account).toBeVisible();
  await expect(account.getByTestId('avatar')).toHaveText('R');
  expect(await storedSession(page)).not.toBeNull();

  await account.click();
  const settings = page.getByRole('dialog', {name: 'Account Settings'});
  await settings.getByRole('button', {name: 'Sign Out'}).click();
  await expect(settings).toBeHidden();
  await expect(navbar(page).getByRole('button', {name: 'Sign In'})).toBeVisible();
  expect(await storedSession(page)).toBeNull();

  // The link works once: following it again shows a readable message and a way to get a new one.
  await page.goto(link);
  await waitForHydration(page);
  const problem = page.getByRole('dialog', {name: /invalid or has expired|did not sign you in/});
  await expect(problem).toBeVisible();
  await expect(problem.getByRole('button', {name: 'Send New Link'})).toBeVisible();
});

async function startSignUp(page: Page, email: string, name: string): Promise<void> {
  await navbar(page).getByRole('button', {name: 'Sign Up'}).click();
  const dialog = page.getByRole('dialog', {name: 'Create Account'});
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', {exact: true}).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('button', {name: 'Create Account'}).click();
}

test('sign up with the code typed from the mailbox: a wrong code is refused, the right one signs in', async ({page}) => {
  const email = uniqueEmail('signup-code');
  await open(page);
  await startSignUp(page, email, 'Barbara McClintock');
  const sent = page.getByRole('dialog', {name: 'Check Your Email'});
  const code = await waitForMailCode(email);
  await sent.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
  await sent.getByRole('button', {name: 'Continue with Code'}).click();
  await expect(sent.getByRole('alert')).toHaveText('Token has expired or is invalid');
  await sent.getByLabel('Code from the e-mail').fill(code);
  await sent.getByRole('button', {name: 'Continue with Code'}).click();
  await expect(sent).toBeHidden();
  await expect(accountButton(page, 'Barbara McClintock')).toBeVisible();
  expect(await storedSession(page)).not.toBeNull();
});

test("Resend counts down the server's wait (page.clock), then offers Resend again", async ({page}) => {
  await page.clock.install();
  const email = uniqueEmail('resend');
  await open(page);
  await startSignUp(page, email, 'Lise Meitner');
  const sent = page.getByRole('dialog', {name: 'Check Your Email'});
  await waitForMailCode(email);
  // Right after the sign-up mail, GoTrue's max_frequency (60 s) refuses another with its wait.
  await sent.getByRole('button', {name: 'Resend E-mail'}).click();
  const counting = sent.getByRole('button', {name: /^Resend E-mail \(\d+ s\)$/});
  await expect(counting).toBeDisabled();
  const seconds = Number(/\((\d+) s\)/.exec((await counting.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(1);
  expect(seconds).toBeLessThanOrEqual(60);
  const shown = async () => Number(/\((\d+) s\)/.exec((await counting.textContent()) ?? '')?.[1]);
  await page.clock.runFor(1000);
  await expect.poll(shown).toBeLessThan(seconds);
  await expect(counting).toBeDisabled();
  await page.clock.runFor(seconds * 1000);
  await expect(sent.getByRole('button', {name: 'Resend E-mail', exact: true})).toBeEnabled();
});

test("a second reset link asked for within the minute counts the server's wait down on the form's button (page.clock)", async ({page}) => {
  await page.clock.install();
  const email = uniqueEmail('reset-wait');
  await createConfirmedUser(email, PASSWORD, 'Rosalind Franklin');
  await open(page);
  await navbar(page).getByRole('button', {name: 'Sign In'}).click();
  await page.getByRole('dialog').getByRole('button', {name: 'Forgot your password?'}).click();
  await page.getByRole('dialog', {name: 'Reset Password'}).getByLabel('Email').fill(email);
  await page.getByRole('dialog', {name: 'Reset Password'}).getByRole('button', {name: 'Send Reset Link'}).click();
  await page.getByRole('dialog', {name: 'Check Your Email'}).getByRole('button', {name: 'Back to Sign In'}).click();
  await page.getByRole('dialog', {name: 'Sign In'}).getByRole('button', {name: 'Forgot your password?'}).click();
  const form = page.getByRole('dialog', {name: 'Reset Password'});
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', {name: 'Send Reset Link'}).click();

  const counting = form.getByRole('button', {name: /^Send Reset Link \(\d+ s\)$/});
  await expect(counting).toBeDisabled();
  await expect(form.getByRole('status')).toHaveText('For security, we can e-mail this address again when the countdown on the button ends.');
  const seconds = Number(/\((\d+) s\)/.exec((await counting.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(1);
  expect(seconds).toBeLessThanOrEqual(60);
  await page.clock.runFor(seconds * 1000);
  await expect(form.getByRole('button', {name: 'Send Reset Link', exact: true})).toBeEnabled();
  await expect(form.getByRole('status')).toHaveCount(0);
});

test('sign in: the service message for a wrong password, then the right one with spaces and capitals in the e-mail', async ({page}) => {
  const email = uniqueEmail('signin');
  await createConfirmedUser(email, PASSWORD, 'Ada Lovelace');
  await open(page);
  await navbar(page).getByRole('button', {name: 'Sign In'}).click();
  const dialog = page.getByRole('dialog', {name: 'Sign In'});
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', {name: 'Sign In'}).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid login credentials');

  await dialog.getByLabel('Email').fill(`  ${email.toUpperCase()}  `);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', {name: 'Sign In'}).click();
  await expect(dialog).toBeHidden();
  await expect(accountButton(page, 'Ada Lovelace')).toBeVisible();
});

test('forgot password → e-mail → /reset-password → the new password works and the old one does not', async ({page}) => {
  const email = uniqueEmail('reset');
  const newPassword = 'Brand-New-Secret-7';
  await createConfirmedUser(email, PASSWORD, 'Grace Hopper');
  await open(page);
  await navbar(page).getByRole('button', {name: 'Sign In'}).click();
  await page.getByRole('dialog').getByRole('button', {name: 'Forgot your password?'}).click();
  const dialog = page.getByRole('dialog', {name: 'Reset Password'});
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', {name: 'Send Reset Link'}).click();
  await expect(page.getByRole('dialog', {name: 'Check Your Email'})).toContainText('reset link');
  await page.getByRole('dialog').getByRole('button', {name: 'Close'}).click();

  const link = await waitForMailLink(email, 'recovery');
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`http://127.0.0.1:${SITE_PORT}/reset-password`);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByLabel('New Password', {exact: true}).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill('mismatch-123');
  await page.getByRole('button', {name: 'Update Password'}).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', {name: 'Update Password'}).click();
  await expect(page.getByRole('heading', {name: 'Your password has been updated'})).toBeVisible();
  await expect(accountButton(page, 'Grace Hopper')).toBeVisible();

  await accountButton(page, 'Grace Hopper').click();
  await page.getByRole('dialog', {name: 'Account Settings'}).getByRole('button', {name: 'Sign Out'}).click();
  await navbar(page).getByRole('button', {name: 'Sign In'}).click();
  const signIn = page.getByRole('dialog', {name: 'Sign In'});
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', {name: 'Sign In'}).click();
  await expect(signIn.getByRole('alert')).toHaveText('Invalid login credentials');
  await signIn.getByLabel('Password').fill(newPassword);
  await signIn.getByRole('button', {name: 'Sign In'}).click();
  await expect(accountButton(page, 'Grace Hopper')).toBeVisible();

  // Without a recovery session the page says so and offers a new link.
  await open(page, '/reset-password');
  await expect(page.getByRole('heading', {name: 'This reset link is invalid or has expired'})).toBeVisible();
  await page.getByRole('button', {name: 'Send a new reset link'}).click();
  await expect(page.getByRole('dialog', {name: 'Reset Password'})).toBeVisible();
});

test('forgot password with the code from the mail → the new-password form → the new password works', async ({page}) => {
  const email = uniqueEmail('reset-code');
  const newPassword = 'Brand-New-Secret-8';
  await createConfirmedUser(email, PASSWORD, 'Dorothy Hodgkin');
  await open(page);
  await navbar(page).getByRole('button', {name: 'Sign In'}).click();
  await page.getByRole('dialog').getByRole('button', {name: 'Forgot your password?'}).click();
  const dialog = page.getByRole('dialog', {name: 'Reset Password'});
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', {name: 'Send Reset Link'}).click();
  const sent = page.getByRole('dialog', {name: 'Check Your Email'});
  await sent.getByLabel('Code from the e-mail').fill(await waitForMailCode(email));
  await sent.getByRole('button', {name: 'Continue with Code'}).click();
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByLabel('New Password', {exact: true}).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', {name: 'Update Password'}).click();
  await expect(page.getByRole('heading', {name: 'Your password has been updated'})).toBeVisible();
  await accountButton(page, 'Dorothy Hodgkin').click();
  await page.getByRole('dialog', {name: 'Account Settings'}).getByRole('button', {name: 'Sign Out'}).click();
  await signInThroughModal(page, email, newPassword);
  await expect(accountButton(page, 'Dorothy Hodgkin')).toBeVisible();
});

test('a name edit persists across a reload; the session survives a reload and is refreshed near expiry', async ({page}) => {
  const email = uniqueEmail('profile');
  await createConfirmedUser(email, PASSWORD, 'Marie Curie');
  await open(page, '/docs/intro');
  await signInThroughModal(page, email, PASSWORD);
  await accountButton(page, 'Marie Curie').click();
  const settings = page.getByRole('dialog', {name: 'Account Settings'});
  await expect(settings.getByText('Marie Curie', {exact: true})).toBeVisible();
  await settings.getByRole('button', {name: 'Edit Profile'}).click();
  await expect(settings.getByLabel('Email')).toBeDisabled();
  await settings.getByLabel('Full Name').fill('Marie Skłodowska-Curie');
  await settings.getByRole('button', {name: 'Save'}).click();
  await expect(settings.getByRole('status')).toHaveText('Profile updated successfully!');
  await settings.getByRole('button', {name: 'Close'}).click();

  await page.reload();
  await waitForHydration(page);
  await expect(accountButton(page, 'Marie Skłodowska-Curie')).toBeVisible();
  await accountButton(page, 'Marie Skłodowska-Curie').click();
  await expect(page.getByRole('dialog', {name: 'Account Settings'}).getByText('Marie Skłodowska-Curie', {exact: true})).toBeVisible();
  await page.keyboard.press('Escape');

  // Near expiry: supabase-js refreshes on load and stores a new access token.
  const before = await storedSession(page);
  expect(before).not.toBeNull();
  await page.evaluate(
    ([key]) => {
      const session = JSON.parse(window.localStorage.getItem(key as string) as string) as {expires_at: number};
      session.expires_at = Math.floor(Date.now() / 1000) + 30;
      window.localStorage.setItem(key as string, JSON.stringify(session));
    },
    [storageKey()],
  );
  await page.reload();
  await waitForHydration(page);
  await expect(accountButton(page, 'Marie Skłodowska-Curie')).toBeVisible();
  await expect.poll(async () => (await storedSession(page))?.access_token).not.toBe(before?.access_token);
  const after = await storedSession(page);
  expect(after?.expires_at ?? 0).toBeGreaterThan(Math.floor(Date.now() / 1000) + 120);
  expect(after?.refresh_token).not.toBe(before?.refresh_token);
});

test('the modal works with the keyboard alone', async ({page}) => {
  const email = uniqueEmail('keyboard');
  await createConfirmedUser(email, PASSWORD, 'Alan Turing');
  await open(page);
  const opener = navbar(page).getByRole('button', {name: 'Sign In'});
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {name: 'Sign In'});
  await expect(dialog.getByLabel('Email')).toBeFocused();
  // Escape closes and focus returns to the opener.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Email')).toBeFocused();
  // Tab stays inside: going round the dialog comes back to the first control.
  const stops: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') ? 'inside' : 'outside'));
  }
  expect(stops).not.toContain('outside');
  await dialog.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const account = accountButton(page, 'Alan Turing');
  await expect(account).toBeVisible();
  await account.focus();
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', {name: 'Account Settings'});
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(account).toBeFocused();
});

const axe = (page: Page) => expectNoAxeViolations(page, '[role="dialog"]');

for (const mode of ['light', 'dark'] as const) {
  test(`axe-core finds no WCAG 2.2 AA violations in the modal and Account Settings (${mode})`, async ({page}) => {
    // Every view of the modal and the three tabs, each audited: took 29–31 s on a busy CI machine.
    test.setTimeout(90_000);
    if (mode === 'dark') await useDarkMode(page);
    const email = uniqueEmail(`axe-${mode}`);
    await createConfirmedUser(email, PASSWORD, 'Katherine Johnson');
    await open(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await navbar(page).getByRole('button', {name: 'Sign In'}).click();
    const dialog = page.getByRole('dialog', {name: 'Sign In'});
    await expect(dialog).toBeVisible();
    await axe(page);
    await dialog.getByRole('button', {name: 'Sign In'}).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await axe(page);
    await dialog.getByRole('button', {name: 'Sign up'}).click();
    await expect(page.getByRole('dialog', {name: 'Create Account'})).toBeVisible();
    await axe(page);
    await page.getByRole('dialog').getByRole('button', {name: 'Sign in'}).click();
    await page.getByRole('dialog').getByRole('button', {name: 'Forgot your password?'}).click();
    await expect(page.getByRole('dialog', {name: 'Reset Password'})).toBeVisible();
    await axe(page);
    await page.keyboard.press('Escape');

    await signInThroughModal(page, email, PASSWORD);
    await accountButton(page, 'Katherine Johnson').click();
    const settings = page.getByRole('dialog', {name: 'Account Settings'});
    await expect(settings.getByText('Katherine Johnson', {exact: true})).toBeVisible();
    await axe(page);
    await settings.getByRole('button', {name: 'Edit Profile'}).click();
    await axe(page);
    await settings.getByRole('tab', {name: 'Subscription'}).click();
    await expect(settings.getByText('No Active Subscription')).toBeVisible();
    await axe(page);
  });
}
