// A certificate's public verification address: the one home of its shape, for the site (page,
// PNG, LinkedIn link, admin list) and the certificate-earned mail. Plain TypeScript without
// imports, so Deno (Edge Functions), Node and the site bundle load it.

/**
 * The verification page, with the code in the query: `/certificates/?code=<code>`.
 *
 * Why this shape: codes are unbounded, so the build cannot write a page per certificate, and an
 * address with the code in the path (`/certificates/<code>`) has no file behind it: every plain
 * static host (and `docusaurus serve`) answers it with 404.html and HTTP 404, and link previews
 * and crawlers see "Page Not Found". The query string never takes part in finding the file, so
 * this address is build/certificates/index.html on any host, with HTTP 200 and its own title,
 * and the page reads the code in the browser. The trailing slash names that file directly: a
 * host that would redirect `/certificates` to `/certificates/` first cannot drop the code.
 */
export const CERTIFICATE_PAGE = '/certificates/';
export const CERTIFICATE_CODE_PARAM = 'code';

/** The verification address inside the site (for links; Docusaurus's Link adds the base URL). */
export function certificatePath(code: string): string {
  return `${CERTIFICATE_PAGE}?${new URLSearchParams({[CERTIFICATE_CODE_PARAM]: code}).toString()}`;
}

/** The site's public address as docusaurus.config.ts has it (`url` from SITE_URL, `baseUrl`). */
export interface SiteAddress {
  url: string;
  baseUrl: string;
}

/** The absolute verification URL, on the configured site URL whatever host is showing the page. */
export function certificateUrl(site: SiteAddress, code: string): string {
  const base = `${site.url.replace(/\/+$/, '')}/${site.baseUrl.replace(/^\/+/, '')}`;
  return new URL(certificatePath(code).slice(1), base.endsWith('/') ? base : `${base}/`).toString();
}
