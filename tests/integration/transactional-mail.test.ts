// Transactional mail (issue #26): every money or account event writes its mail to the outbox in
// the same transaction, send-mail delivers it by SMTP (locally: local-supabase's SMTP listener,
// which files it in the mailbox), and each mail says what the ledger says. Failures are retried,
// a rolled-back change sends nothing, no mail carries a secret, and nobody but the service role
// reads the outbox.
import {describe, expect, it} from 'vitest';
import {anonClient, backend, serviceClient, signedInUser, uniqueEmail, type MailSummary} from './clients';
import {approveOnCheckoutPage, createDiscountCode, failWritesOf, invoke, profileOf, purchase, simControl, transactionsOf} from './premiumHelpers';
import {formatLongDate} from '../../shared/longDate';
import {SITE_TITLE} from '../../shared/site';

interface Mail {
  subject: string;
  to: string;
  text: string;
  html: string;
}

/** Runs the drain as the hosted cron job does: POST with the secret key. */
async function drain(): Promise<{sent: number; failed: number}> {
  const {url, serviceRoleKey} = backend();
  const response = await fetch(`${url}/functions/v1/send-mail`, {
    method: 'POST',
    headers: {apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json'},
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {sent: number; failed: number};
}

async function mailsTo(to: string): Promise<Mail[]> {
  const {mailboxUrl} = backend();
  const search = await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
  const {messages} = (await search.json()) as {messages: MailSummary[]};
  return Promise.all(
    messages.map(async (m) => {
      const full = (await (await fetch(`${mailboxUrl}/api/v1/message/${m.ID}`)).json()) as {Subject: string; Text: string; HTML: string; To: {Address: string}[]};
      return {subject: full.Subject, to: full.To[0]?.Address ?? '', text: full.Text, html: full.HTML};
    }),
  );
}

/** Drains, then waits for the mail to arrive (a background drain may hold the row for a moment). */
async function mailArrives(to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await drain();
    const found = (await mailsTo(to)).find((m) => m.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}; mailbox has ${JSON.stringify((await mailsTo(to)).map((m) => m.subject))}`);
  }
}

async function outboxRows(userId: string): Promise<Record<string, unknown>[]> {
  const {data, error} = await serviceClient().from('mail_outbox').select('*').eq('user_id', userId).order('id');
  if (error) throw error;
  return data as Record<string, unknown>[];
}

const longDate = (iso: unknown) => formatLongDate(new Date(iso as string));

/** What must never be in a mail: the project's keys, PayPal's credentials, the user's session. */
function secrets(extra: string[] = []): string[] {
  const {serviceRoleKey, anonKey, paypal} = backend();
  return [serviceRoleKey, anonKey, paypal.PAYPAL_CLIENT_SECRET ?? '', ...extra].filter((s) => s.length >= 8);
}

function expectNoSecret(mail: Mail, extra: string[] = []): void {
  for (const secret of secrets(extra)) {
    expect(mail.text).not.toContain(secret);
    expect(mail.html).not.toContain(secret);
  }
  expect(`${mail.text}${mail.html}`).not.toMatch(/sb_secret_|sb_publishable_|access_token|refresh_token/);
}

describe('transactional mail', () => {
  it('a discounted purchase sends a receipt with the amount PayPal charged, the code and the period', async () => {
    const {client, user, email, session} = await signedInUser();
    const code = await createDiscountCode(20);
    await purchase(client, code);
    const profile = await profileOf(user.id);
    const receipt = await mailArrives(email, `Your ${SITE_TITLE} receipt`);
    expect(receipt.to).toBe(email);
    expect(receipt.text).toContain('Amount paid: $39.20 USD');
    expect(receipt.text).toContain(`Discount: ${code} (20% off)`);
    expect(receipt.text).toContain(`${longDate(profile.subscription_start_date)} to ${longDate(profile.subscription_end_date)}`);
    expect(receipt.html).toContain('<th scope="row"');
    expectNoSecret(receipt, [session?.access_token ?? '', session?.refresh_token ?? '']);
    // One receipt for one payment, however often the drain runs.
    await drain();
    expect((await mailsTo(email)).filter((m) => m.subject === receipt.subject)).toHaveLength(1);
  });

  it('a renewal, a failed payment, a cancellation and a refund each send their mail', async () => {
    const {client, user, email} = await signedInUser();
    const id = await purchase(client);
    await mailArrives(email, `Your ${SITE_TITLE} receipt`);

    await simControl(`subscriptions/${id}/renew`);
    await simControl('flush');
    const renewal = (await transactionsOf(user.id)).find((t) => t.transaction_type === 'renewal');
    expect(renewal).toBeDefined();
    await expect.poll(async () => (await drain(), (await mailsTo(email)).filter((m) => m.subject === `Your ${SITE_TITLE} receipt`).length)).toBe(2);
    const renewed = await profileOf(user.id);
    expect((await mailsTo(email)).some((m) => m.text.includes(`to ${longDate(renewed.subscription_end_date)}`))).toBe(true);

    await simControl(`subscriptions/${id}/fail-payment`);
    await simControl('flush');
    const failed = await mailArrives(email, `Your ${SITE_TITLE} payment did not go through`);
    expect(failed.text).toContain('$49.00 USD');

    expect((await invoke(client, 'cancel-subscription', {subscriptionId: id})).status).toBe(200);
    const cancelled = await mailArrives(email, `Your ${SITE_TITLE} Premium is cancelled`);
    const after = await profileOf(user.id);
    expect(cancelled.text).toContain(`You keep Premium until ${longDate(after.subscription_end_date)}`);

    await simControl(`subscriptions/${id}/refund`);
    await simControl('flush');
    const refund = await mailArrives(email, `Your ${SITE_TITLE} refund`);
    expect(refund.text).toContain('$49.00 USD for your Premium (yearly) has been refunded');
    for (const mail of await mailsTo(email)) expectNoSecret(mail);
  });

  it('reminds once before the yearly charge, with the date and amount', async () => {
    const {client, user, email} = await signedInUser();
    await purchase(client);
    // The next charge moves inside the reminder window (mail_renewal_reminder_days).
    const chargeAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const {error} = await serviceClient().from('profiles').update({subscription_end_date: chargeAt}).eq('id', user.id);
    expect(error).toBeNull();
    const reminder = await mailArrives(email, `Your ${SITE_TITLE} Premium renews on ${longDate(chargeAt)}`);
    expect(reminder.text).toContain(`On ${longDate(chargeAt)} PayPal will charge $49.00 USD`);
    await drain();
    await drain();
    expect((await mailsTo(email)).filter((m) => m.subject === reminder.subject)).toHaveLength(1);
    expect((await outboxRows(user.id)).filter((r) => r.kind === 'renewal_reminder')).toHaveLength(1);
  });

  it('a new certificate sends its public verification link', async () => {
    const {user, email} = await signedInUser();
    const admin = serviceClient();
    const {data, error: courseError} = await admin.from('courses').select('id, title').order('order_index').limit(1).single();
    if (courseError || !data) throw courseError ?? new Error('no course');
    const course = data as {id: number; title: string};
    const code = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const {error} = await admin.from('certificates').insert({code, user_id: user.id, course_id: course.id, course_title: course.title, full_name: 'Test Learner'});
    expect(error).toBeNull();
    const mail = await mailArrives(email, `Your ${SITE_TITLE} certificate: ${course.title}`);
    expect(mail.text).toMatch(new RegExp(`https?://\\S+/certificates/\\?code=${code}`));
  });

  it('deleting the account sends a goodbye to the address it had', async () => {
    const {client, email, password} = await signedInUser();
    expect((await invoke(client, 'delete-account', {email, password})).status).toBe(200);
    const mail = await mailArrives(email, `Your ${SITE_TITLE} account has been deleted`);
    expect(mail.text).toContain(formatLongDate(new Date()));
    expectNoSecret(mail, [password]);
  });

  it('a delivery the SMTP server refuses is kept and retried, not dropped', async () => {
    const admin = serviceClient();
    const {user, email} = await signedInUser();
    const refused = uniqueEmail('refused').replace('@example.com', '@mail.invalid');
    const {data: row, error} = await admin
      .from('mail_outbox')
      .insert({kind: 'refund', user_id: user.id, recipient: refused, variables: {amount: '12.50', currency: 'USD'}, dedupe_key: `test:${refused}`})
      .select()
      .single();
    expect(error).toBeNull();
    await expect.poll(async () => (await drain(), (await outboxRows(user.id))[0]?.attempts)).toBeGreaterThanOrEqual(1);
    const failed = (await outboxRows(user.id))[0] as Record<string, unknown>;
    expect(failed).toMatchObject({sent_at: null});
    expect(failed.last_error).toMatch(/550/);
    expect(Date.parse(failed.next_attempt_at as string)).toBeGreaterThan(Date.now());

    // The address is corrected (or the server recovers); the next due run delivers it.
    const fix = await admin.from('mail_outbox').update({recipient: email, next_attempt_at: new Date().toISOString()}).eq('id', row.id);
    expect(fix.error).toBeNull();
    const mail = await mailArrives(email, `Your ${SITE_TITLE} refund`);
    expect(mail.text).toContain('$12.50 USD');
    const sent = (await outboxRows(user.id))[0] as Record<string, unknown>;
    expect(sent.sent_at).not.toBeNull();
    expect(sent.attempts).toBe((failed.attempts as number) + 1);
  });

  it('forgets sent mail after 30 days and keeps unsent mail however old', async () => {
    const admin = serviceClient();
    const {user} = await signedInUser();
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 29 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const rows = [
      {kind: 'refund', user_id: user.id, recipient: 'a@example.com', dedupe_key: `test:old:${user.id}`, created_at: old, sent_at: old, next_attempt_at: old},
      {kind: 'refund', user_id: user.id, recipient: 'b@example.com', dedupe_key: `test:recent:${user.id}`, created_at: recent, sent_at: recent, next_attempt_at: recent},
      {kind: 'refund', user_id: user.id, recipient: 'c@mail.invalid', dedupe_key: `test:unsent:${user.id}`, created_at: old, sent_at: null, next_attempt_at: later},
    ];
    expect((await admin.from('mail_outbox').insert(rows)).error).toBeNull();
    await drain();
    expect((await outboxRows(user.id)).map((r) => r.recipient).sort()).toEqual(['b@example.com', 'c@mail.invalid']);
  });

  it('no stranger reads the outbox or runs the drain', async () => {
    const {client, user} = await signedInUser();
    await purchase(client);
    const read = await client.from('mail_outbox').select('*');
    expect(read.error?.code).toBe('42501');
    const anon = await anonClient().from('mail_outbox').select('*');
    expect(anon.error?.code).toBe('42501');
    const claim = await client.rpc('claim_mail_batch', {p_limit: 10});
    expect(claim.error?.code).toBe('42501');
    const enqueue = await client.rpc('enqueue_renewal_reminders');
    expect(enqueue.error?.code).toBe('42501');
    const run = await invoke(client, 'send-mail', {});
    expect(run.status).toBe(401);
    expect(await outboxRows(user.id)).not.toHaveLength(0);
  });
});

// A change that rolls back sends nothing: the outbox row is written in the change's transaction.
// A trigger in the test database fails activation's last write (after the ledger row, so its mail
// was already queued); PGlite has no second connection to install it, so this needs PostgreSQL.
describe.runIf(process.env.BACKEND_DB === 'postgres')('transactional mail when the change rolls back', () => {
  it('a purchase whose activation fails enqueues and sends no receipt', async () => {
    const {client, user, email} = await signedInUser();
    const created = await invoke<{subscriptionId: string; approvalUrl: string}>(client, 'create-subscription', {});
    await approveOnCheckoutPage(created.data!.approvalUrl, {webhooks: false});
    const repair = await failWritesOf('pending_subscriptions', 'update', user.id, 'new.activated_at is not null');
    try {
      expect((await invoke(client, 'confirm-subscription', {subscriptionId: created.data!.subscriptionId})).status).toBe(503);
    } finally {
      await repair();
    }
    await drain();
    expect(await transactionsOf(user.id)).toHaveLength(0);
    expect(await outboxRows(user.id)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });
});
