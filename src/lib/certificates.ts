// What the certificate page derives from a certificate: its code from the address, the public
// verification URL, the "Add to LinkedIn" link and the date as printed. Pure, so it is unit-tested.
import {SITE_TITLE} from '../config/site';
import {formatLongDate} from './longDate';

/** Certificate codes are 32 lower-case hex digits. */
export const CERTIFICATE_CODE = /^[0-9a-f]{32}$/;

export function certificatePath(code: string): string {
  return `/certificates/${code}`;
}

/** The code in `/certificates/<code>` or `/certificates?code=<code>`, or null. */
export function codeFromLocation(pathname: string, search: string): string | null {
  const fromPath = /^\/certificates\/([^/]+)\/?$/.exec(pathname)?.[1];
  const raw = fromPath ? decodeURIComponent(fromPath) : new URLSearchParams(search).get('code');
  if (!raw) return null;
  return raw.trim().toLowerCase();
}

export function isCertificateCode(code: string): boolean {
  return CERTIFICATE_CODE.test(code);
}

export function verificationUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/certificates/${code}`;
}

/** Issue date as printed on the certificate, e.g. "23 November 2026" (the UTC date it was issued). */
export function formatIssueDate(issuedAt: string): string {
  return formatLongDate(new Date(issuedAt));
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
