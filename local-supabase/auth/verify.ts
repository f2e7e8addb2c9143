// GET /verify (the link in an e-mail, opened by a browser) and POST /verify (verifyOtp).
import type {Queryable} from '../db/database';
import type {AuthContext} from './context';
import {confirmEmailChange, SINGLE_CONFIRMATION_ACCEPTED} from './emailChange';
import {AuthError, forbidden, validationFailed} from './errors';
import {ok, optionalString, readJson} from './http';
import {OTP_EXPIRY_SECONDS} from './links';
import {validatePhone} from './phone';
import {issueAuthCode} from './pkce';
import {requestedRedirect} from './redirects';
import {createSession, sessionResponse, type AuthMethod} from './sessions';
import {PKCE_PREFIX, tokenHash} from './tokens';
import {confirmEmail, findUserByEmail, findUserByToken, isBanned, type UserRow} from './users';

// sms and phone_change are GoTrue's phone types: valid, but no account here has a phone to match.
const LINK_TYPES = ['signup', 'recovery', 'magiclink', 'invite', 'email_change', 'email', 'sms', 'phone_change'] as const;
type LinkType = (typeof LINK_TYPES)[number];

const LINK_EXPIRED = 'Email link is invalid or has expired';
const OTP_EXPIRED = 'Token has expired or is invalid';

function parseType(value: string | undefined | null): LinkType {
  if (!value) throw validationFailed('Verify requires a verification type');
  if (!(LINK_TYPES as readonly string[]).includes(value)) throw validationFailed(`Unsupported verification type`);
  return value as LinkType;
}

/** Which user column holds the token for a link type; `email` tries sign-up first, then magic link. */
function candidates(type: LinkType): {column: 'confirmation_token' | 'recovery_token'; resolved: LinkType}[] {
  switch (type) {
    case 'signup':
    case 'invite':
      return [{column: 'confirmation_token', resolved: type}];
    case 'recovery':
    case 'magiclink':
      return [{column: 'recovery_token', resolved: type}];
    case 'email':
      return [
        {column: 'confirmation_token', resolved: 'signup'},
        {column: 'recovery_token', resolved: 'magiclink'},
      ];
    case 'email_change':
    case 'sms':
    case 'phone_change':
      return [];
  }
}

function sentAt(user: UserRow, column: 'confirmation_token' | 'recovery_token'): Date | null {
  return column === 'confirmation_token' ? user.confirmation_sent_at : user.recovery_sent_at;
}

function isFresh(sent: Date | null): boolean {
  return sent !== null && Date.now() <= sent.getTime() + OTP_EXPIRY_SECONDS * 1000;
}

interface Verified {
  user: UserRow;
  type: LinkType;
  pkce: boolean;
}

/** Consumes the token (single use) and applies its side effects; throws otp_expired when unusable. */
async function consume(tx: Queryable, verified: Verified, column: 'confirmation_token' | 'recovery_token'): Promise<void> {
  const {user} = verified;
  if (column === 'recovery_token') {
    await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`, [user.id]);
  }
  // Following any e-mail link proves the address, so an unconfirmed account becomes confirmed.
  await confirmEmail(tx, user.id);
}

async function findByTokenHash(tx: Queryable, type: LinkType, token: string, message: string): Promise<Verified> {
  for (const {column, resolved} of candidates(type)) {
    const user = await findUserByToken(tx, column, token);
    if (!user) continue;
    if (!isFresh(sentAt(user, column)) || isBanned(user)) break;
    const verified = {user, type: resolved, pkce: token.startsWith(PKCE_PREFIX)};
    await consume(tx, verified, column);
    return verified;
  }
  throw forbidden('otp_expired', message);
}

async function findByEmailOtp(tx: Queryable, type: LinkType, email: string, otp: string): Promise<Verified> {
  const user = await findUserByEmail(tx, email, true);
  if (user && /^\d{6}$/.test(otp) && !isBanned(user)) {
    const hash = tokenHash(user.email ?? '', otp);
    for (const {column, resolved} of candidates(type)) {
      const stored = (user[column] ?? '').replace(PKCE_PREFIX, '');
      if (stored !== '' && stored === hash && isFresh(sentAt(user, column))) {
        const verified = {user, type: resolved, pkce: false};
        await consume(tx, verified, column);
        return verified;
      }
    }
  }
  throw forbidden('otp_expired', OTP_EXPIRED);
}

function flowMethod(type: LinkType): AuthMethod {
  if (type === 'recovery') return 'recovery';
  if (type === 'magiclink') return 'magiclink';
  if (type === 'invite') return 'invite';
  return 'email/signup';
}

const ERROR_NAMES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  429: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

function redirect(location: string): Response {
  return new Response(null, {status: 303, headers: {location, 'cache-control': 'no-store'}});
}

function withFragment(base: string, params: Record<string, string>): string {
  const sorted = new URLSearchParams(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${base}#${sorted.toString()}`;
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export async function verifyGet(ctx: AuthContext): Promise<Response> {
  const params = ctx.url.searchParams;
  const type = parseType(params.get('type'));
  const token = params.get('token') ?? '';
  if (!token) throw validationFailed('Verify requires a token or a token hash');
  const redirectTo = requestedRedirect(ctx);
  const isPkce = token.startsWith(PKCE_PREFIX);
  try {
    const outcome = await ctx.platform.db.transaction(async (tx) => {
      if (type === 'email_change') {
        const change = await confirmEmailChange(ctx, tx, token, LINK_EXPIRED);
        if (change.kind === 'single') return {kind: 'single' as const};
        return {kind: 'session' as const, session: await createSession(tx, change.user.id, 'otp', {ip: ctx.ip}), type};
      }
      const verified = await findByTokenHash(tx, type, token, LINK_EXPIRED);
      if (verified.pkce) return {kind: 'code' as const, code: await issueAuthCode(tx, verified.user.id, flowMethod(verified.type))};
      return {kind: 'session' as const, session: await createSession(tx, verified.user.id, 'otp', {ip: ctx.ip}), type: verified.type};
    });
    if (outcome.kind === 'code') return redirect(withQuery(redirectTo, {code: outcome.code}));
    // GoTrue answers the first of two e-mail-change links with a message and no session.
    if (outcome.kind === 'single') return redirect(withFragment(redirectTo, {message: SINGLE_CONFIRMATION_ACCEPTED, sb: ''}));
    const session = await sessionResponse(ctx.platform, outcome.session);
    return redirect(
      withFragment(redirectTo, {
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        sb: '',
        token_type: 'bearer',
        type: outcome.type,
      }),
    );
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const fields = {
      error: ERROR_NAMES[error.status] ?? 'server_error',
      error_code: error.code,
      error_description: error.message,
    };
    const base = isPkce ? withQuery(redirectTo, fields) : redirectTo;
    return redirect(withFragment(base, {...fields, sb: ''}));
  }
}

export async function verifyPost(ctx: AuthContext): Promise<Response> {
  const body = await readJson(ctx.request);
  const type = parseType(optionalString(body, 'type'));
  const hash = optionalString(body, 'token_hash') ?? '';
  const otp = optionalString(body, 'token') ?? '';
  const email = optionalString(body, 'email') ?? '';
  if ((hash === '') === (otp === '')) throw validationFailed('Verify requires either a token or a token hash');
  if (hash !== '' && (email !== '' || optionalString(body, 'phone') || optionalString(body, 'redirect_to'))) {
    throw validationFailed('Only the token_hash and type should be provided');
  }
  if (otp !== '' && email === '') {
    const phone = optionalString(body, 'phone');
    if (!phone) throw validationFailed('Only an email address or phone number should be provided on verify');
    // GoTrue looks the number up among the users' phones, finds none and says the code is wrong.
    validatePhone(phone);
    throw forbidden('otp_expired', OTP_EXPIRED);
  }
  const snap = await ctx.platform.db.transaction(async (tx) => {
    if (type === 'email_change') {
      // A code counts for the address it was mailed to: GoTrue's FindUserForEmailChange looks up
      // sha224(email + code) among the current and the new address's tokens, as the link's hash.
      const change = hash !== '' ? await confirmEmailChange(ctx, tx, hash, LINK_EXPIRED) : await confirmEmailChange(ctx, tx, tokenHash(email.trim().toLowerCase(), otp), OTP_EXPIRED);
      return change.kind === 'single' ? null : createSession(tx, change.user.id, 'otp', {ip: ctx.ip});
    }
    const verified = hash !== '' ? await findByTokenHash(tx, type, hash, LINK_EXPIRED) : await findByEmailOtp(tx, type, email, otp);
    return createSession(tx, verified.user.id, 'otp', {ip: ctx.ip});
  });
  if (!snap) return ok({msg: SINGLE_CONFIRMATION_ACCEPTED, code: 200});
  return ok(await sessionResponse(ctx.platform, snap));
}
