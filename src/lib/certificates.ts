// Where a certificate lives and what its page derives from it: the one verification address
// (printed on the PNG, shown on the page, sent to LinkedIn, linked from /progress, Account
// Settings and the admin list), the code read back from an address, the "Add to LinkedIn" link
// and the date as printed. Pure (no site config import), so it is unit-tested and the build
// plugin that writes the 404 page's redirect (plugins/certificate-links) uses it too.
import {SITE_TITLE} from '../config/site';
import {formatLongDate} from './longDate';
import {CERTIFICATE_CODE_PARAM} from '../../shared/certificateAddress';

/** Certificate codes are 32 lower-case hex digits. */
export const CERTIFICATE_CODE = /^[0-9a-f]{32}$/;

// The address itself lives in shared/, where the certificate-earned mail builds it too.
export {CERTIFICATE_PAGE, certificatePath, certificateUrl, type SiteAddress} from '../../shared/certificateAddress';

/**
 * The address certificates had before, `/certificates/<code>`, still printed on PNGs and saved on
 * LinkedIn profiles. Relative to the base URL; any case, with or without a trailing slash.
 */
export const LEGACY_CERTIFICATE_PATH = /^certificates\/([0-9a-fA-F]{32})\/?$/;

/** The code in an old `/certificates/<code>` address (pathname including the base URL), or null. */
export function legacyCertificateCode(pathname: string, baseUrl = '/'): string | null {
  if (!pathname.startsWith(baseUrl)) return null;
  return LEGACY_CERTIFICATE_PATH.exec(pathname.slice(baseUrl.length))?.[1]?.toLowerCase() ?? null;
}

/** The code in `/certificates/?code=<code>` (or an old `/certificates/<code>`), or null. */
export function codeFromLocation(pathname: string, search: string): string | null {
  const fromPath = /^\/certificates\/([^/]+)\/?$/.exec(pathname)?.[1];
  const raw = fromPath ? decodeURIComponent(fromPath) : new URLSearchParams(search).get(CERTIFICATE_CODE_PARAM);
  if (!raw) return null;
  return raw.trim().toLowerCase();
}

export function isCertificateCode(code: string): boolean {
  return CERTIFICATE_CODE.test(code);
}

/** Issue date as printed on the certificate, e.g. "23 November 2026" (the UTC date it was issued). */
export function formatIssueDate(issuedAt: string): string {
  return formatLongDate(new Date(issuedAt));
}

/** A check's score or the pass mark, in percent as the grading function gives it (e.g. "83.33%"). */
export function formatScore(percent: number): string {
  return `${Math.round(percent * 100) / 100}%`;
}

/**
 * LinkedIn's public "Add to profile" link for a certification
 * (https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&…): the certificate's name,
 * the issuing organisation by name, issue year and month, the verification URL and the code as
 * the credential id.
 */
export function linkedInAddUrl(input: {courseTitle: string; issuedAt: string; certUrl: string; code: string}): string {
  const issued = new Date(input.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: `${input.courseTitle} (course certificate)`,
    organizationName: SITE_TITLE,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.certUrl,
    certId: input.code,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
