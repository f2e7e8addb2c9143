// GET /reauthenticate (GoTrue api/reauthenticate.go): mails the signed-in user a 6-digit nonce
// that PUT /user accepts as proof of presence for a password change (secure_password_change).
import type {Queryable} from '../db/database';
import type {UserContext} from './context';
import {unprocessable, validationFailed} from './errors';
import {ok} from './http';
import {OTP_EXPIRY_SECONDS} from './links';
import {newOtp, tokenHash} from './tokens';
import {storeOneTimeToken, type UserRow} from './users';

const INVALID_NONCE = 'Nonce has expired or is invalid';

export async function reauthenticate(ctx: UserContext): Promise<Response> {
  const {user} = ctx.caller;
  if (!user.email) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  ctx.limiter.enforceMail('reauthentication', [user.email]);
  const otp = newOtp();
  await ctx.platform.db.transaction(async (tx) => {
    const hash = tokenHash(user.email as string, otp);
    await tx.query(
      `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, hash],
    );
    await storeOneTimeToken(tx, user.id, 'reauthentication_token', hash, user.email as string);
  });
  await ctx.platform.mail.send(
    ctx.mailer.render('reauthentication', {to: user.email, email: user.email, token: otp, data: user.raw_user_meta_data}),
  );
  return ok({});
}

/** Spends a reauthentication nonce (inside the caller's transaction), or throws GoTrue's 422. */
export async function consumeNonce(tx: Queryable, user: UserRow, nonce: string): Promise<void> {
  const {rows} = await tx.query<{token: string | null; sent: Date | null}>(
    `select reauthentication_token as token, reauthentication_sent_at as sent from auth.users where id = $1 for update`,
    [user.id],
  );
  const stored = rows[0];
  const fresh = stored?.sent && Date.now() <= stored.sent.getTime() + OTP_EXPIRY_SECONDS * 1000;
  if (!stored?.token || !fresh || !user.email || tokenHash(user.email, nonce.trim()) !== stored.token) {
    throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
  }
  await tx.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [user.id]);
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token'`, [user.id]);
}
