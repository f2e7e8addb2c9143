// The admin tables' SQL (supabase/migrations/20261126000900_admin_tables.sql) through the site's
// service (src/lib/adminTables.ts): transactions and certificates searched, filtered and paged in
// Postgres for administrators only; a revocation needs a reason, which stays private.
import crypto from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {anonClient, backend, serviceClient, signedInUser} from './clients';
import {fetchCertificatesPage, fetchEveryMatch, fetchTransactionsPage} from '../../src/lib/adminTables';
import {revokeCertificate} from '../../src/lib/knowledgeChecks';
import {verifyCertificate} from '../../src/lib/certificateVerification';
import {UsageError, runAdmin} from '../../scripts/admin';

/** A learner whose name holds `tag`, so a search finds only this test's rows. */
async function learner(tag: string) {
  return signedInUser({fullName: `Learner ${tag}`});
}

async function addTransactions(userId: string, rows: {transaction_type: string; amount: number; status: string}[]) {
  const {error} = await serviceClient()
    .from('subscription_transactions')
    .insert(rows.map((r) => ({...r, user_id: userId, currency: 'USD', paypal_event_id: `test:${crypto.randomUUID()}`})));
  if (error) throw error;
}

async function addCertificate(userId: string, fullName: string): Promise<string> {
  const service = serviceClient();
  const slug = `admin-tables-${crypto.randomUUID().slice(0, 8)}`;
  // After the real catalogue (order_index 4000+, as other files' own courses), so a test that reads
  // the first course still finds the first lesson's.
  const own = await service.from('courses').insert({slug, title: `Course ${slug}`, order_index: 4000 + Math.floor(Math.random() * 1000)}).select('id, title').single();
  if (own.error) throw own.error;
  const code = crypto.randomBytes(16).toString('hex');
  const {error} = await service.from('certificates').insert({code, user_id: userId, course_id: own.data.id, full_name: fullName, course_title: own.data.title});
  if (error) throw error;
  return code;
}

const tag = () => `t${crypto.randomBytes(5).toString('hex')}`;

describe('admin_transactions_page', () => {
  it('filters by type, status and user (name, e-mail, id) with totals over every match, one bounded page at a time', async () => {
    const t = tag();
    const buyer = await learner(t);
    await addTransactions(buyer.user.id, [
      {transaction_type: 'subscription', amount: 49, status: 'completed'},
      {transaction_type: 'renewal', amount: 49, status: 'completed'},
      {transaction_type: 'refund', amount: 10, status: 'completed'},
      {transaction_type: 'payment_failed', amount: 49, status: 'failed'},
    ]);
    const other = await learner(tag());
    await addTransactions(other.user.id, [{transaction_type: 'renewal', amount: 49, status: 'completed'}]);
    const {client: admin} = await signedInUser({appMetadata: {role: 'admin'}});

    const mine = await fetchTransactionsPage(admin, {q: t, page: 1});
    expect(mine.error).toBeNull();
    expect(mine.data?.rows.map((r) => r.user_id)).toEqual([buyer.user.id, buyer.user.id, buyer.user.id, buyer.user.id]);
    expect(mine.data?.summary).toEqual({count: 4, revenue: 98, refunded: 10, net: 88, failed: 1});
    expect(mine.data?.rows[0]).toMatchObject({user_email: buyer.email, user_name: `Learner ${t}`});

    expect((await fetchTransactionsPage(admin, {q: buyer.email.toUpperCase(), page: 1})).data?.summary.count).toBe(4);
    expect((await fetchTransactionsPage(admin, {q: buyer.user.id, page: 1})).data?.summary.count).toBe(4);
    const renewals = await fetchTransactionsPage(admin, {q: t, type: 'renewal', page: 1});
    expect(renewals.data?.rows.map((r) => r.transaction_type)).toEqual(['renewal']);
    expect((await fetchTransactionsPage(admin, {q: t, status: 'failed', page: 1})).data?.rows.map((r) => r.transaction_type)).toEqual(['payment_failed']);
    // Page 2 of 50 holds nothing for these four; the count still says how many match.
    expect((await fetchTransactionsPage(admin, {q: t, page: 2})).data).toEqual({rows: [], summary: {count: 0, revenue: 0, refunded: 0, net: 0, failed: 0}});

    // The search is literal: LIKE's wildcards match only themselves.
    expect((await fetchTransactionsPage(admin, {q: '%', page: 1})).data?.rows.every((r) => `${r.user_email}${r.user_name}`.includes('%'))).toBe(true);
    expect((await fetchTransactionsPage(admin, {q: `${t.slice(0, 3)}_${t.slice(4)}`, page: 1})).data?.rows).toEqual([]);

    // The server bounds a page whatever the caller asks.
    const big = await admin.rpc('admin_transactions_page', {p_limit: 100000});
    expect(big.error).toBeNull();
    expect((big.data ?? []).length).toBeLessThanOrEqual(200);
  });

  it('an export reads every match, past the 200 rows one call answers, newest first', async () => {
    const t = tag();
    const buyer = await learner(t);
    await addTransactions(buyer.user.id, Array.from({length: 230}, (_, i) => ({transaction_type: 'renewal', amount: i + 1, status: 'completed'})));
    const {client: admin} = await signedInUser({appMetadata: {role: 'admin'}});

    const every = await fetchEveryMatch((range) => fetchTransactionsPage(admin, {q: t, page: 1}, range));
    expect(every.error).toBeNull();
    expect(every.data?.count).toBe(230);
    expect(new Set(every.data?.rows.map((r) => r.id)).size).toBe(230);
    const times = every.data?.rows.map((r) => Date.parse(r.created_at)) ?? [];
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A learner's export is refused like their page.
    expect((await fetchEveryMatch((range) => fetchTransactionsPage(buyer.client, {q: t, page: 1}, range))).error).not.toBeNull();
  });

  it('refuses a learner and a stranger (anon)', async () => {
    const {client} = await learner(tag());
    expect((await client.rpc('admin_transactions_page', {})).error?.code).toBe('42501');
    expect((await fetchTransactionsPage(client, {page: 1})).error).toBe('Only administrators can list transactions');
    expect((await anonClient().rpc('admin_transactions_page', {})).error?.code).toBe('42501');
  });
});

describe('admin_certificates and revocation with a reason', () => {
  it('searches by name, e-mail or code, filters by status; a revoke needs a reason, which only admins read', async () => {
    const t = tag();
    const holder = await learner(t);
    const code = await addCertificate(holder.user.id, `Learner ${t}`);
    const {client: admin} = await signedInUser({appMetadata: {role: 'admin'}});

    const byName = await fetchCertificatesPage(admin, {q: t, page: 1});
    expect(byName.data).toEqual({
      rows: [{code, fullName: `Learner ${t}`, email: holder.email, courseTitle: expect.any(String), issuedAt: expect.any(String), revokedAt: null, revokedReason: null}],
      summary: {count: 1},
    });
    expect((await fetchCertificatesPage(admin, {q: code.toUpperCase(), page: 1})).data?.rows.map((r) => r.code)).toEqual([code]);
    expect((await fetchCertificatesPage(admin, {q: holder.email, page: 1})).data?.rows.map((r) => r.code)).toEqual([code]);

    expect((await revokeCertificate(admin, code)).error).toBe('A reason is required to revoke a certificate');
    expect((await revokeCertificate(admin, code, '   ')).error).toBe('A reason is required to revoke a certificate');
    expect((await verifyCertificate(anonClient(), code)).data?.status).toBe('valid');
    expect((await revokeCertificate(admin, code, ' Issued in error ')).error).toBeNull();

    const revoked = await fetchCertificatesPage(admin, {q: t, status: 'revoked', page: 1});
    expect(revoked.data?.rows[0]).toMatchObject({code, revokedReason: 'Issued in error', revokedAt: expect.any(String)});
    expect((await fetchCertificatesPage(admin, {q: t, status: 'valid', page: 1})).data?.rows).toEqual([]);

    // Public verification says when, never why.
    const raw = await anonClient().rpc('verify_certificate', {p_code: code}).single();
    expect(raw.data).toMatchObject({status: 'revoked', revoked_at: revoked.data?.rows[0]?.revokedAt});
    expect(JSON.stringify(raw.data)).not.toContain('Issued in error');
  });

  it('the CLI requires --reason and stores it', async () => {
    const t = tag();
    const holder = await learner(t);
    const code = await addCertificate(holder.user.id, `Learner ${t}`);
    const {url, serviceRoleKey} = backend();
    await expect(runAdmin(['certificate', 'revoke', code], {url, serviceRoleKey})).rejects.toBeInstanceOf(UsageError);
    expect(await runAdmin(['certificate', 'revoke', code, '--reason', 'Duplicate account'], {url, serviceRoleKey})).toEqual([expect.stringContaining(`Revoked ${code}`)]);
    const row = await serviceClient().from('certificates').select('revoked_reason').eq('code', code).single();
    expect(row.data?.revoked_reason).toBe('Duplicate account');
  });

  it('refuses a learner and a stranger: no list, no revoke', async () => {
    const t = tag();
    const holder = await learner(t);
    const code = await addCertificate(holder.user.id, `Learner ${t}`);
    expect((await holder.client.rpc('admin_certificates', {})).error?.code).toBe('42501');
    expect((await anonClient().rpc('admin_certificates', {})).error?.code).toBe('42501');
    expect((await revokeCertificate(holder.client, code, 'mine')).error).toBe('Only administrators can revoke certificates');
    expect((await anonClient().rpc('revoke_certificate', {p_code: code, p_reason: 'x'})).error?.code).toBe('42501');
    expect((await verifyCertificate(anonClient(), code)).data?.status).toBe('valid');
  });
});
