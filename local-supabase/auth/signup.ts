// POST /signup with e-mail confirmation on (hosted default): the bare user comes back and the
// session only exists after the link in the confirmation mail is followed.
import {randomUUID} from 'node:crypto';
import {isPgError} from '../db/database';
import type {AuthContext} from './context';
import {AuthError, unprocessable, validationFailed} from './errors';
import {ok, optionalObject, optionalString, readJson} from './http';
import {checkMailFrequency, issueLinkToken, mailLink, type IssuedLink} from './links';
import {checkPasswordStrength, hashPassword} from './passwords';
import {parsePkceParams} from './pkce';
import {resolveRedirect} from './redirects';
import {loadUserJson} from './userJson';
import {AUDIENCE, findUserByEmail, insertUser, reloadUser} from './users';
import {validateEmail} from './validation';

const EMAIL_PROVIDER = {provider: 'email', providers: ['email']};

export async function signup(ctx: AuthContext): Promise<Response> {
  ctx.limiter.enforce('otp', ctx.ip);
  const body = await readJson(ctx.request);
  const rawEmail = optionalString(body, 'email');
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data') ?? {};
  if (!rawEmail && optionalString(body, 'phone')) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  }
  if (!rawEmail) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  const email = validateEmail(rawEmail);
  if (!password) throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password);
  const pkce = parsePkceParams(body);
  const redirectTo = resolveRedirect(ctx.platform.config, ctx.url.searchParams.get('redirect_to'), ctx.request.headers.get('referer'));

  const existing = await findUserByEmail(ctx.platform.db, email);
  if (existing?.email_confirmed_at) return ok(obfuscatedUser(email, data));
  if (existing) checkMailFrequency(ctx, existing.confirmation_sent_at);
  // Hashing happens before the transaction: PGlite has one connection and bcrypt takes ~70 ms.
  const passwordHash = existing ? null : await hashPassword(password);
  ctx.limiter.enforceEmail();

  let issued: IssuedLink | undefined;
  let userJson: Record<string, unknown>;
  try {
    ({issued, userJson} = await ctx.platform.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email, true);
      if (user?.email_confirmed_at) return {issued: undefined, userJson: obfuscatedUser(email, data)};
      if (!user) {
        const claims = {email, email_verified: false, phone_verified: false};
        const metadata = {...data, ...claims, sub: ''};
        user = await insertUser(tx, {
          email,
          passwordHash,
          userMetadata: metadata,
          appMetadata: EMAIL_PROVIDER,
          confirmed: false,
          identityData: {...data, ...claims},
        });
      }
      // An unconfirmed account is left as it is (the caller has not proven they own it); only
      // the confirmation mail goes out again.
      const link = await issueLinkToken(tx, user, 'confirmation', pkce);
      return {issued: link, userJson: await loadUserJson(tx, await reloadUser(tx, user.id))};
    }));
  } catch (error) {
    // Two sign-ups for one address racing on a PostgreSQL server: the loser sees the winner's row.
    if (isPgError(error) && error.code === '23505') return ok(obfuscatedUser(email, data));
    throw error;
  }
  if (issued) await mailLink(ctx, issued, redirectTo);
  return ok(userJson);
}

/** What GoTrue answers for an already registered address so sign-up cannot enumerate accounts. */
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
