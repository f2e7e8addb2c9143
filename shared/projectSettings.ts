// The settings of supabase/config.toml that code outside local-supabase needs, read without
// loading the emulator: the site build takes the password minimum GoTrue enforces from here, and
// local-supabase's own reader (local-supabase/projectConfig.ts) uses the same rule for it.
import fs from 'node:fs';
import {parse} from 'smol-toml';

/** The Supabase CLI's default `[auth] minimum_password_length`. */
export const DEFAULT_MINIMUM_PASSWORD_LENGTH = 6;
/** The variable the CLI hands GoTrue for it; set, it overrides the file for one run (tests use it). */
export const MINIMUM_PASSWORD_LENGTH_ENV = 'GOTRUE_PASSWORD_MIN_LENGTH';

/** `[auth] minimum_password_length` from config.toml's `[auth]` table, the variable winning. */
export function minimumPasswordLength(auth: Record<string, unknown>, env: NodeJS.ProcessEnv, file: string): number {
  const fromEnv = env[MINIMUM_PASSWORD_LENGTH_ENV];
  const set = fromEnv !== undefined && fromEnv !== '';
  const value = set ? Number(fromEnv) : auth.minimum_password_length;
  if (value === undefined) return DEFAULT_MINIMUM_PASSWORD_LENGTH;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(set ? `${MINIMUM_PASSWORD_LENGTH_ENV} must be a non-negative number` : `${file}: [auth] minimum_password_length must be a non-negative number`);
  }
  return value;
}

export interface SiteAuthSettings {
  minimumPasswordLength: number;
}

/** What the site's forms check before GoTrue does, from `file` (the CLI's defaults when it is missing). */
export function readSiteAuthSettings(file: string, env: NodeJS.ProcessEnv = process.env): SiteAuthSettings {
  const doc = fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8')) : {};
  const auth = doc.auth !== null && typeof doc.auth === 'object' && !Array.isArray(doc.auth) ? (doc.auth as Record<string, unknown>) : {};
  return {minimumPasswordLength: minimumPasswordLength(auth, env, file)};
}
