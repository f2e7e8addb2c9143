// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {SignJWT, decodeProtectedHeader, exportJWK, generateKeyPair} from 'jose';
import {afterEach, describe, expect, it} from 'vitest';
import {JwtError, KeyStore} from './keys';
import {apiKeyVerdict} from './http/apiKeys';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-keystore-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, {recursive: true, force: true});
});

const PRIVATE_FIELDS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];
const userClaims = () => ({sub: '11111111-1111-4111-8111-111111111111', role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600});

describe('KeyStore', () => {
  it('makes hosted-format API keys, HS256 legacy keys and an ES256 signing key, new for each data directory and kept across opens', async () => {
    const dir = tempDir();
    const keys = await KeyStore.open(dir);
    expect(keys.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(keys.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(decodeProtectedHeader(keys.anonKey)).toEqual({alg: 'HS256', typ: 'JWT'});
    const token = await keys.sign(userClaims());
    expect(decodeProtectedHeader(token)).toMatchObject({alg: 'ES256', kid: keys.signingKeys()[0]?.id});

    const again = await KeyStore.open(dir);
    expect([again.publishableKey, again.secretKey, again.anonKey]).toEqual([keys.publishableKey, keys.secretKey, keys.anonKey]);
    await expect(again.verify(token)).resolves.toMatchObject({sub: userClaims().sub});

    const other = await KeyStore.open(tempDir());
    expect(other.publishableKey).not.toBe(keys.publishableKey);
    expect(other.secretKey).not.toBe(keys.secretKey);
    await expect(other.verify(token)).rejects.toBeInstanceOf(JwtError);
  });

  it('signs with RS256 when asked, and publishes only public key material', async () => {
    const keys = await KeyStore.open(tempDir(), {algorithm: 'RS256'});
    const token = await keys.sign(userClaims());
    expect(decodeProtectedHeader(token).alg).toBe('RS256');
    await expect(keys.verify(token)).resolves.toBeTruthy();
    const {keys: published} = keys.jwks();
    expect(published).toHaveLength(1);
    for (const field of PRIVATE_FIELDS) expect(published[0]).not.toHaveProperty(field);
    expect(published[0]).toMatchObject({kty: 'RSA', alg: 'RS256', use: 'sig', key_ops: ['verify']});
  });

  it('upgrades a keys.json from before signing keys, keeping its key so sessions survive', async () => {
    const dir = tempDir();
    const {privateKey} = await generateKeyPair('ES256', {extractable: true});
    const kid = 'old-kid';
    fs.writeFileSync(path.join(dir, 'keys.json'), JSON.stringify({kid, privateJwk: {...(await exportJWK(privateKey)), kid}, anonKey: 'x', serviceRoleKey: 'y'}));
    const oldToken = await new SignJWT(userClaims()).setProtectedHeader({alg: 'ES256', kid}).sign(privateKey);
    const keys = await KeyStore.open(dir);
    await expect(keys.verify(oldToken)).resolves.toBeTruthy();
    expect(keys.publishableKey).toMatch(/^sb_publishable_/);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8'))).toMatchObject({version: 2});
  });

  it('replaces an unreadable keys.json instead of failing to start', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'keys.json'), '{not json');
    const keys = await KeyStore.open(dir);
    await expect(keys.verify(await keys.sign(userClaims()))).resolves.toBeTruthy();
  });

  it('rotates as documented: standby → in use, the old key previously used (still valid) until revoked', async () => {
    const keys = await KeyStore.open(tempDir());
    const oldToken = await keys.sign(userClaims());
    const oldKid = decodeProtectedHeader(oldToken).kid as string;
    const standby = await keys.createSigningKey('ES256');
    expect(keys.jwks().keys.map((k) => k.kid)).toEqual([oldKid, standby.id]);
    await expect(keys.setStatus(oldKid, 'revoked')).rejects.toThrow(/in use/);

    await keys.setStatus(standby.id, 'in_use');
    expect(keys.signingKeys().find((k) => k.id === oldKid)?.status).toBe('previously_used');
    expect(decodeProtectedHeader(await keys.sign(userClaims())).kid).toBe(standby.id);
    await expect(keys.verify(oldToken)).resolves.toBeTruthy();

    await keys.setStatus(oldKid, 'revoked');
    await expect(keys.verify(oldToken)).rejects.toMatchObject({code: 'PGRST301'});
    expect(keys.jwks().keys.map((k) => k.kid)).toEqual([standby.id]);
  });

  it('honours HS256 tokens from the legacy secret only while legacy keys are enabled', async () => {
    const dir = tempDir();
    const enabled = await KeyStore.open(dir);
    const legacyToken = await new SignJWT(userClaims()).setProtectedHeader({alg: 'HS256', typ: 'JWT'}).sign(new TextEncoder().encode(enabled.legacyJwtSecret));
    await expect(enabled.verify(legacyToken)).resolves.toBeTruthy();
    const disabled = await KeyStore.open(dir, {legacyKeys: false});
    await expect(disabled.verify(legacyToken)).rejects.toMatchObject({code: 'PGRST301'});
    await expect(disabled.verify(disabled.anonKey)).rejects.toBeInstanceOf(JwtError);
  });
});

describe('apiKeyVerdict', () => {
  it('maps each key to its role and refuses as hosted does', async () => {
    const dir = tempDir();
    const keys = await KeyStore.open(dir);
    expect(apiKeyVerdict(keys.publishableKey, keys, 'node')).toEqual({ok: true, role: 'anon', kind: 'publishable'});
    expect(apiKeyVerdict(keys.secretKey, keys, null)).toEqual({ok: true, role: 'service_role', kind: 'secret'});
    expect(apiKeyVerdict(keys.secretKey, keys, 'Mozilla/5.0 (Macintosh) Safari/605.1.15')).toMatchObject({
      ok: false,
      body: {message: 'Forbidden use of secret API key in browser'},
    });
    expect(apiKeyVerdict(keys.anonKey, keys, null)).toEqual({ok: true, role: 'anon', kind: 'legacy'});
    expect(apiKeyVerdict('sb_publishable_guess', keys, null)).toMatchObject({ok: false, body: {message: 'Invalid API key'}});
    const disabled = await KeyStore.open(dir, {legacyKeys: false});
    expect(apiKeyVerdict(disabled.serviceRoleKey, disabled, null)).toMatchObject({ok: false, body: {message: 'Legacy API keys are disabled'}});
  });
});
