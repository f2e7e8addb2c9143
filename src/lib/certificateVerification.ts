// Certificate verification service: what verify_certificate answers anyone holding a code, and
// whether the signed-in user owns that certificate. Ownership is the database's answer: the
// owner's own row of public.certificates is readable under row-level security (a visitor's
// session reads nothing; the anonymous key has no grant at all), so the page never decides it from
// anything the browser could claim.
import {errorMessage} from './data/errorText';
import type {Json} from '../../shared/database.types';
import * as J from './jsonAnswer';
import type {DatabaseClient} from './supabase';
import type {Result} from './data/result';

export const VERIFY_ERROR = 'The certificate could not be checked.';

/** One knowledge check the certificate certifies, as recorded when it was issued. */
export interface CertifiedCheck {
  lessonSlug: string;
  lessonTitle: string;
  /** Percent. */
  score: number;
  passedAt: string;
}

export interface Verification {
  fullName: string;
  courseTitle: string;
  courseSlug: string;
  issuedAt: string;
  status: 'valid' | 'revoked';
  /** When it was revoked; null while it stands. The reason is never public (it may be private). */
  revokedAt: string | null;
  /** The pass mark (percent) each check was passed against; null if it was not recorded. */
  passMark: number | null;
  checks: CertifiedCheck[];
}

function certifiedCheck(value: Json | undefined): CertifiedCheck {
  const check = J.object(value);
  return {lessonSlug: J.string(check.lesson_slug), lessonTitle: J.string(check.lesson_title), score: J.number(check.score), passedAt: J.string(check.passed_at)};
}

/** Public verification; data is null when no certificate has this code. */
export async function verifyCertificate(client: DatabaseClient, code: string): Promise<Result<Verification | null>> {
  try {
    const {data, error} = await client.rpc('verify_certificate', {p_code: code}).maybeSingle();
    if (error) return {data: null, error: errorMessage(error, VERIFY_ERROR)};
    if (!data) return {data: null, error: null};
    const checks = J.parseAnswer(data.checks, (value) => J.array(value).map(certifiedCheck));
    if (!checks) return {data: null, error: VERIFY_ERROR};
    return {
      data: {
        fullName: data.full_name,
        courseTitle: data.course_title,
        courseSlug: data.course_slug,
        issuedAt: data.issued_at,
        status: data.status === 'revoked' ? 'revoked' : 'valid',
        // Absent from an answer of a server older than 20261126000900_admin_tables.sql.
        revokedAt: data.revoked_at ?? null,
        // Typegen types RETURNS TABLE columns as non-null; the pass mark is null on a row issued
        // before it was recorded.
        passMark: data.pass_mark ?? null,
        checks,
      },
      error: null,
    };
  } catch (error) {
    return {data: null, error: errorMessage(error, VERIFY_ERROR)};
  }
}

/**
 * Whether `userId` (the signed-in user) owns the certificate: their own row, read under RLS.
 * Filtered by user as well as code because administrators may read every row.
 * Any failure answers false: the page then shows the verification only.
 */
export async function ownsCertificate(client: DatabaseClient, code: string, userId: string): Promise<boolean> {
  try {
    const {data, error} = await client.from('certificates').select('code').eq('code', code).eq('user_id', userId).maybeSingle();
    return !error && data?.code === code;
  } catch {
    return false;
  }
}
