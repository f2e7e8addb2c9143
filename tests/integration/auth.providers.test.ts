// Providers this project does not configure answer as hosted GoTrue answers with them switched
// off: OAuth, SAML SSO, phone, anonymous sign-in. /settings says the same.
import {describe, expect, it} from 'vitest';
import {anonClient, authFetch, backend, uniqueEmail} from './clients';

describe('providers that are not configured', () => {
  it('signInWithOAuth builds the /authorize URL, which answers 400 validation_failed', async () => {
    const {data, error} = await anonClient().auth.signInWithOAuth({provider: 'github', options: {skipBrowserRedirect: true}});
    expect(error).toBeNull();
    const url = new URL(data.url ?? '');
    expect(url.pathname).toBe('/auth/v1/authorize');
    const response = await fetch(url, {headers: {apikey: backend().anonKey}, redirect: 'manual'});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled'});
    const unknown = await authFetch('/authorize?provider=myspace');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({code: 'validation_failed', msg: 'Unsupported provider: Provider myspace could not be found'});
  });

  it('signInWithSSO answers 404 saml_provider_disabled', async () => {
    const {data, error} = await anonClient().auth.signInWithSSO({domain: 'example.com'});
    expect(data).toBeNull();
    expect(error).toMatchObject({status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled'});
  });

  it('passkey routes answer 404 passkey_disabled', async () => {
    for (const [method, path] of [
      ['POST', '/passkeys/authentication/options'],
      ['POST', '/passkeys/registration/options'],
      ['GET', '/passkeys'],
      ['DELETE', '/passkeys/7f2c'],
    ] as const) {
      const response = await authFetch(path, {method, ...(method === 'POST' ? {body: '{}'} : {})});
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({code: 'passkey_disabled', msg: 'Passkeys are disabled'});
    }
  });

  it('signInAnonymously answers 422 anonymous_provider_disabled', async () => {
    const {error} = await anonClient().auth.signInAnonymously();
    expect(error).toMatchObject({status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled'});
  });

  it('phone sign-up and sign-in answer 400 phone_provider_disabled', async () => {
    const signUp = await anonClient().auth.signUp({phone: '+15555550100', password: 'secret12'});
    expect(signUp.error).toMatchObject({status: 400, code: 'phone_provider_disabled', message: 'Phone signups are disabled'});
    const signIn = await anonClient().auth.signInWithPassword({phone: '+15555550100', password: 'secret12'});
    expect(signIn.error).toMatchObject({status: 400, code: 'phone_provider_disabled', message: 'Phone logins are disabled'});
  });

  it('/settings lists e-mail as the only provider, sign-ups open and confirmations on', async () => {
    const response = await authFetch('/settings');
    const settings = (await response.json()) as {external: Record<string, boolean>; disable_signup: boolean; mailer_autoconfirm: boolean};
    expect(Object.entries(settings.external).filter(([, on]) => on).map(([name]) => name)).toEqual(['email']);
    expect(settings).toMatchObject({disable_signup: false, mailer_autoconfirm: false, saml_enabled: false});
    // And sign-up indeed needs the e-mailed link.
    const {data} = await anonClient().auth.signUp({email: uniqueEmail('settings'), password: 'secret12'});
    expect(data.session).toBeNull();
  });
});
