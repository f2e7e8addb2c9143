import crypto from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {createSigningIdentity, signWebhook, signedString, verifyWebhook} from './signature';

describe('PayPal webhook signatures', () => {
  const identity = createSigningIdentity();

  it('signs transmissionId|time|webhookId|crc32(body) over the exact bytes', () => {
    expect(signedString('tid', '2026-01-01T00:00:00Z', 'WH-ID', 'hello world')).toBe('tid|2026-01-01T00:00:00Z|WH-ID|222957957');
    // Same JSON value, different bytes: a different CRC (PayPal hashes what it sent, not a re-serialisation).
    expect(signedString('t', 'x', 'W', '{"a": 1}')).not.toBe(signedString('t', 'x', 'W', '{"a":1}'));
  });

  it('builds a self-signed certificate that verifies its own signatures', () => {
    const cert = new crypto.X509Certificate(identity.certPem);
    expect(cert.subject).toContain('PayPal simulator');
    expect(cert.verify(identity.publicKey)).toBe(true);
    expect(cert.publicKey.asymmetricKeyType).toBe('rsa');
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now() + 5 * 365 * 86_400_000);
  });

  it('verifies a good signature and refuses any change', () => {
    const body = JSON.stringify({id: 'WH-1', event_type: 'PAYMENT.SALE.COMPLETED'});
    const message = signedString('t1', '2026-01-01T00:00:00Z', 'WH-ID', body);
    const sig = signWebhook(identity.privateKey, message);
    expect(verifyWebhook(identity.certPem, message, sig)).toBe(true);
    expect(verifyWebhook(identity.certPem, signedString('t1', '2026-01-01T00:00:00Z', 'WH-ID', `${body} `), sig)).toBe(false);
    expect(verifyWebhook(identity.certPem, signedString('t1', '2026-01-01T00:00:00Z', 'WH-OTHER', body), sig)).toBe(false);
    expect(verifyWebhook(createSigningIdentity().certPem, message, sig)).toBe(false);
    expect(verifyWebhook(identity.certPem, message, 'not base64 at all')).toBe(false);
  });
});
