// GoTrue's secure e-mail change (api/user.go sendEmailChange, api/verify.go emailChangeVerify).
// PUT /user {email} stores the new address in users.email_change and mails a link to it; with
// double_confirm_changes the current address gets its own link and both must be followed (the
// first answers "Confirmation link accepted"); without it the current address gets nothing, as
// from GoTrue. Both links use the one email_change template. The account keeps the old address
// until the change completes.
import type {Queryable} from '../db/database';
import {isPgError} from '../db/database';
import type {AuthContext} from './context';
import {forbidden, unprocessable} from './errors';
import {OTP_EXPIRY_SECONDS, verifyLink} from './links';
import {notifyOnSuccess} from './notify';
import {newOtp, tokenHash} from './tokens';
import {findUserByEmail, findUserById, storeOneTimeToken, type UserRow} from './users';

/** GoTrue's answer when one of two required links has been followed. */
export const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const EMAIL_EXISTS = 'A user with this email address has already been registered';

interface PendingChange {
  newEmail: string;
  newToken: string;
  newOtp: string;
  current?: {email: string; token: string; otp: string};
}

/** Records the pending change inside the caller's transaction; mail it with mailEmailChange after commit. */
export async function startEmailChange(ctx: AuthContext, tx: Queryable, user: UserRow, newEmail: string): Promise<PendingChange> {
  const other = await findUserByEmail(tx, newEmail);
  if (other && other.id !== user.id) throw unprocessable('email_exists', EMAIL_EXISTS);
  ctx.limiter.enforceMail('email_change', user.email ? [user.email, newEmail] : [newEmail]);
  const otpNew = newOtp();
  const change: PendingChange = {newEmail, newOtp: otpNew, newToken: tokenHash(newEmail, otpNew)};
  if (ctx.settings.doubleConfirmChanges && user.email) {
    const otpCurrent = newOtp();
    change.current = {email: user.email, otp: otpCurrent, token: tokenHash(user.email, otpCurrent)};
  }
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
        email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
      where id = $1`,
    [user.id, newEmail, change.newToken, change.current?.token ?? ''],
  );
  await storeOneTimeToken(tx, user.id, 'email_change_token_new', change.newToken, newEmail);
  if (change.current) await storeOneTimeToken(tx, user.id, 'email_change_token_current', change.current.token, change.current.email);
  else await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_token_current'`, [user.id]);
  return change;
}

export async function mailEmailChange(ctx: AuthContext, user: UserRow, change: PendingChange, redirectTo: string): Promise<void> {
  const mail = (to: string, token: string, otp: string) =>
    ctx.platform.mail.send(
      ctx.mailer.render('email_change', {
        to,
        email: user.email ?? '',
        newEmail: change.newEmail,
        confirmationUrl: verifyLink(ctx, token, 'email_change', redirectTo),
        token: otp,
        tokenHash: token,
        redirectTo,
        data: user.raw_user_meta_data,
      }),
    );
  await mail(change.newEmail, change.newToken, change.newOtp);
  if (change.current) await mail(change.current.email, change.current.token, change.current.otp);
}

export type EmailChangeOutcome = {kind: 'single'} | {kind: 'done'; user: UserRow};

/**
 * Applies a followed e-mail-change link (its token hash). With double confirmation the first of
 * the two links only records itself; the second, or the only one, moves the account to the new
 * address. Throws otp_expired when the token is unknown, used or stale.
 */
export async function confirmEmailChange(ctx: AuthContext, tx: Queryable, token: string, message: string): Promise<EmailChangeOutcome> {
  const {rows} = token
    ? await tx.query<{id: string; email_change_sent_at: Date | null; new_token: string; current_token: string; status: number}>(
        `select id, email_change_sent_at, coalesce(email_change_token_new, '') as new_token,
                coalesce(email_change_token_current, '') as current_token, coalesce(email_change_confirm_status, 0)::int as status
           from auth.users
          where deleted_at is null and coalesce(email_change, '') <> ''
            and (email_change_token_new = $1 or email_change_token_current = $1)
          limit 1 for update`,
        [token],
      )
    : {rows: []};
  const found = rows[0];
  const sent = found?.email_change_sent_at;
  if (!found || !sent || Date.now() > sent.getTime() + OTP_EXPIRY_SECONDS * 1000) throw forbidden('otp_expired', message);
  const user = await findUserById(tx, found.id, true);
  if (!user) throw forbidden('otp_expired', message);
  const column = found.new_token === token ? 'email_change_token_new' : 'email_change_token_current';
  if (ctx.settings.doubleConfirmChanges && found.status === 0 && user.email && found.current_token !== '') {
    await tx.query(`update auth.users set email_change_confirm_status = 1, ${column} = '', updated_at = now() where id = $1`, [user.id]);
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`, [user.id, column]);
    return {kind: 'single'};
  }
  const newEmail = user.email_change as string;
  try {
    await tx.query(
      `update auth.users
          set email = $2::text, email_change = '', email_change_token_new = '', email_change_token_current = '',
              email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()),
              raw_user_meta_data = case when raw_user_meta_data ? 'email'
                                        then raw_user_meta_data || jsonb_build_object('email', $2::text)
                                        else raw_user_meta_data end,
              updated_at = now()
        where id = $1`,
      [user.id, newEmail],
    );
  } catch (error) {
    // Someone registered the address while the change waited for its links.
    if (isPgError(error) && error.code === '23505') throw unprocessable('email_exists', EMAIL_EXISTS);
    throw error;
  }
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [user.id, newEmail],
  );
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`,
    [user.id],
  );
  const updated = await findUserById(tx, user.id);
  // GoTrue mails the notice to the address the account had, where its owner still reads mail.
  notifyOnSuccess(ctx, 'email_changed', {to: user.email ?? '', email: newEmail, oldEmail: user.email ?? '', data: updated?.raw_user_meta_data});
  return {kind: 'done', user: updated ?? user};
}
