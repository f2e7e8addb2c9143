// Helpers for the account e2e tests: unique users, the admin API (service role, over plain
// fetch), the Mailpit-shaped mailbox, and the session supabase-js keeps in localStorage.
import {expect, type Page} from '@playwright/test';
import {e2eBackend} from './backend';

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export function storageKey(): string {
  return `sb-${new URL(e2eBackend().url).hostname.split('.')[0]}-auth-token`;
}

/** A confirmed user made through the auth admin API. */
export async function createConfirmedUser(email: string, password: string, fullName?: string): Promise<string> {
  const {url, serviceRoleKey} = e2eBackend();
  const response = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json'},
    body: JSON.stringify({email, password, email_confirm: true, user_metadata: fullName ? {full_name: fullName} : {}}),
  });
  const body = (await response.json()) as {id?: string; user?: {id: string}};
  expect(response.status, JSON.stringify(body)).toBeLessThan(300);
  return body.id ?? (body.user?.id as string);
}

interface MailSummary {
  ID: string;
  Subject: string;
  Created?: string;
}

/** Waits for the newest e-mail to `email` whose link has the given type, and returns that link. */
export async function waitForMailLink(email: string, type: 'signup' | 'recovery' | 'email_change', after = 0): Promise<string> {
  const {mailboxUrl} = e2eBackend();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const search = (await (await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json()) as {messages?: MailSummary[]};
    for (const summary of search.messages ?? []) {
      const message = (await (await fetch(`${mailboxUrl}/api/v1/message/${summary.ID}`)).json()) as {Text?: string; HTML?: string};
      const text = `${message.Text ?? ''}\n${message.HTML ?? ''}`.replace(/&amp;/g, '&');
      const links = text.match(/https?:\/\/[^\s"'<>]+\/auth\/v1\/verify\?[^\s"'<>]+/g) ?? [];
      const link = links.find((l) => new URL(l).searchParams.get('type') === type);
      if (link && (!after || !summary.Created || Date.parse(summary.Created) >= after)) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${type} e-mail for ${email}`);
}

/** Waits for the newest e-mail to `email` (sent at or after `after`) that carries a 6-digit code, and returns the code. */
export async function waitForMailCode(email: string, after = 0): Promise<string> {
  const {mailboxUrl} = e2eBackend();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const search = (await (await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json()) as {messages?: MailSummary[]};
    for (const summary of search.messages ?? []) {
      if (after && summary.Created && Date.parse(summary.Created) < after) continue;
      const message = (await (await fetch(`${mailboxUrl}/api/v1/message/${summary.ID}`)).json()) as {Text?: string};
      const code = /code: (\d{6})/.exec(message.Text ?? '')?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail with a code for ${email}`);
}

export async function storedSession(page: Page): Promise<{access_token: string; refresh_token: string; expires_at: number} | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), storageKey());
  return raw ? (JSON.parse(raw) as {access_token: string; refresh_token: string; expires_at: number}) : null;
}

export const navbar = (page: Page) => page.locator('nav.navbar');

/** Signs in through the modal from the current page. */
export async function signInThroughModal(page: Page, email: string, password: string): Promise<void> {
  await navbar(page).getByRole('button', {name: 'Sign In'}).click();
  const dialog = page.getByRole('dialog', {name: 'Sign In'});
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', {name: 'Sign In'}).click();
  await expect(dialog).toBeHidden();
}

export async function useDarkMode(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('rma.colorMode.initialised', '1');
    window.localStorage.setItem('theme', 'dark');
  });
}
