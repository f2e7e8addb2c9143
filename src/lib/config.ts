// Build-time values for the account system, read from the site config (customFields) without
// touching supabase-js, so the main bundle stays free of it.
import siteConfig from '@generated/docusaurus.config';
import {LOCAL_API_URL} from '../../shared/localPorts';

export interface SupabaseConfig {
  url: string;
  /** The project's publishable key (or, on an older build, the legacy anon key): acts as anon. */
  publishableKey: string;
}

/** `[auth] minimum_password_length` of supabase/config.toml, which GoTrue enforces too. */
export function minimumPasswordLength(): number {
  const value = (siteConfig.customFields ?? {}).minimumPasswordLength;
  return typeof value === 'number' && value > 0 ? value : 6;
}

export function supabaseConfig(): SupabaseConfig {
  const fields = (siteConfig.customFields ?? {}) as {supabaseUrl?: unknown; supabasePublishableKey?: unknown};
  return {
    url: typeof fields.supabaseUrl === 'string' ? fields.supabaseUrl : LOCAL_API_URL,
    publishableKey: typeof fields.supabasePublishableKey === 'string' ? fields.supabasePublishableKey : '',
  };
}
