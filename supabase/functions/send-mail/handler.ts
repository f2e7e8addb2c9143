// POST (service role only): drains the transactional mail outbox. Hosted, pg_cron calls it every
// minute through pg_net (supabase/README.md, Transactional mail); locally, local-supabase calls it
// on a schedule and right after a function has run. Each run first enqueues the renewal reminders
// that have come due, then claims the due mails (a lease, so overlapping runs never send one
// twice), renders and sends each by SMTP, and marks it sent, or failed with the SMTP answer: a
// failed mail is retried later with growing backoff and never dropped.
import {errorResponse, jsonResponse} from '../_shared/http.ts';
import {guarded} from '../_shared/guard.ts';
import {isMailKind, renderMail} from '../_shared/mailMessages.ts';
import {MailConfigError, smtpSender} from '../_shared/mailSmtp.ts';
import {secretKey} from '../_shared/keys.ts';
import {DatabaseError, serviceClient} from '../_shared/supabase.ts';

/** At most this many mails per run; the next run takes the rest. */
const BATCH = 25;

/** Sent mail stays this long (for an operator checking a delivery), then goes: it names the recipient. */
export const SENT_MAIL_KEPT_DAYS = 30;

/** Whether the request carries the project's secret key (apikey header or bearer token). */
function fromServiceRole(request: Request, env: Record<string, string | undefined>): boolean {
  const expected = secretKey(env);
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  return [request.headers.get('apikey'), bearer].some(
    (given) => typeof given === 'string' && sameText(given, expected),
  );
}

/** Compares in time that does not depend on where the texts differ. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

export default guarded('send-mail', ['POST'], async (request, env) => {
  if (!fromServiceRole(request, env)) return errorResponse('Only the service role may send mail', 401, 'no_authorization');
  let send;
  try {
    send = smtpSender(env);
  } catch (error) {
    if (!(error instanceof MailConfigError)) throw error;
    console.error(`[send-mail] ${error.message}`);
    return errorResponse('Mail is not configured on this server', 503);
  }
  const admin = serviceClient(env);
  const reminders = await admin.rpc('enqueue_renewal_reminders');
  if (reminders.error) throw new DatabaseError('enqueueing renewal reminders', reminders.error);
  const claimed = await admin.rpc('claim_mail_batch', {p_limit: BATCH});
  if (claimed.error) throw new DatabaseError('claiming mail', claimed.error);
  let sent = 0;
  let failed = 0;
  for (const row of claimed.data ?? []) {
    let problem: string | null = null;
    try {
      if (!isMailKind(row.kind)) throw new Error(`no template for mail kind ${row.kind}`);
      const variables = row.variables !== null && typeof row.variables === 'object' && !Array.isArray(row.variables) ? row.variables : {};
      await send(row.recipient, await renderMail(row.kind, variables, env));
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const marked = problem === null
      ? await admin.rpc('mark_mail_sent', {p_id: row.id})
      : await admin.rpc('mark_mail_failed', {p_id: row.id, p_error: problem});
    // Unmarked, the row's lease runs out and the next run tries it again.
    if (marked.error) console.error(`[send-mail] mail ${row.id} not marked: ${marked.error.message}`);
    if (problem === null) sent += 1;
    else {
      failed += 1;
      console.warn(`[send-mail] mail ${row.id} (${row.kind}) not delivered: ${problem}`);
    }
  }
  const cutoff = new Date(Date.now() - SENT_MAIL_KEPT_DAYS * 86_400_000).toISOString();
  const purged = await admin.from('mail_outbox').delete().lt('sent_at', cutoff);
  if (purged.error) console.error(`[send-mail] sent mail older than ${SENT_MAIL_KEPT_DAYS} days not removed: ${purged.error.message}`);
  return jsonResponse({enqueued_reminders: reminders.data ?? 0, sent, failed});
});
