// POST /token: password, refresh_token and pkce grants. They share GoTrue's token rate limit.
// The web3 grant answers as a project with web3 sign-in off.
import type {AuthContext} from './context';
import {AuthError, badRequest, validationFailed} from './errors';
import {ok, optionalString, readJson} from './http';
import {verifyPassword} from './passwords';
import {exchangeAuthCode} from './pkce';
import {web3Disabled} from './providers';
import {createSession, refreshGrant, sessionResponse, type SessionSnapshot} from './sessions';
import {findUserByEmail, isBanned} from './users';

const INVALID_LOGIN = 'Invalid login credentials';

export async function token(ctx: AuthContext): Promise<Response> {
  const grant = ctx.url.searchParams.get('grant_type') ?? '';
  if (grant === 'web3') web3Disabled();
  if (!['password', 'refresh_token', 'pkce'].includes(grant)) throw badRequest('invalid_credentials', 'unsupported_grant_type');
  const body = await readJson(ctx.request);
  let snap: SessionSnapshot;
  if (grant === 'password') snap = await passwordGrant(ctx, body);
  else if (grant === 'refresh_token') {
    const presented = optionalString(body, 'refresh_token') ?? '';
    const result = await ctx.platform.db.transaction((tx) => refreshGrant(tx, presented, ctx.settings));
    if (result instanceof AuthError) throw result;
    snap = result;
  } else {
    const authCode = optionalString(body, 'auth_code') ?? '';
    const verifier = optionalString(body, 'code_verifier') ?? '';
    snap = await ctx.platform.db.transaction((tx) => exchangeAuthCode(tx, authCode, verifier));
  }
  return ok(await sessionResponse(ctx.platform, snap));
}

async function passwordGrant(ctx: AuthContext, body: Record<string, unknown>): Promise<SessionSnapshot> {
  const email = optionalString(body, 'email') ?? '';
  const phone = optionalString(body, 'phone') ?? '';
  const password = optionalString(body, 'password') ?? '';
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  if (phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (email && !ctx.settings.emailProviderEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
  const user = email ? await findUserByEmail(ctx.platform.db, email) : undefined;
  // The comparison runs outside any transaction: bcrypt is slow and PGlite has one connection.
  // It runs for unknown addresses too (against a dummy hash), so timing does not tell them apart.
  if (!(await verifyPassword(password, user?.encrypted_password)) || !user) {
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  return ctx.platform.db.transaction((tx) =>
    createSession(tx, user.id, 'password', {ip: ctx.ip, userAgent: ctx.request.headers.get('user-agent')}),
  );
}
