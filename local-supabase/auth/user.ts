// GET/PUT /user and POST /logout: the signed-in user's own account.
import type {AuthContext} from './context';
import {AuthError, forbidden, unprocessable, validationFailed} from './errors';
import {noContent, ok, optionalObject, optionalString, readJson} from './http';
import {checkPasswordStrength, hashPassword, verifyPassword} from './passwords';
import {requireUser} from './requestAuth';
import {logout, logoutAll, type LogoutScope} from './sessions';
import {loadUserJson} from './userJson';
import {findUserById, mergeMetadata, normalizeEmail} from './users';

export async function getUser(ctx: AuthContext): Promise<Response> {
  const caller = await requireUser(ctx.platform, ctx.request);
  return ok(await loadUserJson(ctx.platform.db, caller.user));
}

export async function updateUser(ctx: AuthContext): Promise<Response> {
  const caller = await requireUser(ctx.platform, ctx.request);
  ctx.limiter.enforce('otp', ctx.ip);
  const body = await readJson(ctx.request);
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data');
  const email = optionalString(body, 'email');
  if (optionalObject(body, 'app_metadata') !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  if (optionalString(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
  if (email !== undefined && email !== '' && normalizeEmail(email) !== caller.user.email) {
    throw unprocessable('email_change_not_supported', 'Changing the e-mail address is not supported by this server');
  }

  let passwordHash: string | undefined;
  if (password !== undefined) {
    checkPasswordStrength(password);
    const {rows} = await ctx.platform.db.query<{verified: number}>(
      `select count(*)::int as verified from auth.mfa_factors where user_id = $1 and status = 'verified'`,
      [caller.user.id],
    );
    if ((rows[0]?.verified ?? 0) > 0 && caller.aal !== 'aal2') {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
    if (await verifyPassword(password, caller.user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }

  const userJson = await ctx.platform.db.transaction(async (tx) => {
    const user = await findUserById(tx, caller.user.id, true);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
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
    }
    const fresh = await findUserById(tx, user.id);
    return loadUserJson(tx, fresh ?? user);
  });
  return ok(userJson);
}

export async function logoutHandler(ctx: AuthContext): Promise<Response> {
  const caller = await requireUser(ctx.platform, ctx.request);
  const scope = ctx.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') throw validationFailed(`Unsupported logout scope "${scope}"`);
  await ctx.platform.db.transaction((tx) => logout(tx, caller.user.id, caller.sessionId, scope as LogoutScope));
  return noContent();
}
