import crypto from 'node:crypto';
import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {createSigningIdentity, crc32, signWebhook, signedString, verifyWebhook} from './signature';

describe('PayPal webhook signatures', () => {
  const identity = createSigningIdentity();

  it('computes the unsigned CRC-32 PayPal uses', () => {
    expect(crc32('')).toBe(0);
    expect(crc32('hello world')).toBe(222957957);
    const body = Buffer.from(JSON.stringify({id: 'WH-1', résumé: 'ü'}));
    expect(crc32(body)).toBe(zlib.crc32(body));
    expect(crc32(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBe(0xffffffff);
  });

  it('signs transmissionId|time|webhookId|crc32(body)', () => {
    expect(signedString('tid', '2026-01-01T00:00:00Z', 'WH-ID', 'hello world')).toBe('tid|2026-01-01T00:00:00Z|WH-ID|222957957');
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
