// Account security service: two-factor (TOTP) factors, whether the session owes its second factor, password
// and e-mail changes, signing out devices and deleting the account. Each call returns the auth
// service's own error (its message is what the UI shows: GoTrue's texts for wrong, expired or
// reused codes), so no Supabase error shape leaks into components.
import type {Factor, Session} from '@supabase/supabase-js';
import {totpQrDataUrl} from './totpQr';
import {normaliseEmail} from './validation';
import type {DatabaseClient} from './supabase';
import {fail as failWith, type Result} from './data/result';
import {functionErrorText} from './data/errorText';

const fail = (error: {message: string} | string): {data: null; error: string} => failWith(typeof error === 'string' ? error : error.message);

/**
 * Signed in with the password only while a verified factor asks for more: not fully signed in.
 * supabase-js reads the session's `aal` claim and its user's factors. When it cannot tell (its
 * stored session or its token unreadable), a verified factor on `fallback` counts as owed: asking for a code
 * the learner has is better than showing a page the database refuses.
 */
export async function secondFactorOwed(client: DatabaseClient, fallback: Session | null = null): Promise<boolean> {
  const owedByFactors = () => (fallback?.user.factors ?? []).some((factor) => factor.status === 'verified');
  try {
    const {data, error} = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    if (error || !data) return owedByFactors();
    return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
  } catch {
    // supabase-js throws, rather than answers, for an access token it cannot decode.
    return owedByFactors();
  }
}

export async function listTotpFactors(client: DatabaseClient): Promise<Result<Factor[]>> {
  const {data, error} = await client.auth.mfa.listFactors();
  if (error) return fail(error);
  return {data: data.totp, error: null};
}

export interface Enrolment {
  factorId: string;
  /** data: URL of the QR code's SVG, drawn from `uri`. */
  qrCode: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** Base32 secret for typing into an app by hand. */
  secret: string;
}

export async function startTotpEnrolment(client: DatabaseClient, friendlyName: string): Promise<Result<Enrolment>> {
  // An abandoned earlier attempt leaves an unverified factor; it must not block this one.
  const {data: existing} = await client.auth.mfa.listFactors();
  for (const factor of existing?.all ?? []) {
    if (factor.status === 'unverified') await client.auth.mfa.unenroll({factorId: factor.id});
  }
  const {data, error} = await client.auth.mfa.enroll({factorType: 'totp', friendlyName: friendlyName.trim() || undefined});
  if (error) return fail(error);
  return {data: {factorId: data.id, qrCode: await totpQrDataUrl(data.totp.uri), uri: data.totp.uri, secret: data.totp.secret}, error: null};
}

/** Challenges a factor and verifies the code; the session becomes aal2 (MFA_CHALLENGE_VERIFIED). */
export async function verifyTotp(client: DatabaseClient, factorId: string, code: string): Promise<Result> {
  const clean = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(clean)) return fail('Enter the 6-digit code from your authenticator app');
  const {error} = await client.auth.mfa.challengeAndVerify({factorId, code: clean});
  return error ? fail(error) : {data: null, error: null};
}

/** The sign-in step after the password: verifies against the learner's first verified TOTP factor. */
export async function verifySignInCode(client: DatabaseClient, code: string): Promise<Result> {
  const factors = await listTotpFactors(client);
  if (factors.error !== null) return factors;
  const factor = factors.data[0];
  if (!factor) return fail('This account has no authenticator app set up');
  return verifyTotp(client, factor.id, code);
}

export async function removeFactor(client: DatabaseClient, factorId: string): Promise<Result> {
  const {error} = await client.auth.mfa.unenroll({factorId});
  if (error) return fail(error);
  // The session's user (and with it its factor list) is refreshed from the server.
  await client.auth.refreshSession();
  return {data: null, error: null};
}

/** Mails the signed-in learner a code that confirms a password change (GET /reauthenticate). */
export async function sendReauthenticationCode(client: DatabaseClient): Promise<Result> {
  const {error} = await client.auth.reauthenticate();
  return error ? fail(error) : {data: null, error: null};
}

/**
 * Sets a new password. Without a nonce the auth server decides whether proof is needed (with
 * secure_password_change, a session signed in more than 24 h ago needs the mailed code):
 * 'code_needed' then, and the caller sends the code and comes back with it; with a nonce the
 * server checks that code. So the site asks for a code exactly when the server checks it.
 */
export async function changePassword(client: DatabaseClient, password: string, nonce?: string): Promise<Result<'changed' | 'code_needed'>> {
  const attributes = nonce === undefined ? {password: password.trim()} : {password: password.trim(), nonce: nonce.replace(/\s/g, '')};
  const {error} = await client.auth.updateUser(attributes);
  if (error && nonce === undefined && error.code === 'reauthentication_needed') return {data: 'code_needed', error: null};
  return error ? fail(error) : {data: 'changed', error: null};
}

/** Starts the secure e-mail change; the links in the mails come back to `redirectTo`. */
export async function changeEmail(client: DatabaseClient, email: string, redirectTo: string): Promise<Result<{newEmail: string}>> {
  const {data, error} = await client.auth.updateUser({email: normaliseEmail(email)}, {emailRedirectTo: redirectTo});
  if (error) return fail(error);
  return {data: {newEmail: data.user.new_email ?? normaliseEmail(email)}, error: null};
}

/**
 * Confirms an e-mail change with the code from one of its two mails (`address` is where that mail
 * went). GoTrue answers the first of the two with a message and no session ('oneConfirmed'), the
 * last with a session for the new address ('done'); a wrong code gets its otp_expired refusal.
 */
export async function confirmEmailChangeCode(client: DatabaseClient, address: string, code: string): Promise<Result<'oneConfirmed' | 'done'>> {
  const clean = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(clean)) return fail('Enter the 6-digit code from the e-mail');
  const {data, error} = await client.auth.verifyOtp({email: normaliseEmail(address), token: clean, type: 'email_change'});
  if (error) return fail(error);
  return {data: data.session ? 'done' : 'oneConfirmed', error: null};
}

export async function signOutOtherDevices(client: DatabaseClient): Promise<Result> {
  const {error} = await client.auth.signOut({scope: 'others'});
  return error ? fail(error) : {data: null, error: null};
}

export async function signOutEverywhere(client: DatabaseClient): Promise<Result> {
  const {error} = await client.auth.signOut({scope: 'global'});
  return error ? fail(error) : {data: null, error: null};
}

/** Deletes the account through the delete-account function (the caller then ends its session: useAuth().endDeletedAccount). */
export async function deleteAccount(client: DatabaseClient, email: string, password: string): Promise<Result> {
  const {error} = await client.functions.invoke('delete-account', {body: {email: normaliseEmail(email), password}});
  if (error) return failWith(await functionErrorText(error, 'Could not delete the account'));
  return {data: null, error: null};
}
