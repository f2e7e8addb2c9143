// POST /otp (signInWithOtp): passwordless sign-in by e-mail. A confirmed account gets a magic
// link whose 6-digit code verifyOtp accepts as type `email` or `magiclink`; an unknown address
// becomes an account (unless create_user is false or sign-ups are off) and gets the confirmation
// mail instead, which signs in the same way. Phone OTP answers GoTrue's error for a disabled
// phone provider.
import {isPgError} from '../db/database';
import type {AuthContext} from './context';
import {badRequest, unprocessable, validationFailed} from './errors';
import {ok, optionalBoolean, optionalObject, optionalString, readJson} from './http';
import {issueLinkToken, mailLink, type IssuedLink} from './links';
import {parsePkceParams} from './pkce';
import {requestedRedirect} from './redirects';
import {findUserByEmail, insertEmailUser} from './users';
import {validateEmail} from './validation';
import {validatePhone} from './phone';

const OTP_SIGNUPS_OFF = 'Signups not allowed for otp';

export async function otp(ctx: AuthContext): Promise<Response> {
  const body = await readJson(ctx.request);
  const rawEmail = optionalString(body, 'email') ?? '';
  const rawPhone = optionalString(body, 'phone') ?? '';
  const createUser = optionalBoolean(body, 'create_user') ?? true;
  const data = optionalObject(body, 'data') ?? {};
  if (rawEmail !== '' && rawPhone !== '') throw validationFailed('Only an email address or phone number should be provided');
  if (rawEmail !== '' && optionalString(body, 'channel')) throw validationFailed('Channel should only be specified with Phone OTP');
  const pkce = parsePkceParams(body);
  if (rawPhone !== '') {
    validatePhone(rawPhone);
    // No account can have a phone here, so "only existing users" finds nobody.
    if (!createUser) throw unprocessable('otp_disabled', OTP_SIGNUPS_OFF);
    throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  }
  if (rawEmail === '') throw validationFailed('One of email or phone must be set');
  const email = validateEmail(rawEmail);
  if (!ctx.settings.emailProviderEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
  const existing = await findUserByEmail(ctx.platform.db, email);
  if (!existing && !createUser) throw unprocessable('otp_disabled', OTP_SIGNUPS_OFF);
  if (!existing && !ctx.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const redirectTo = requestedRedirect(ctx);
  ctx.limiter.admitMail('magiclink', [email]);

  let issued: IssuedLink | undefined;
  try {
    issued = await ctx.platform.db.transaction(async (tx) => {
      const user =
        (await findUserByEmail(tx, email, true)) ?? (await insertEmailUser(tx, email, null, data, !ctx.settings.enableConfirmations));
      ctx.limiter.spendMailQuota();
      return issueLinkToken(tx, user, user.email_confirmed_at ? 'magiclink' : 'confirmation', pkce);
    });
  } catch (error) {
    // A concurrent sign-up created the account first; that request mails it.
    if (!(isPgError(error) && error.code === '23505')) throw error;
  }
  if (issued) await mailLink(ctx, issued, redirectTo);
  return ok({});
}
