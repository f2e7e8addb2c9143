// supabase/config.toml, read with a real TOML parser: the settings a hosted project gets from
// `supabase config push` that local-supabase honours too (auth URLs, functions' verify_jwt, the
// API's max_rows).
import fs from 'node:fs';
import {parse} from 'smol-toml';

export interface ProjectConfig {
  /** `[auth] site_url`, if set. */
  siteUrl: string | undefined;
  /** `[auth] additional_redirect_urls`: GoTrue's redirect allow list (globs). */
  additionalRedirectUrls: string[];
  /** `[functions.<name>] verify_jwt`; a function not listed verifies JWTs. */
  verifyJwt: Map<string, boolean>;
  /** `[api] max_rows`: the most rows one REST response returns, if set. */
  maxRows: number | undefined;
}

function table(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Parses config.toml text; a malformed file or a wrongly typed setting is a start-up error. */
export function parseProjectConfig(text: string, file = 'config.toml'): ProjectConfig {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const auth = table(doc.auth);
  const siteUrl = auth.site_url;
  if (siteUrl !== undefined && typeof siteUrl !== 'string') throw new Error(`${file}: [auth] site_url must be a string`);
  const extra = auth.additional_redirect_urls ?? [];
  if (!Array.isArray(extra) || !extra.every((u) => typeof u === 'string')) {
    throw new Error(`${file}: [auth] additional_redirect_urls must be a list of strings`);
  }
  const verifyJwt = new Map<string, boolean>();
  for (const [name, settings] of Object.entries(table(doc.functions))) {
    const value = table(settings).verify_jwt;
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new Error(`${file}: [functions.${name}] verify_jwt must be true or false`);
    verifyJwt.set(name, value);
  }
  const maxRows = table(doc.api).max_rows;
  if (maxRows !== undefined && !(Number.isSafeInteger(maxRows) && (maxRows as number) > 0)) {
    throw new Error(`${file}: [api] max_rows must be a positive whole number`);
  }
  return {siteUrl, additionalRedirectUrls: extra as string[], verifyJwt, maxRows: maxRows as number | undefined};
}

/** `<supabaseDir>/config.toml`, or empty settings when the project has none. */
export function readProjectConfig(file: string): ProjectConfig {
  if (!fs.existsSync(file)) return {siteUrl: undefined, additionalRedirectUrls: [], verifyJwt: new Map(), maxRows: undefined};
  return parseProjectConfig(fs.readFileSync(file, 'utf8'), file);
}
