// POST /signup with e-mail confirmation on (hosted default): the session only exists after the
// link in the confirmation mail is followed. The answer is the same obfuscated user for a new, an
// unconfirmed and a confirmed address, and each path does the same slow work (one bcrypt hash),
// so neither the body nor the timing tells an attacker who has an account.
import {randomUUID} from 'node:crypto';
import {isPgError} from '../db/database';
import type {AuthContext} from './context';
import {AuthError, unprocessable, validationFailed} from './errors';
import {ok, optionalObject, optionalString, readJson} from './http';
import {issueLinkToken, mailLink, type IssuedLink} from './links';
import {checkPasswordStrength, hashPassword} from './passwords';
import {parsePkceParams} from './pkce';
import {resolveRedirect} from './redirects';
import {AUDIENCE, findUserByEmail, insertUser} from './users';
import {validateEmail} from './validation';

const EMAIL_PROVIDER = {provider: 'email', providers: ['email']};

export async function signup(ctx: AuthContext): Promise<Response> {
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

  // Hashing happens before the transaction (PGlite has one connection, bcrypt takes ~70 ms) and
  // for every address, registered or not.
  const passwordHash = await hashPassword(password);
  ctx.limiter.enforceMail('confirmation', [email]);

  let issued: IssuedLink | undefined;
  try {
    issued = await ctx.platform.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email, true);
      if (user?.email_confirmed_at) return undefined;
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
      return issueLinkToken(tx, user, 'confirmation', pkce);
    });
  } catch (error) {
    // Two sign-ups for one address racing on a PostgreSQL server: the loser sees the winner's row.
    if (!(isPgError(error) && error.code === '23505')) throw error;
  }
  if (issued) await mailLink(ctx, issued, redirectTo);
  return ok(obfuscatedUser(email, data));
}

/**
 * GoTrue's answer for an already registered address (a fresh id, no role, no identities), given
 * here for every sign-up: the real user is only ever seen through the confirmation link.
 */
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
