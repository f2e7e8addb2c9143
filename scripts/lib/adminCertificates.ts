// `npm run admin -- certificate …`: the certificate commands of the admin CLI (scripts/admin.ts).
//   certificate revoke <code> --reason TEXT     revokes it (the reason is required, kept private to admins);
//                                               its public page then says "revoked on DATE"
//   certificate list                            every certificate: code, status, date, learner, course
// Runs with the service role through the same SQL function the admin page uses (revoke_certificate).
import {isJsonObject} from '../../src/lib/jsonAnswer';
import type {ServiceClient} from '../../supabase/functions/_shared/supabase';

export const CERTIFICATE_USAGE = `  certificate revoke <code> --reason TEXT
  certificate list`;

/** Runs a certificate command; `usage` builds the error for the operator's mistakes. */
export async function runCertificateCommand(admin: ServiceClient, argv: string[], usage: (message: string) => Error): Promise<string[]> {
  const args = [...argv];
  const [sub, ...rest] = args;
  if (sub === 'revoke') {
    const reasonAt = rest.indexOf('--reason');
    let reason: string | undefined;
    if (reasonAt !== -1) {
      reason = rest[reasonAt + 1];
      if (!reason) throw usage('--reason needs a value');
      rest.splice(reasonAt, 2);
    }
    const code = rest[0]?.trim().toLowerCase();
    if (!code || rest.length !== 1) throw usage(`usage: npm run admin -- certificate revoke <code> --reason TEXT`);
    if (!/^[0-9a-f]{32}$/.test(code)) throw usage('A certificate code is 32 hexadecimal digits');
    if (!reason?.trim()) throw usage('--reason is required: say why the certificate is revoked (kept private to administrators)');
    const {data, error} = await admin.rpc('revoke_certificate', {p_code: code, p_reason: reason});
    if (error) throw error.code === 'P0002' ? usage(`No certificate ${code}`) : new Error(`revoking ${code} failed: ${error.message}`);
    // revoke_certificate answers jsonb: {code, full_name, course_title, revoked_at}.
    const row = isJsonObject(data) ? data : {};
    return [`Revoked ${code} (${typeof row.full_name === 'string' && row.full_name ? row.full_name : 'no name'}, ${String(row.course_title)}) at ${String(row.revoked_at)}.`];
  }
  if (sub === 'list' && rest.length === 0) {
    const {data, error} = await admin.from('certificates').select('code, full_name, course_title, issued_at, revoked_at').order('issued_at');
    if (error) throw new Error(error.message);
    return data.map(
      (c) => `${c.code}\t${c.revoked_at ? 'revoked' : 'valid'}\t${c.issued_at.slice(0, 10)}\t${c.full_name || '(no name)'}\t${c.course_title}`,
    );
  }
  throw usage(`usage: npm run admin -- certificate <command>\n${CERTIFICATE_USAGE}`);
}
