// Magic link and e-mail code sign-in (/otp, verify types magiclink and email), admin invitations
// and generate_link, written from GoTrue's documented answers (status, error_code, message).
import {describe, expect, it} from 'vitest';
import {anonClient, authFetch, backend, followLink, latestMail, mailCount, serviceClient, signedInUser, uniqueEmail} from './clients';

const REDIRECT = 'http://localhost:3000/welcome';
const codeIn = (text: string) => /(?:Or enter this code|Your code): (\d{6})/.exec(text)?.[1] ?? '';

describe('signInWithOtp by e-mail', () => {
  it('mails a confirmed user a magic link that signs in, and a code verifyOtp accepts as type email', async () => {
    const {email} = await signedInUser();
    const client = anonClient();
    const sent = await client.auth.signInWithOtp({email, options: {emailRedirectTo: REDIRECT, shouldCreateUser: false}});
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({user: null, session: null});
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Your Research Methods Academy sign-in link');
    expect(mail.link).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=magiclink&redirect_to=/);
    const {status, location, fragment} = await followLink(mail.link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('access_token')).toBeTruthy();
    // The link is single use.
    expect((await followLink(mail.link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('accepts the e-mailed code once through verifyOtp type email', async () => {
    const {email} = await signedInUser();
    const client = anonClient();
    expect((await client.auth.signInWithOtp({email})).error).toBeNull();
    const code = codeIn((await latestMail(email)).text);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await client.auth.verifyOtp({email, token: code === '000000' ? '111111' : '000000', type: 'email'});
    expect(wrong.error).toMatchObject({status: 403, code: 'otp_expired', message: 'Token has expired or is invalid'});
    const verified = await client.auth.verifyOtp({email, token: code, type: 'email'});
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const again = await anonClient().auth.verifyOtp({email, token: code, type: 'magiclink'});
    expect(again.error?.code).toBe('otp_expired');
  });

  it('signs up an unknown address, whose confirmation code signs in as type email', async () => {
    const email = uniqueEmail('otp-new');
    const client = anonClient();
    expect((await client.auth.signInWithOtp({email, options: {data: {full_name: 'Grace Hopper'}}})).error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Confirm your Research Methods Academy account');
    const verified = await client.auth.verifyOtp({email, token: codeIn(mail.text), type: 'email'});
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.user_metadata).toMatchObject({full_name: 'Grace Hopper'});
  });

  it('refuses an unknown address with shouldCreateUser false: 422 otp_disabled, no mail', async () => {
    const email = uniqueEmail('otp-nobody');
    const {error} = await anonClient().auth.signInWithOtp({email, options: {shouldCreateUser: false}});
    expect(error).toMatchObject({status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp'});
    expect(await mailCount(email)).toBe(0);
  });

  it('answers GoTrue\'s errors for bad input and for phone sign-in', async () => {
    const bad = await authFetch('/otp', {method: 'POST', body: JSON.stringify({email: 'not-an-address'})});
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({code: 'validation_failed', msg: 'Unable to validate email address: invalid format'});
    const both = await authFetch('/otp', {method: 'POST', body: JSON.stringify({email: uniqueEmail(), phone: '+15555550100'})});
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({code: 'validation_failed', msg: 'Only an email address or phone number should be provided'});
    const none = await authFetch('/otp', {method: 'POST', body: JSON.stringify({})});
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({code: 'validation_failed', msg: 'One of email or phone must be set'});

    const phone = await anonClient().auth.signInWithOtp({phone: '+15555550100'});
    expect(phone.error).toMatchObject({status: 400, code: 'phone_provider_disabled', message: 'Unsupported phone provider'});
    const badPhone = await anonClient().auth.signInWithOtp({phone: '12'});
    expect(badPhone.error).toMatchObject({status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)'});
  });

  it('spaces two mails to one address by max_frequency whether or not it has an account', async () => {
    const {email} = await signedInUser();
    const nobody = uniqueEmail('otp-spacing');
    for (const address of [email, nobody]) {
      expect((await anonClient().auth.signInWithOtp({email: address})).error).toBeNull();
      const second = await anonClient().auth.signInWithOtp({email: address});
      expect(second.error).toMatchObject({status: 429, code: 'over_email_send_rate_limit'});
      expect(second.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    }
  });
});

describe('verifyOtp with a phone type', () => {
  it('answers 403 otp_expired as GoTrue does when no account has the number', async () => {
    const {error} = await anonClient().auth.verifyOtp({phone: '+15555550100', token: '123456', type: 'sms'});
    expect(error).toMatchObject({status: 403, code: 'otp_expired', message: 'Token has expired or is invalid'});
    const change = await anonClient().auth.verifyOtp({phone: '+15555550100', token: '123456', type: 'phone_change'});
    expect(change.error?.code).toBe('otp_expired');
    const malformed = await anonClient().auth.verifyOtp({phone: 'abc', token: '123456', type: 'sms'});
    expect(malformed.error).toMatchObject({status: 400, code: 'validation_failed'});
    const hash = await anonClient().auth.verifyOtp({token_hash: '0'.repeat(56), type: 'sms' as 'email'});
    expect(hash.error?.code).toBe('otp_expired');
  });
});

describe('admin invitations', () => {
  it('inviteUserByEmail mails an invitation whose link confirms and signs the user in', async () => {
    const admin = serviceClient();
    const email = uniqueEmail('invitee');
    const {data, error} = await admin.auth.admin.inviteUserByEmail(email, {data: {full_name: 'Invited'}, redirectTo: REDIRECT});
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const mail = await latestMail(email);
    expect(mail.subject).toBe('You are invited to Research Methods Academy');
    expect(mail.link).toMatch(/type=invite&redirect_to=/);
    const {location, fragment} = await followLink(mail.link);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('access_token')).toBeTruthy();

    // A confirmed address cannot be invited again.
    const again = await admin.auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({status: 422, code: 'email_exists', message: 'A user with this email address has already been registered'});
  });

  it('is for the service role only', async () => {
    const {session} = await signedInUser();
    const response = await authFetch('/invite', {method: 'POST', body: JSON.stringify({email: uniqueEmail()}), token: session.access_token});
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({code: 'not_admin', msg: 'User not allowed'});
  });
});

describe('admin generateLink', () => {
  it('returns a working magic link, its code and hash without sending mail', async () => {
    const {email} = await signedInUser();
    const before = await mailCount(email);
    const {data, error} = await serviceClient().auth.admin.generateLink({type: 'magiclink', email, options: {redirectTo: REDIRECT}});
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.properties).toMatchObject({verification_type: 'magiclink', redirect_to: REDIRECT});
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties?.hashed_token).toMatch(/^[0-9a-f]{56}$/);
    expect(data.properties?.action_link).toContain(`token=${data.properties?.hashed_token}&type=magiclink`);
    expect(await mailCount(email)).toBe(before);
    const verified = await anonClient().auth.verifyOtp({token_hash: data.properties?.hashed_token ?? '', type: 'magiclink'});
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });

  it('signs up with type signup (password required) and refuses a registered address', async () => {
    const admin = serviceClient();
    const email = uniqueEmail('generated');
    const {data, error} = await admin.auth.admin.generateLink({type: 'signup', email, password: 'secret12'});
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('signup');
    const {fragment} = await followLink(data.properties?.action_link ?? '');
    expect(fragment.get('type')).toBe('signup');
    expect((await anonClient().auth.signInWithPassword({email, password: 'secret12'})).error).toBeNull();
    const again = await admin.auth.admin.generateLink({type: 'signup', email, password: 'secret12'});
    expect(again.error).toMatchObject({status: 422, code: 'email_exists'});
  });

  it('keeps type signup\'s user_metadata to the data given; the claims are in the identity only, as in GoTrue', async () => {
    const email = uniqueEmail('generated');
    const {data, error} = await serviceClient().auth.admin.generateLink({type: 'signup', email, password: 'secret12', options: {data: {full_name: 'Ada'}}});
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({full_name: 'Ada'});
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({sub: data.user?.id, email, email_verified: false, phone_verified: false});
  });

  it('returns the new address\'s e-mail change link, which moves the account when followed', async () => {
    const {email, password} = await signedInUser();
    const admin = serviceClient();
    const newEmail = uniqueEmail('moved');
    const {data, error} = await admin.auth.admin.generateLink({type: 'email_change_new', email, newEmail});
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(newEmail);
    expect(data.properties?.verification_type).toBe('email_change_new');
    expect(data.properties?.action_link).toContain('type=email_change');
    const {fragment} = await followLink(data.properties?.action_link ?? '');
    expect(fragment.get('access_token')).toBeTruthy();
    expect((await anonClient().auth.signInWithPassword({email: newEmail, password})).error).toBeNull();

    const taken = await admin.auth.admin.generateLink({type: 'email_change_new', email: newEmail, newEmail: (await signedInUser()).email});
    expect(taken.error).toMatchObject({status: 422, code: 'email_exists'});
  });

  it('answers 404 user_not_found for recovery of an unknown address and 400 for an unknown type', async () => {
    const admin = serviceClient();
    const recovery = await admin.auth.admin.generateLink({type: 'recovery', email: uniqueEmail('ghost')});
    expect(recovery.error).toMatchObject({status: 404, code: 'user_not_found', message: 'User with this email not found'});
    const bad = await authFetch('/admin/generate_link', {
      method: 'POST',
      body: JSON.stringify({type: 'bogus', email: uniqueEmail()}),
      apikey: backend().serviceRoleKey,
      token: backend().serviceRoleKey,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({code: 'validation_failed', msg: 'Invalid email action link type requested: bogus'});
  });
});
