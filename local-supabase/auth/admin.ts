// The admin users API that supabase.auth.admin calls with the service_role key.
import {isPgError} from '../db/database';
import {parseGoDuration} from '../goDuration';
import type {AdminContext, AuthContext} from './context';
import {notFound, unprocessable, validationFailed} from './errors';
import {isUuid, ok, optionalBoolean, optionalObject, optionalString, readJson} from './http';
import {checkPasswordStrength, hashPassword} from './passwords';
import {logoutAll} from './sessions';
import {loadUserJson, userJson} from './userJson';
import {
  AUDIENCE,
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  mergeMetadata,
  reloadUser,
  type FactorRow,
  type IdentityRow,
  type UserRow,
} from './users';
import {validateEmail} from './validation';

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

function positiveInt(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw validationFailed(`Bad Pagination Parameters: ${name} must be a positive integer`);
  return n;
}

/** GoTrue's ban_duration: a Go duration in milliseconds; 'none' lifts a ban. */
export function parseBanDuration(value: string): number | null {
  if (value === 'none') return null;
  const ms = parseGoDuration(value);
  if (ms === undefined) throw validationFailed(`invalid format for ban duration: time: invalid duration "${value}"`);
  return ms;
}

export async function listUsers(ctx: AdminContext): Promise<Response> {
  const page = positiveInt(ctx.url.searchParams.get('page'), 1, 'page');
  const perPage = Math.min(positiveInt(ctx.url.searchParams.get('per_page'), DEFAULT_PER_PAGE, 'per_page'), MAX_PER_PAGE);
  const db = ctx.platform.db;
  const {rows: countRows} = await db.query<{n: number}>(`select count(*)::int as n from auth.users where deleted_at is null`);
  const total = countRows[0]?.n ?? 0;
  const {rows: ids} = await db.query<{id: string}>(
    `select id from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const users: Record<string, unknown>[] = [];
  if (ids.length > 0) {
    const idList = ids.map((r) => r.id);
    const {rows: userRows} = await db.query<UserRow>(
      `select id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token, confirmation_sent_at,
              recovery_token, recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data,
              raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at, confirmed_at, banned_until, deleted_at,
              is_anonymous
         from auth.users where id = any($1::uuid[])`,
      [idList],
    );
    const {rows: identities} = await db.query<IdentityRow>(
      `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
         from auth.identities where user_id = any($1::uuid[]) order by created_at, id`,
      [idList],
    );
    const {rows: factors} = await db.query<FactorRow>(
      `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, created_at, updated_at,
              secret, phone, last_challenged_at
         from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at, id`,
      [idList],
    );
    const byId = new Map(userRows.map((u) => [u.id, u]));
    for (const id of idList) {
      const user = byId.get(id);
      if (!user) continue;
      users.push(userJson(user, identities.filter((i) => i.user_id === id), factors.filter((f) => f.user_id === id)));
    }
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const base = `${ctx.platform.apiUrl}/auth/v1/admin/users`;
  // Each link starts with page= right after the first '=', which is how auth-js parses it.
  const links: string[] = [];
  if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  return ok({users, aud: AUDIENCE}, 200, {'x-total-count': String(total), link: links.join(', ')});
}

async function userOr404(ctx: AuthContext, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('user_not_found', 'User not found');
  const user = await findUserById(ctx.platform.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function getUserById(ctx: AdminContext, id: string): Promise<Response> {
  const user = await userOr404(ctx, id);
  return ok(await loadUserJson(ctx.platform.db, user));
}

export async function createUser(ctx: AdminContext): Promise<Response> {
  const body = await readJson(ctx.request);
  if (optionalString(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
  const email = validateEmail(optionalString(body, 'email'));
  const password = optionalString(body, 'password');
  const emailConfirm = optionalBoolean(body, 'email_confirm') ?? false;
  const userMetadata = optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data') ?? {};
  const appMetadata = optionalObject(body, 'app_metadata') ?? {};
  const banDuration = optionalString(body, 'ban_duration');
  const banMs = banDuration ? parseBanDuration(banDuration) : null;
  if (password !== undefined) checkPasswordStrength(password, ctx.settings.minimumPasswordLength);
  if (await findUserByEmail(ctx.platform.db, email)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const passwordHash = password ? await hashPassword(password) : null;
  try {
    const json = await ctx.platform.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email,
        passwordHash,
        userMetadata,
        appMetadata: {...appMetadata, provider: 'email', providers: ['email']},
        confirmed: emailConfirm,
        identityData: {email, email_verified: emailConfirm, phone_verified: false},
      });
      if (banMs) {
        await tx.query(`update auth.users set banned_until = now() + make_interval(secs => $2) where id = $1`, [user.id, banMs / 1000]);
      }
      return loadUserJson(tx, await reloadUser(tx, user.id));
    });
    return ok(json);
  } catch (error) {
    throw emailTakenOr(error);
  }
}

/** A unique-violation on the e-mail is GoTrue's 422 email_exists; anything else is passed on. */
function emailTakenOr(error: unknown): unknown {
  if (isPgError(error) && error.code === '23505') {
    return unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  return error;
}

export async function updateUserById(ctx: AdminContext, id: string): Promise<Response> {
  const body = await readJson(ctx.request);
  await userOr404(ctx, id);
  const password = optionalString(body, 'password');
  const rawEmail = optionalString(body, 'email');
  const email = rawEmail ? validateEmail(rawEmail) : undefined;
  const emailConfirm = optionalBoolean(body, 'email_confirm');
  const userMetadata = optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data');
  const appMetadata = optionalObject(body, 'app_metadata');
  const banDuration = optionalString(body, 'ban_duration');
  const banMs = banDuration ? parseBanDuration(banDuration) : undefined;
  if (optionalString(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
  if (password !== undefined) checkPasswordStrength(password, ctx.settings.minimumPasswordLength);
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined;
  try {
    const json = await ctx.platform.db.transaction(async (tx) => {
      const user = await findUserById(tx, id, true);
      if (!user) throw notFound('user_not_found', 'User not found');
      if (email && email !== user.email) {
        const other = await findUserByEmail(tx, email);
        if (other && other.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
        await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [user.id, email]);
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, email],
        );
      }
      if (userMetadata) {
        await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)),
        ]);
      }
      if (appMetadata) {
        await tx.query(`update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata)),
        ]);
      }
      if (passwordHash) {
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, passwordHash]);
      }
      if (emailConfirm === true) await confirmEmail(tx, user.id);
      if (banMs !== undefined) {
        if (banMs === null) {
          await tx.query(`update auth.users set banned_until = null, updated_at = now() where id = $1`, [user.id]);
        } else {
          await tx.query(`update auth.users set banned_until = now() + make_interval(secs => $2), updated_at = now() where id = $1`, [
            user.id,
            banMs / 1000,
          ]);
          // A ban takes effect at once: refresh tokens die with the sessions.
          await logoutAll(tx, user.id);
        }
      }
      return loadUserJson(tx, await reloadUser(tx, user.id));
    });
    return ok(json);
  } catch (error) {
    throw emailTakenOr(error);
  }
}

export async function deleteUser(ctx: AdminContext, id: string): Promise<Response> {
  const body = await readJson(ctx.request);
  const soft = optionalBoolean(body, 'should_soft_delete') ?? false;
  await userOr404(ctx, id);
  await ctx.platform.db.transaction(async (tx) => {
    if (soft) {
      // GoTrue's soft delete keeps the row but frees the e-mail and removes every way back in.
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, encrypted_password = '', confirmation_token = '',
            recovery_token = '', raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb, updated_at = now()
          where id = $1`,
        [id],
      );
      await tx.query(`delete from auth.identities where user_id = $1`, [id]);
      await logoutAll(tx, id);
    } else {
      await tx.query(`delete from auth.refresh_tokens where user_id = $1`, [id]);
      await tx.query(`delete from auth.users where id = $1`, [id]);
    }
  });
  return ok({});
}
