// Where a link may send the browser: GoTrue's IsRedirectURLValid. Anything else falls back to
// the site URL, so a crafted link can never bounce a fresh session to a foreign origin.
import type {LocalSupabaseConfig} from '../config';

/** GoTrue's globs (gobwas/glob with separators `.` and `/`): `*` stays within one segment, `**` spans any. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i] as string;
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*';
        i += 1;
      } else {
        source += '[^./]*';
      }
    } else if (ch === '?') {
      source += '[^./]';
    } else {
      source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

const compiled = new Map<string, RegExp>();
function matchesGlob(pattern: string, value: string): boolean {
  let re = compiled.get(pattern);
  if (!re) {
    re = globToRegExp(pattern);
    compiled.set(pattern, re);
  }
  return re.test(value);
}

export function isAllowedRedirect(config: LocalSupabaseConfig, candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  url.hash = '';
  const withoutFragment = candidate.split('#')[0] as string;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    try {
      if (url.origin === new URL(config.siteUrl).origin) return true;
    } catch {
      // an unparsable site URL matches nothing
    }
  }
  return config.redirectAllowList.some((pattern) => matchesGlob(pattern, withoutFragment) || matchesGlob(pattern, url.href));
}

/** redirect_to if allowed, else the Referer if allowed, else the site URL; never with a fragment. */
export function resolveRedirect(config: LocalSupabaseConfig, redirectTo: string | null | undefined, referer?: string | null): string {
  for (const candidate of [redirectTo, referer]) {
    if (candidate && isAllowedRedirect(config, candidate)) return candidate.split('#')[0] as string;
  }
  return config.siteUrl;
}
