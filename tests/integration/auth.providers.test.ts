// Providers this project does not configure answer as hosted GoTrue answers with them switched
// off: OAuth, SAML SSO, phone, anonymous sign-in, web3, manual identity linking, the OAuth 2.1
// server. /settings says the same.
import {describe, expect, it} from 'vitest';
import {anonClient, authFetch, backend, serviceClient, signedInUser, uniqueEmail} from './clients';

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

  it('signInWithWeb3 answers 422 web3_provider_disabled (GoTrue\'s Web3Grant)', async () => {
    const {data, error} = await anonClient().auth.signInWithWeb3({chain: 'solana', message: 'example.com wants you to sign in', signature: new Uint8Array([1, 2, 3])});
    expect(data.session).toBeNull();
    expect(error).toMatchObject({status: 422, code: 'web3_provider_disabled', message: 'Web3 provider is disabled'});
    // Checked before the body is read, as GoTrue does.
    const raw = await authFetch('/token?grant_type=web3', {method: 'POST', body: '{"chain": 42'});
    expect(raw.status).toBe(422);
    expect(await raw.json()).toMatchObject({code: 'web3_provider_disabled'});
  });

  it('identity linking answers 404 manual_linking_disabled to a signed-in user, the missing-session error to nobody', async () => {
    const {client} = await signedInUser();
    const link = await client.auth.linkIdentity({provider: 'github', options: {skipBrowserRedirect: true}});
    expect(link.error).toMatchObject({status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled'});
    const identities = await client.auth.getUserIdentities();
    const email = identities.data?.identities[0];
    expect(email?.provider).toBe('email');
    const unlink = await client.auth.unlinkIdentity(email!);
    expect(unlink.error).toMatchObject({status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled'});
    // The identity is still there.
    expect((await client.auth.getUserIdentities()).data?.identities).toHaveLength(1);
    // Without a session the caller check answers first, as for GET /user.
    const anonymous = await authFetch('/user/identities/authorize?provider=github');
    const noUser = await authFetch('/user');
    expect(anonymous.status).toBe(noUser.status);
    expect((await anonymous.json()) as unknown).toEqual(await noUser.json());
  });

  it('the OAuth 2.1 server answers 404 oauth_server_disabled: admin client routes (after the admin check), /oauth, /user/oauth/grants', async () => {
    const admin = serviceClient().auth.admin.oauth;
    const list = await admin.listClients();
    expect(list.error).toMatchObject({status: 404, code: 'oauth_server_disabled', message: 'OAuth server is disabled'});
    const create = await admin.createClient({client_name: 'x', redirect_uris: ['https://example.com/cb']});
    expect(create.error).toMatchObject({status: 404, code: 'oauth_server_disabled'});
    const get = await admin.getClient('9a4e1f3c-0000-4000-8000-000000000000');
    expect(get.error).toMatchObject({status: 404, code: 'oauth_server_disabled'});
    // GoTrue's /admin router asks for admin credentials before anything else.
    const notAdmin = await authFetch('/admin/oauth/clients');
    const notAdminUsers = await authFetch('/admin/users');
    expect(notAdmin.status).toBe(notAdminUsers.status);
    expect((await notAdmin.json()) as unknown).toEqual(await notAdminUsers.json());
    for (const [method, path] of [
      ['POST', '/oauth/clients/register'],
      ['GET', '/oauth/authorize?client_id=x'],
      ['POST', '/oauth/token'],
    ] as const) {
      const response = await authFetch(path, {method, ...(method === 'POST' ? {body: '{}'} : {})});
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({code: 'oauth_server_disabled', msg: 'OAuth server is disabled'});
    }
    const {session} = await signedInUser();
    const grants = await authFetch('/user/oauth/grants', {token: session?.access_token});
    expect(grants.status).toBe(404);
    expect(await grants.json()).toMatchObject({code: 'oauth_server_disabled'});
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
