// POST /signup. With e-mail confirmation on (hosted default) the session only exists after the
// link in the confirmation mail is followed. As GoTrue's signup.go: a new or a still unconfirmed
// address gets the real user (with its identity) and a confirmation mail; an already confirmed
// one gets sanitizeUser's obfuscated copy (a fresh id, no identities) and no mail. Each path does
// the same slow work (one bcrypt hash, one rendered mail), so the timing does not tell them apart.
import {randomUUID} from 'node:crypto';
import {isPgError} from '../db/database';
import type {AuthContext} from './context';
import {badRequest, unprocessable, validationFailed} from './errors';
import {ok, optionalObject, optionalString, readJson} from './http';
import {issueLinkToken, mailLink, renderDecoyLinkMail, type IssuedLink} from './links';
import {checkPasswordStrength, hashPassword} from './passwords';
import {parsePkceParams} from './pkce';
import {requestedRedirect} from './redirects';
import {matchRealPath, recordRealPath} from './timingParity';
import {createSession, sessionResponse} from './sessions';
import {AUDIENCE, EMAIL_PROVIDER, findUserByEmail, insertEmailUser, reloadUser} from './users';
import {loadUserJson} from './userJson';
import {validateEmail} from './validation';

export async function signup(ctx: AuthContext): Promise<Response> {
  const body = await readJson(ctx.request);
  const rawEmail = optionalString(body, 'email');
  const rawPhone = optionalString(body, 'phone');
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data') ?? {};
  // GoTrue's router sends a body without e-mail and phone to anonymous sign-in.
  if (!rawEmail && !rawPhone) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (!ctx.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (!password) throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password, ctx.settings.minimumPasswordLength);
  if (!rawEmail) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!ctx.settings.emailProviderEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  const email = validateEmail(rawEmail);
  const pkce = parsePkceParams(body);
  const redirectTo = requestedRedirect(ctx);

  // Hashing happens before the transaction (PGlite has one connection, bcrypt takes ~70 ms) and
  // for every address, registered or not.
  const passwordHash = await hashPassword(password);
  if (!ctx.settings.enableConfirmations) return autoconfirmedSignup(ctx, email, passwordHash, data);
  ctx.limiter.admitMail('confirmation', [email]);
  const startedAt = performance.now();

  let outcome: {issued: IssuedLink; user: Record<string, unknown>} | undefined;
  try {
    outcome = await ctx.platform.db.transaction(async (tx) => {
      const user = (await findUserByEmail(tx, email, true)) ?? (await insertEmailUser(tx, email, passwordHash, data, false));
      if (user.email_confirmed_at) return undefined;
      // An unconfirmed account is left as it is (the caller has not proven they own it); only
      // the confirmation mail goes out again, and only a mail that goes out spends the quota.
      ctx.limiter.spendMailQuota();
      const issued = await issueLinkToken(tx, user, 'confirmation', pkce);
      return {issued, user: await loadUserJson(tx, await reloadUser(tx, user.id))};
    });
  } catch (error) {
    // Two sign-ups for one address racing on a PostgreSQL server: the loser sees the winner's row.
    if (!(isPgError(error) && error.code === '23505')) throw error;
  }
  if (outcome) {
    await mailLink(ctx, outcome.issued, redirectTo);
    recordRealPath(ctx.platform, 'signup', startedAt);
    return ok(outcome.user);
  }
  renderDecoyLinkMail(ctx, 'confirmation', email, redirectTo);
  await matchRealPath(ctx.platform, 'signup', startedAt);
  return ok(obfuscatedUser(email, data));
}

/**
 * enable_confirmations = false (GoTrue's MAILER_AUTOCONFIRM): the account is confirmed at once
 * and the answer is a session. With no mail to hide behind, GoTrue says when the address is
 * taken (422 user_already_exists), and so does this.
 */
async function autoconfirmedSignup(
  ctx: AuthContext,
  email: string,
  passwordHash: string,
  data: Record<string, unknown>,
): Promise<Response> {
  const taken = () => unprocessable('user_already_exists', 'User already registered');
  try {
    const snap = await ctx.platform.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email, true)) throw taken();
      const user = await insertEmailUser(tx, email, passwordHash, data, true);
      return createSession(tx, user.id, 'password', {ip: ctx.ip, userAgent: ctx.request.headers.get('user-agent')});
    });
    return ok(await sessionResponse(ctx.platform, snap));
  } catch (error) {
    if (isPgError(error) && error.code === '23505') throw taken();
    throw error;
  }
}

/** GoTrue's sanitizeUser: the answer for an already confirmed address (a fresh id, no identities). */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: AUDIENCE,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: EMAIL_PROVIDER,
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
