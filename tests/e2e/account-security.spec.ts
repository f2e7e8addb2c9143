// Account security in Chromium against the production build and a real local-supabase: turning
// on two-factor sign-in from the Security tab (the key read off the page, codes computed here),
// the code step at sign-in, the e-mail change through both mailbox links, the data export, account
// deletion, and axe-core on the Security tab in light and dark mode.
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import type {Locator, Page} from '@playwright/test';
import {test, expect, waitForHydration} from './fixtures';
import {createConfirmedUser, navbar, signInThroughModal, uniqueEmail, useDarkMode, waitForMailCode, waitForMailLink} from './accounts';
import {e2eBackend} from './backend';
import {totp} from './totp';

const PASSWORD = 'Correct-Horse-42';

test.describe.configure({mode: 'serial'});

async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

async function securityTab(page: Page, name: string): Promise<Locator> {
  await navbar(page).getByRole('button', {name}).click();
  const settings = page.getByRole('dialog', {name: 'Account Settings'});
  await settings.getByRole('tab', {name: 'Security'}).click();
  await expect(settings.getByRole('heading', {name: 'Two-factor authentication'})).toBeVisible();
  return settings;
}

/** What a QR scanner reads from the image as Chromium drew it (its pixels, decoded by jsQR). */
async function scanQr(image: Locator): Promise<string | null> {
  // Drawn on a white quiet zone and passed back one character a pixel ('1' dark, '0' light):
  // an RGBA array would be megabytes of JSON.
  const {side, dark} = await image.evaluate((img: HTMLImageElement) => {
    const size = img.naturalWidth * 2 + 32;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.imageSmoothingEnabled = false;
    context.drawImage(img, 16, 16, size - 32, size - 32);
    const rgba = context.getImageData(0, 0, size, size).data;
    let bits = '';
    for (let i = 0; i < rgba.length; i += 4) bits += rgba[i]! + rgba[i + 1]! + rgba[i + 2]! < 384 ? '1' : '0';
    return {side: size, dark: bits};
  });
  const pixels = new Uint8ClampedArray(side * side * 4);
  for (let i = 0; i < dark.length; i++) pixels.set(dark[i] === '1' ? [0, 0, 0, 255] : [255, 255, 255, 255], i * 4);
  return jsQR(pixels, side, side)?.data ?? null;
}

/** Adds an authenticator app from the Security tab; returns the key shown on the page. */
async function enrol(settings: Locator): Promise<string> {
  await settings.getByLabel('Name for this app (optional)').fill('My phone');
  await settings.getByRole('button', {name: 'Add Authenticator App'}).click();
  const qr = settings.getByRole('img', {name: /QR code for your authenticator app/});
  await expect(qr).toBeVisible();
  // Decoded and drawn by Chromium (a broken data: URL leaves naturalWidth at 0).
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  const secret = (await settings.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // An authenticator app can scan it: the pixels Chromium drew decode to the key shown beside it.
  const uri = await scanQr(qr);
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(uri ?? '').searchParams.get('secret')).toBe(secret);
  await settings.getByLabel('6-digit code from the app').fill(totp(secret));
  await settings.getByRole('button', {name: 'Turn On'}).click();
  await expect(settings.getByRole('status').filter({hasText: 'Two-factor authentication is on'})).toBeVisible();
  await expect(settings.getByRole('list', {name: 'Authenticator apps'})).toContainText('My phone');
  return secret;
}

test('two-factor sign-in: enrol from the Security tab, then sign-in asks for the code', async ({page}) => {
  const email = uniqueEmail('mfa');
  await createConfirmedUser(email, PASSWORD, 'Grace Hopper');
  await open(page);
  await signInThroughModal(page, email, PASSWORD);
  const settings = await securityTab(page, 'Grace Hopper');
  const secret = await enrol(settings);

  await settings.getByRole('tab', {name: 'Profile'}).click();
  await settings.getByRole('button', {name: 'Sign Out'}).click();
  await expect(navbar(page).getByRole('button', {name: 'Sign In'})).toBeVisible();

  await navbar(page).getByRole('button', {name: 'Sign In'}).click();
  const signIn = page.getByRole('dialog', {name: 'Sign In'});
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', {name: 'Sign In'}).click();
  const step = page.getByRole('dialog', {name: 'Two-Factor Authentication'});
  await expect(step.getByLabel('Authentication code')).toBeFocused();

  await step.getByLabel('Authentication code').fill(totp(secret, Date.now() - 10 * 60_000));
  await step.getByRole('button', {name: 'Verify'}).click();
  await expect(step.getByRole('alert')).toHaveText('Invalid TOTP code entered');

  // The next step's code: accepted within the skew, and not the one spent at enrolment.
  await step.getByLabel('Authentication code').fill(totp(secret, Date.now() + 30_000));
  await step.getByRole('button', {name: 'Verify'}).click();
  await expect(step).toBeHidden();
  await expect(navbar(page).getByRole('button', {name: 'Grace Hopper'})).toBeVisible();
  const again = await securityTab(page, 'Grace Hopper');
  await expect(again.getByRole('list', {name: 'Authenticator apps'})).toContainText('My phone');
});

test('e-mail change: both mailbox links, then the account and the navbar use the new address', async ({page}) => {
  const email = uniqueEmail('old');
  const newEmail = uniqueEmail('new');
  await createConfirmedUser(email, PASSWORD, 'Ada Lovelace');
  await open(page);
  await signInThroughModal(page, email, PASSWORD);
  const settings = await securityTab(page, 'Ada Lovelace');
  await settings.getByLabel('New e-mail address').fill(newEmail);
  await settings.getByRole('button', {name: 'Change E-mail'}).click();
  await expect(settings.getByRole('status').filter({hasText: `We sent a link and a code to ${newEmail}`})).toBeVisible();
  await page.keyboard.press('Escape');

  // The first link: GoTrue's message, and the change still waiting for the other address.
  await page.goto(await waitForMailLink(email, 'email_change'));
  await waitForHydration(page);
  const notice = page.getByRole('status').filter({hasText: 'One of the two addresses is confirmed'});
  await expect(notice).toContainText('Confirmation link accepted. Please proceed to confirm link sent to the other email.');
  await expect(notice).toContainText(`The change from ${email} to ${newEmail} finishes when that link`);
  expect(new URL(page.url()).hash).toBe('');
  // The second: done, with the address the account now has.
  await page.goto(await waitForMailLink(newEmail, 'email_change'));
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({hasText: 'Your e-mail address has been changed'})).toContainText(`You now sign in with ${newEmail}.`);
  await navbar(page).getByRole('button', {name: 'Ada Lovelace'}).click();
  const after = page.getByRole('dialog', {name: 'Account Settings'});
  await expect(after).toContainText(newEmail);
  await after.getByRole('button', {name: 'Sign Out'}).click();
  await signInThroughModal(page, newEmail, PASSWORD);
  await expect(navbar(page).getByRole('button', {name: 'Ada Lovelace'})).toBeVisible();
});

test('e-mail change by code: each address\'s code, the status after each, then sign-in with the new address', async ({page}) => {
  const email = uniqueEmail('old-code');
  const newEmail = uniqueEmail('new-code');
  await createConfirmedUser(email, PASSWORD, 'Emmy Noether');
  await open(page);
  await signInThroughModal(page, email, PASSWORD);
  const settings = await securityTab(page, 'Emmy Noether');
  await settings.getByLabel('New e-mail address').fill(newEmail);
  await settings.getByRole('button', {name: 'Change E-mail'}).click();
  await settings.getByLabel(`Code sent to ${newEmail}`).fill(await waitForMailCode(newEmail));
  await settings.getByRole('button', {name: `Confirm ${newEmail}`}).click();
  await expect(settings.getByRole('status').filter({hasText: `Confirmed from ${newEmail}. Now confirm from ${email} too`})).toBeVisible();
  await settings.getByLabel(`Code sent to ${email}`).fill(await waitForMailCode(email));
  await settings.getByRole('button', {name: `Confirm ${email}`}).click();
  await expect(settings.getByRole('status').filter({hasText: `Done: your e-mail address is now ${newEmail}.`})).toBeVisible();
  await expect(settings).toContainText(`You sign in with ${newEmail}.`);
});

test('export downloads a JSON file with the learner’s progress', async ({page}) => {
  const email = uniqueEmail('export');
  await createConfirmedUser(email, PASSWORD, 'Florence Nightingale');
  const {url, anonKey} = e2eBackend();
  const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {apikey: anonKey, 'content-type': 'application/json'},
    body: JSON.stringify({email, password: PASSWORD}),
  });
  const {access_token: token} = (await signIn.json()) as {access_token: string};
  const tracked = await fetch(`${url}/rest/v1/rpc/track_lesson_progress`, {
    method: 'POST',
    headers: {apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json'},
    body: JSON.stringify({p_course_slug: 'research-overview', p_lesson_slug: 'research-question', p_seconds: 90, p_completed: true}),
  });
  expect(tracked.status).toBe(200);

  await open(page);
  await signInThroughModal(page, email, PASSWORD);
  const settings = await securityTab(page, 'Florence Nightingale');
  const download = page.waitForEvent('download');
  await settings.getByRole('button', {name: 'Download My Data'}).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^research-methods-academy-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as Record<string, unknown>;
  expect(data.account).toMatchObject({email});
  // A first progress write is credited no time (the database credits only time that has passed).
  expect(data.lesson_progress).toEqual([expect.objectContaining({is_completed: true})]);
  expect(data.transactions).toEqual([]);
});

test('delete my account: the typed e-mail and password, then signing in fails', async ({page}) => {
  const email = uniqueEmail('delete');
  await createConfirmedUser(email, PASSWORD, 'Marie Curie');
  await open(page);
  await signInThroughModal(page, email, PASSWORD);
  const settings = await securityTab(page, 'Marie Curie');
  const danger = settings.getByRole('region', {name: 'Delete my account'});
  await expect(danger).toContainText('Kept for accounting');
  await danger.getByLabel(/Type your e-mail address/).fill('someone@else.example');
  await danger.getByLabel('Your password').fill(PASSWORD);
  await danger.getByRole('button', {name: 'Delete My Account'}).click();
  await expect(danger.getByRole('alert')).toHaveText('Type the e-mail address of your account to confirm');
  await danger.getByLabel(/Type your e-mail address/).fill(email);
  await danger.getByLabel('Your password').fill('wrong-password');
  await danger.getByRole('button', {name: 'Delete My Account'}).click();
  await expect(danger.getByRole('alert')).toHaveText('That password is not correct');
  await danger.getByLabel('Your password').fill(PASSWORD);
  await danger.getByRole('button', {name: 'Delete My Account'}).click();
  await expect(settings).toBeHidden();
  await expect(navbar(page).getByRole('button', {name: 'Sign In'})).toBeVisible();

  await navbar(page).getByRole('button', {name: 'Sign In'}).click();
  const signIn = page.getByRole('dialog', {name: 'Sign In'});
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', {name: 'Sign In'}).click();
  await expect(signIn.getByRole('alert')).toHaveText('Invalid login credentials');
});

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axe(page: Page): Promise<void> {
  const result = await new AxeBuilder({page}).include('[role="dialog"]').withTags(WCAG).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const mode of ['light', 'dark'] as const) {
  test(`axe-core finds no WCAG 2.2 AA violations on the Security tab (${mode}, mobile width)`, async ({page}) => {
    if (mode === 'dark') await useDarkMode(page);
    await page.setViewportSize({width: 390, height: 844});
    const email = uniqueEmail(`axe-security-${mode}`);
    await createConfirmedUser(email, PASSWORD, 'Katherine Johnson');
    await open(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const drawer = page.locator('.navbar-sidebar');
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    await drawer.getByRole('button', {name: 'Sign In'}).click();
    const signIn = page.getByRole('dialog', {name: 'Sign In'});
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', {name: 'Sign In'}).click();
    await expect(signIn).toBeHidden();
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    await drawer.getByRole('button', {name: 'Katherine Johnson'}).click();
    const settings = page.getByRole('dialog', {name: 'Account Settings'});
    // Keyboard: the tabs are reached with the arrow keys.
    await settings.getByRole('tab', {name: 'Profile'}).focus();
    await page.keyboard.press('End');
    await expect(settings.getByRole('tab', {name: 'Security'})).toBeFocused();
    await expect(settings.getByRole('heading', {name: 'Two-factor authentication'})).toBeVisible();
    await axe(page);
    await settings.getByRole('button', {name: 'Add Authenticator App'}).click();
    await expect(settings.getByTestId('totp-secret')).toBeVisible();
    await axe(page);
    await settings.getByRole('button', {name: 'Change E-mail'}).click();
    await expect(settings.getByRole('alert')).toBeVisible();
    await axe(page);
  });
}
