// Attacks on /auth/v1: links that would carry a victim's tokens elsewhere, and answers that would
// tell an attacker which e-mail addresses have accounts.
import {describe, expect, it} from 'vitest';
import {authFetch, followLink, latestMail, serviceClient, uniqueEmail} from './clients';

const SITE = 'http://localhost:3000';

async function confirmedUser() {
  const email = uniqueEmail('victim');
  const password = 'correct-horse-battery';
  const {error} = await serviceClient().auth.admin.createUser({email, password, email_confirm: true});
  if (error) throw error;
  return {email, password};
}

/** Asks for a recovery mail with `redirectTo` and returns where its link finally sends the browser. */
async function recoveryLanding(redirectTo: string): Promise<URL> {
  const {email} = await confirmedUser();
  const res = await authFetch(`/recover?redirect_to=${encodeURIComponent(redirectTo)}`, {method: 'POST', body: JSON.stringify({email})});
  expect(res.status).toBe(200);
  const {location, fragment} = await followLink((await latestMail(email)).link);
  expect(fragment.get('access_token')).toBeTruthy();
  return location;
}

describe('redirect_to allow list', () => {
  it('never sends recovery tokens to another host through userinfo, decimal IPs or look-alike hosts', async () => {
    for (const evil of [
      'http://localhost:3000@1572395042/',
      'http://localhost:3000@evil.example/',
      'http://localhost:3000.evil.example/',
      'http://localhost:3000\\@evil.example/',
      'https://localhost:3000/',
      'http://127.0.0.1:3001/',
      'http://localhost:3001/',
      '//evil.example/',
      'javascript:alert(1)',
    ]) {
      const landing = await recoveryLanding(evil);
      expect(landing.origin, evil).toBe(SITE);
      expect(landing.username, evil).toBe('');
    }
  });

  it('keeps an allowed redirect_to: the site origin, or a match of config.toml\'s additional_redirect_urls', async () => {
    expect((await recoveryLanding(`${SITE}/reset-password`)).pathname).toBe('/reset-password');
    const listed = await recoveryLanding('http://127.0.0.1:3000/reset-password?next=%2Fprogress');
    expect(`${listed.origin}${listed.pathname}${listed.search}`).toBe('http://127.0.0.1:3000/reset-password?next=%2Fprogress');
  });

  it('answers a redirect_to with CR/LF with a redirect to the site URL, not a 500 or an injected header', async () => {
    const {email} = await confirmedUser();
    await authFetch('/recover', {method: 'POST', body: JSON.stringify({email})});
    const link = new URL((await latestMail(email)).link);
    link.searchParams.set('redirect_to', `${SITE}/x\r\nset-cookie: stolen=1`);
    const res = await fetch(link, {redirect: 'manual'});
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toBeNull();
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin).toBe(SITE);
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy();
  });
});
