// GET/PUT /user and POST /logout: the signed-in user's own account.
import type {AuthContext, UserContext} from './context';
import {mailEmailChange, startEmailChange} from './emailChange';
import {AuthError, badRequest, forbidden, unprocessable, validationFailed} from './errors';
import {noContent, ok, optionalObject, optionalString, readJson} from './http';
import {checkPasswordStrength, hashPassword, verifyPassword} from './passwords';
import {consumeNonce} from './reauthenticate';
import {requestedRedirect} from './redirects';
import {notifyOnSuccess} from './notify';
import {logout, logoutAll, type LogoutScope} from './sessions';
import {loadUserJson} from './userJson';
import {findUserById, mergeMetadata} from './users';
import {validateEmail} from './validation';

export async function getUser(ctx: UserContext): Promise<Response> {
  return ok(await loadUserJson(ctx.platform.db, ctx.caller.user));
}

export async function updateUser(ctx: UserContext): Promise<Response> {
  const {caller} = ctx;
  const body = await readJson(ctx.request);
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data');
  const rawEmail = optionalString(body, 'email');
  const nonce = optionalString(body, 'nonce') ?? '';
  if (optionalObject(body, 'app_metadata') !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  if (optionalString(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
  const email = rawEmail !== undefined && rawEmail !== '' ? validateEmail(rawEmail) : undefined;
  const changesEmail = email !== undefined && email !== caller.user.email;

  if (password !== undefined || changesEmail) {
    const {rows} = await ctx.platform.db.query<{verified: number}>(
      `select count(*)::int as verified from auth.mfa_factors where user_id = $1 and status = 'verified'`,
      [caller.user.id],
    );
    if ((rows[0]?.verified ?? 0) > 0 && caller.aal !== 'aal2') {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
  }
  let passwordHash: string | undefined;
  let needsNonce = false;
  if (password !== undefined) {
    checkPasswordStrength(password, ctx.settings.minimumPasswordLength);
    // GoTrue asks for the nonce before it compares the new password with the old one, so a
    // caller without proof learns nothing about the current password.
    needsNonce = ctx.settings.securePasswordChange && !(await isRecentSession(ctx, caller.sessionId));
    if (needsNonce && nonce === '') throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
    if (await verifyPassword(password, caller.user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }
  const redirectTo = requestedRedirect(ctx);

  const {json, change, user: before} = await ctx.platform.db.transaction(async (tx) => {
    const user = await findUserById(tx, caller.user.id, true);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    if (needsNonce) await consumeNonce(tx, user, nonce);
    if (data) {
      await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
      ]);
    }
    if (passwordHash) {
      await tx.query(
        `update auth.users set encrypted_password = $2, recovery_token = '', updated_at = now() where id = $1`,
        [user.id, passwordHash],
      );
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`, [user.id]);
      // A new password signs out every other device, as GoTrue's LogoutAllExceptMe.
      await logoutAll(tx, user.id, caller.sessionId);
      notifyOnSuccess(ctx, 'password_changed', {to: user.email ?? '', email: user.email ?? '', data: user.raw_user_meta_data});
    }
    const pending = changesEmail && email ? await startEmailChange(ctx, tx, user, email) : undefined;
    const fresh = await findUserById(tx, user.id);
    return {json: await loadUserJson(tx, fresh ?? user), change: pending, user};
  });
  if (change) await mailEmailChange(ctx, before, change, redirectTo);
  return ok(json);
}

/** GoTrue lets a session signed in within the last 24 hours change the password without a nonce. */
async function isRecentSession(ctx: AuthContext, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId) return false;
  const {rows} = await ctx.platform.db.query<{created_at: Date | null}>(`select created_at from auth.sessions where id = $1`, [sessionId]);
  const created = rows[0]?.created_at;
  return !!created && Date.now() <= created.getTime() + ctx.settings.reauthenticationWindowSeconds * 1000;
}

export async function logoutHandler(ctx: UserContext): Promise<Response> {
  const {caller} = ctx;
  const scope = ctx.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') throw validationFailed(`Unsupported logout scope "${scope}"`);
  await ctx.platform.db.transaction((tx) => logout(tx, caller.user.id, caller.sessionId, scope as LogoutScope));
  return noContent();
}
