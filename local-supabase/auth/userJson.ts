// GoTrue's User JSON (models/user.go json tags): omitempty fields vanish when unset,
// `identities` is always present, `factors` only when there are some.
import type {Queryable} from '../db/database';
import {factorsOf, identitiesOf, type FactorRow, type IdentityRow, type UserRow} from './users';

type Json = Record<string, unknown>;

const iso = (d: Date | null | undefined): string | undefined => (d ? d.toISOString() : undefined);

function put(target: Json, key: string, value: unknown): void {
  if (value !== undefined && value !== null && value !== '') target[key] = value;
}

export function identityJson(identity: IdentityRow): Json {
  return {
    // GoTrue deliberately swaps the names: `id` is the provider's id, `identity_id` the row id.
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at) ?? null,
    created_at: iso(identity.created_at) ?? null,
    updated_at: iso(identity.updated_at) ?? null,
    email: identity.email ?? '',
  };
}

export function factorJson(factor: FactorRow): Json {
  const out: Json = {id: factor.id};
  put(out, 'friendly_name', factor.friendly_name);
  out.factor_type = factor.factor_type;
  out.status = factor.status;
  out.created_at = iso(factor.created_at);
  out.updated_at = iso(factor.updated_at);
  out.phone = factor.phone ?? '';
  out.last_challenged_at = iso(factor.last_challenged_at) ?? null;
  return out;
}

export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[]): Json {
  const out: Json = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
  };
  put(out, 'email_confirmed_at', iso(user.email_confirmed_at));
  put(out, 'invited_at', iso(user.invited_at));
  out.phone = user.phone ?? '';
  put(out, 'phone_confirmed_at', iso(user.phone_confirmed_at));
  put(out, 'confirmation_sent_at', iso(user.confirmation_sent_at));
  put(out, 'confirmed_at', iso(user.confirmed_at));
  put(out, 'recovery_sent_at', iso(user.recovery_sent_at));
  put(out, 'new_email', user.email_change);
  put(out, 'email_change_sent_at', iso(user.email_change_sent_at));
  put(out, 'last_sign_in_at', iso(user.last_sign_in_at));
  out.app_metadata = user.raw_app_meta_data ?? {};
  out.user_metadata = user.raw_user_meta_data ?? {};
  out.identities = identities.map(identityJson);
  if (factors.length > 0) out.factors = factors.map(factorJson);
  out.created_at = iso(user.created_at);
  out.updated_at = iso(user.updated_at);
  put(out, 'banned_until', iso(user.banned_until));
  put(out, 'deleted_at', iso(user.deleted_at));
  out.is_anonymous = user.is_anonymous;
  return out;
}

/** Loads identities and factors and renders the user. */
export async function loadUserJson(db: Queryable, user: UserRow): Promise<Json> {
  const [identities, factors] = [await identitiesOf(db, user.id), await factorsOf(db, user.id)];
  return userJson(user, identities, factors);
}
