// Which Supabase key the site build hands to the browser (docusaurus.config.ts puts it in
// customFields, which are serialised into the client bundle). The publishable key
// (sb_publishable_…, SUPABASE_PUBLISHABLE_KEY) is the one meant for it; the legacy anon JWT
// (SUPABASE_ANON_KEY) still works until the project's legacy keys are switched off, so it is
// accepted with a warning. A key that bypasses Row Level Security — a secret key (sb_secret_…) or
// a JWT whose role is not anon (the legacy service_role key) — stops the build: in a static asset
// it would be readable by anyone.

import {decodeJwt} from 'jose';

export interface PublicKeyChoice {
  key: string;
  /** Printed by the build; null when nothing needs saying. */
  warning: string | null;
}

export class SecretKeyInBuildError extends Error {}

/** The `role` of a JWT-shaped key, without verifying it (only its shape matters here). */
function jwtRole(key: string): string | null {
  try {
    const role = decodeJwt(key).role;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

/** Why `key` must never reach a browser, or null when it may. */
export function secretKeyProblem(key: string): string | null {
  if (key.startsWith('sb_secret_')) return 'it is a secret key (sb_secret_…)';
  const role = jwtRole(key);
  if (role !== null && role !== 'anon') return `it is a JWT with role "${role}" (the legacy ${role === 'service_role' ? 'service_role' : 'non-public'} key)`;
  return null;
}

export function publicSupabaseKey(env: Record<string, string | undefined>): PublicKeyChoice {
  const publishable = env.SUPABASE_PUBLISHABLE_KEY?.trim() || '';
  const legacy = env.SUPABASE_ANON_KEY?.trim() || '';
  const name = publishable ? 'SUPABASE_PUBLISHABLE_KEY' : 'SUPABASE_ANON_KEY';
  const key = publishable || legacy;
  const problem = key ? secretKeyProblem(key) : null;
  if (problem) {
    throw new SecretKeyInBuildError(
      `${name} must be the project's publishable key, but ${problem}. It would be readable by anyone in the built site: ` +
        'use the publishable key (sb_publishable_…, dashboard: Project Settings → API Keys), and keep secret keys to scripts and functions.',
    );
  }
  const warning = !publishable && legacy
    ? 'SUPABASE_ANON_KEY is the legacy anon key and stops working when the project’s legacy API keys are disabled; set SUPABASE_PUBLISHABLE_KEY (sb_publishable_…) instead.'
    : null;
  return {key, warning};
}
