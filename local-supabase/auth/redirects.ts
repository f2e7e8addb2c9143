// Where a link may send the browser: GoTrue's IsRedirectURLValid (site URL, then the allow list
// from config.toml), minus its blanket trust in any loopback port. Anything else falls back to
// the site URL, so a crafted link can never bounce a fresh session to a foreign origin.
import type {AuthSettings} from '../projectConfig';
import type {AuthContext} from './context';

type RedirectSettings = Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>;

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

// Control characters and spaces are never part of a URL; a browser or header would read them
// differently from the check (GoTrue refuses them for the same reason).
function hasControlOrSpace(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

function sameOrigin(a: URL, site: string): boolean {
  try {
    return a.origin === new URL(site).origin;
  } catch {
    return false; // an unparsable site URL matches nothing
  }
}

/**
 * The address to send the browser to, or null when it is not allowed: the site URL's origin, or a
 * match of an allow-list glob on the parsed URL's origin and path (never on the raw text, where
 * `http://localhost:3000@evil/` would look local). Userinfo is refused outright.
 */
export function allowedRedirect(config: RedirectSettings, candidate: string): string | null {
  if (candidate === '' || hasControlOrSpace(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  url.hash = '';
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    if (sameOrigin(url, config.siteUrl)) return url.href;
    const origin = `${url.protocol}//${url.host}`;
    const target = `${origin}${url.pathname}`;
    const allowed = config.additionalRedirectUrls.some(
      (pattern) => matchesGlob(pattern, target) || (url.pathname === '/' && matchesGlob(pattern, origin)),
    );
    return allowed ? url.href : null;
  }
  // Custom schemes (mobile deep links) must be listed; they have no origin to compare.
  const withoutFragment = candidate.split('#')[0] as string;
  return config.additionalRedirectUrls.some((pattern) => matchesGlob(pattern, withoutFragment)) ? withoutFragment : null;
}

/** redirect_to if allowed, else the Referer if allowed, else the site URL; never with a fragment. */
export function resolveRedirect(config: RedirectSettings, redirectTo: string | null | undefined, referer?: string | null): string {
  for (const candidate of [redirectTo, referer]) {
    const allowed = candidate ? allowedRedirect(config, candidate) : null;
    if (allowed) return allowed;
  }
  return config.siteUrl;
}

/** Where a link issued for this request leads: its redirect_to, else its Referer, else the site URL. */
export function requestedRedirect(ctx: AuthContext): string {
  return resolveRedirect(ctx.settings, ctx.url.searchParams.get('redirect_to'), ctx.request.headers.get('referer'));
}
