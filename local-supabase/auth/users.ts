// auth.users and auth.identities access. Every write takes a Queryable so callers can keep all
// writes of one request inside one transaction.
import {randomUUID} from 'node:crypto';
import type {Queryable} from '../db/database';

/** GoTrue writes and filters on this instance id. */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
export const AUDIENCE = 'authenticated';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token,
  confirmation_sent_at, recovery_token, recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at, confirmed_at,
  banned_until, deleted_at, is_anonymous`;

/** Rows inserted by seed scripts may carry a NULL instance id; GoTrue-written rows carry the zero UUID. */
const IN_INSTANCE = `coalesce(instance_id, '${INSTANCE_ID}') = '${INSTANCE_ID}'`;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Queryable, email: string, forUpdate = false): Promise<UserRow | undefined> {
  const {rows} = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where ${IN_INSTANCE} and lower(email) = $1 and is_sso_user = false and deleted_at is null
      limit 1${forUpdate ? ' for update' : ''}`,
    [normalizeEmail(email)],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const {rows} = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

/** Users holding a link token; NULL and '' never match because the token is non-empty. */
export async function findUserByToken(
  db: Queryable,
  column: 'confirmation_token' | 'recovery_token',
  token: string,
): Promise<UserRow | undefined> {
  if (!token) return undefined;
  const {rows} = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${IN_INSTANCE} and ${column} = $1 and deleted_at is null limit 1 for update`,
    [token],
  );
  return rows[0];
}

export async function identitiesOf(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const {rows} = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function factorsOf(db: Queryable, userId: string): Promise<FactorRow[]> {
  const {rows} = await db.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, created_at, updated_at,
            secret, phone, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  confirmed: boolean;
  confirmationToken?: string;
  /** The identity's claims; GoTrue keeps sub/email/email_verified/phone_verified there. */
  identityData: Record<string, unknown>;
  id?: string;
}

export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const id = user.id ?? randomUUID();
  const identityData = {...user.identityData, sub: id};
  const userMetadata = {...user.userMetadata};
  if ('sub' in userMetadata) userMetadata.sub = id;
  const {rows} = await tx.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        confirmation_token, confirmation_sent_at, recovery_token, email_change_token_new, email_change,
        raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous)
     values ($1::uuid, $2::uuid, $3::text, $3::text, $4::text, $5::text, case when $6::boolean then now() end, $7::text,
        case when $7::text <> '' then now() end, '', '', '',
        $8::jsonb, $9::jsonb, false, now(), now(), false)
     returning ${USER_COLUMNS}`,
    [
      INSTANCE_ID,
      id,
      AUDIENCE,
      normalizeEmail(user.email),
      user.passwordHash ?? '',
      user.confirmed,
      user.confirmationToken ?? '',
      JSON.stringify(user.appMetadata),
      JSON.stringify(userMetadata),
    ],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
    [id, JSON.stringify(identityData)],
  );
  return rows[0] as UserRow;
}

export async function reloadUser(tx: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(tx, id);
  if (!user) throw new Error(`user ${id} vanished inside its transaction`);
  return user;
}

/** Marks the e-mail confirmed the way GoTrue's User.Confirm does. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
            updated_at = now()
      where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`, [userId]);
}

/**
 * GoTrue's UpdateUserMetaData / UpdateAppMetaData: keys merge one by one and a null value removes
 * the key.
 */
export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = {...(current ?? {})};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

export function isBanned(user: UserRow, now = new Date()): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > now.getTime();
}

/** Records a link token in auth.one_time_tokens, GoTrue's index of outstanding tokens. */
export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

export async function storeOneTimeToken(
  tx: Queryable,
  userId: string,
  type: OneTimeTokenType,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       updated_at = now()`,
    [randomUUID(), userId, type, hash, relatesTo],
  );
}

export const EMAIL_PROVIDER = {provider: 'email', providers: ['email']};

/**
 * A user of the e-mail provider as GoTrue's signupNewUser makes one (sign-up, magic link, e-mail
 * code): the claims ride in the user and identity metadata next to the caller's data.
 * Admin generate_link's sign-up and invitations (/invite, generate_link invite) put them in the
 * identity only (`claimsInIdentityOnly`): their user_metadata is the caller's data and nothing else.
 */
export function insertEmailUser(
  tx: Queryable,
  email: string,
  passwordHash: string | null,
  data: Record<string, unknown>,
  confirmed: boolean,
  options: {claimsInIdentityOnly?: boolean} = {},
): Promise<UserRow> {
  const claims = {email, email_verified: confirmed, phone_verified: false};
  return insertUser(tx, {
    email,
    passwordHash,
    userMetadata: options.claimsInIdentityOnly ? {...data} : {...data, ...claims, sub: ''},
    appMetadata: EMAIL_PROVIDER,
    confirmed,
    identityData: {...data, ...claims},
  });
}
