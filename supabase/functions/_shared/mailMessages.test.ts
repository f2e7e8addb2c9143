// Every transactional template renders with what its outbox row carries: a subject from its
// <title>, an HTML part and a text part that both state the facts the mail is for.
import {describe, expect, it} from 'vitest';
import {MAIL_KINDS, formatMoney, renderMail, type MailKind} from './mailMessages';

const env = {SITE_URL: 'https://academy.example/'};
const SAMPLES: Record<MailKind, {variables: Record<string, unknown>; says: string[]}> = {
  payment_receipt: {
    variables: {amount: '39.20', currency: 'USD', discount_code: 'SPRING', percent_off: 20, period_start: '2026-11-26T10:00:00Z', period_end: '2027-11-26T10:00:00Z'},
    says: ['Amount paid: $39.20 USD', 'Discount: SPRING (20% off)', '26 November 2026 to 26 November 2027', 'https://academy.example/account'],
  },
  renewal_reminder: {variables: {amount: '49.00', currency: 'USD', charge_date: '2027-01-02T00:00:00Z'}, says: ['On 2 January 2027 PayPal will charge $49.00 USD']},
  payment_failed: {variables: {amount: '49', currency: 'USD'}, says: ['could not collect $49.00 USD']},
  cancellation_confirmed: {variables: {period_end: '2027-03-04T00:00:00Z'}, says: ['You keep Premium until 4 March 2027', 'https://academy.example/pricing']},
  refund: {variables: {amount: '12.5', currency: 'EUR'}, says: ['12.50 EUR for your Premium (yearly) has been refunded']},
  account_deleted: {variables: {deleted_at: '2026-11-26T18:00:00Z'}, says: ['were deleted on 26 November 2026']},
  certificate_earned: {
    variables: {code: 'ab'.repeat(16), course_title: 'Systematic reviews', full_name: 'Ada'},
    says: ['You completed Systematic reviews', `https://academy.example/certificates/?code=${'ab'.repeat(16)}`],
  },
};

describe('transactional mail templates', () => {
  it.each(MAIL_KINDS)('%s renders its facts into both parts', async (kind) => {
    const mail = await renderMail(kind, SAMPLES[kind].variables, env);
    expect(mail.subject).toContain('Research Methods Academy');
    expect(mail.html).toContain('<html lang="en">');
    for (const text of SAMPLES[kind].says) expect(mail.text).toContain(text);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\{|\}\}|undefined|NaN/);
  });

  it('leaves the discount line out when no code was used', async () => {
    const mail = await renderMail('payment_receipt', {amount: '49.00', currency: 'USD'}, env);
    expect(mail.text).toContain('Amount paid: $49.00 USD');
    expect(mail.text).not.toContain('Discount');
  });

  it('prints money with cents and its currency', () => {
    expect(formatMoney('34.3', 'USD')).toBe('$34.30 USD');
    expect(formatMoney(49, 'USD')).toBe('$49.00 USD');
    expect(formatMoney('10', 'EUR')).toBe('10.00 EUR');
  });
});
