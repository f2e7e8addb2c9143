// PayPal webhook signatures: PayPal signs `transmissionId|transmissionTime|webhookId|crc32(rawBody)`
// (the CRC-32 of the exact bytes delivered, as an unsigned decimal)
// with SHA256withRSA and sends the signature (base64) in PAYPAL-TRANSMISSION-SIG together with a
// URL of its certificate. The simulator holds an RSA key pair and a self-signed certificate built
// here (node:crypto has no certificate builder, so the DER is assembled by hand).
import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** The string PayPal signs for a webhook delivery. */
export function signedString(transmissionId: string, transmissionTime: string, webhookId: string, rawBody: Uint8Array | string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${zlib.crc32(rawBody)}`;
}

export function signWebhook(privateKey: crypto.KeyObject, message: string): string {
  return crypto.createSign('sha256WithRSAEncryption').update(message).sign(privateKey, 'base64');
}

/** Verifies a base64 SHA256withRSA signature with a certificate or public key (PEM). */
export function verifyWebhook(certOrKeyPem: string | crypto.KeyObject, message: string, signatureBase64: string): boolean {
  try {
    return crypto.createVerify('sha256WithRSAEncryption').update(message).verify(certOrKeyPem, signatureBase64, 'base64');
  } catch {
    return false;
  }
}

// ---- minimal DER for a self-signed X.509 v3 certificate ----------------------------------------
function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}
const seq = (...c: Buffer[]) => der(0x30, ...c);
function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes: number[] = [40 * (parts[0] as number) + (parts[1] as number)];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [];
    let n = part;
    do {
      chunk.unshift(n & 0x7f);
      n = Math.floor(n / 128);
    } while (n > 0);
    for (let i = 0; i < chunk.length - 1; i++) chunk[i] = (chunk[i] as number) | 0x80;
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}
function positiveInteger(bytes: Buffer): Buffer {
  return der(0x02, (bytes[0] as number) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}
function utcTime(date: Date): Buffer {
  const iso = date.toISOString();
  return der(0x17, Buffer.from(`${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`));
}
function name(commonName: string): Buffer {
  return seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from(commonName, 'utf8')))));
}

export interface SigningIdentity {
  privateKey: crypto.KeyObject;
  publicKey: crypto.KeyObject;
  certPem: string;
}

/** A fresh RSA-2048 key pair and a self-signed certificate for it (valid for ten years). */
export function createSigningIdentity(commonName = 'PayPal simulator (local-supabase)'): SigningIdentity {
  const {privateKey, publicKey} = crypto.generateKeyPairSync('rsa', {modulusLength: 2048});
  const sha256WithRsa = seq(oid('1.2.840.113549.1.1.11'), der(0x05));
  const now = new Date();
  const tbs = seq(
    der(0xa0, positiveInteger(Buffer.from([2]))),
    positiveInteger(crypto.randomBytes(16).fill(0x40, 0, 1)),
    sha256WithRsa,
    name(commonName),
    seq(utcTime(new Date(now.getTime() - 86_400_000)), utcTime(new Date(now.getTime() + 10 * 365 * 86_400_000))),
    name(commonName),
    publicKey.export({type: 'spki', format: 'der'}),
  );
  const signature = crypto.sign('sha256', tbs, privateKey);
  const cert = seq(tbs, sha256WithRsa, der(0x03, Buffer.from([0]), signature));
  const b64 = cert.toString('base64').replace(/(.{64})/g, '$1\n').trim();
  return {privateKey, publicKey, certPem: `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`};
}
