// Build-time values for the account system, read from the site config (customFields) without
// touching supabase-js, so the main bundle stays free of it.
import siteConfig from '@generated/docusaurus.config';

export interface SupabaseConfig {
  url: string;
  anonKey: string;
}

/** `[auth] minimum_password_length` of supabase/config.toml, which GoTrue enforces too. */
export function minimumPasswordLength(): number {
  const value = (siteConfig.customFields ?? {}).minimumPasswordLength;
  return typeof value === 'number' && value > 0 ? value : 6;
}

export function supabaseConfig(): SupabaseConfig {
  const fields = (siteConfig.customFields ?? {}) as {supabaseUrl?: unknown; supabaseAnonKey?: unknown};
  return {
    url: typeof fields.supabaseUrl === 'string' ? fields.supabaseUrl : 'http://127.0.0.1:54321',
    anonKey: typeof fields.supabaseAnonKey === 'string' ? fields.supabaseAnonKey : '',
  };
}
