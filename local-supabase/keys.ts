// The project's keys as hosted Supabase has them (docs "Understanding API keys", "JWT Signing
// Keys"): an opaque publishable and secret API key; asymmetric JWT signing keys (ES256, or RS256)
// with a kid and a lifecycle standby → in use → previously used → revoked; and the legacy JWT
// secret (HS256) with the legacy anon/service_role JWT API keys, honoured only while legacy keys
// are enabled. Everything lives in <dataDir>/keys.json, so a restart signs nobody out.
import fs from 'node:fs';
import path from 'node:path';
import {randomBytes, randomUUID} from 'node:crypto';
import {
  SignJWT,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  errors as joseErrors,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import {SIGNING_ALGORITHMS, type SigningAlgorithm} from './config';

/** Claims of an access token or API key as local-supabase issues them. */
export interface JwtClaims extends JWTPayload {
  role?: string;
  email?: string;
  session_id?: string;
  aal?: string;
  [key: string]: unknown;
}

export class JwtError extends Error {
  constructor(
    /** PGRST301 (could not decode/verify) or PGRST303 (claims invalid), PostgREST's codes. */
    readonly code: 'PGRST301' | 'PGRST303',
    message: string,
  ) {
    super(message);
  }
}

export type {SigningAlgorithm};
export type SigningKeyStatus = 'standby' | 'in_use' | 'previously_used' | 'revoked';

export interface SigningKey {
  /** Also the JWT `kid`. */
  id: string;
  algorithm: SigningAlgorithm;
  status: SigningKeyStatus;
  privateJwk: JWK;
  created_at: string;
  updated_at: string;
}

interface StoredKeysV2 {
  version: 2;
  publishableKey: string;
  secretKey: string;
  legacyJwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  signingKeys: SigningKey[];
}

/** keys.json before signing keys: one ES256 pair that also signed the API keys. */
interface StoredKeysV1 {
  kid: string;
  privateJwk: JWK;
}

/** The audience GoTrue puts on user access tokens (GOTRUE_JWT_AUD). */
export const AUTH_AUDIENCE = 'authenticated';
/** PostgREST allows this much clock skew on exp/nbf/iat. */
const CLOCK_SKEW_SECONDS = 30;
const LEGACY_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;
/** The gateway's stand-in JWT for an sb_ key (see gatewayToken): short-lived, re-minted at half life. */
const GATEWAY_TOKEN_SECONDS = 3600;

export class SigningKeyError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** `sb_<kind>_` + 22 random base64url characters + `_` + 8 more, the shape hosted keys have. */
function opaqueKey(kind: 'publishable' | 'secret'): string {
  return `sb_${kind}_${randomBytes(16).toString('base64url')}_${randomBytes(6).toString('base64url')}`;
}

async function newSigningKey(algorithm: SigningAlgorithm, status: SigningKeyStatus): Promise<SigningKey> {
  const id = randomUUID();
  const {privateKey} = await generateKeyPair(algorithm, {extractable: true, ...(algorithm === 'RS256' ? {modulusLength: 2048} : {})});
  const now = new Date().toISOString();
  return {id, algorithm, status, privateJwk: {...(await exportJWK(privateKey)), kid: id, alg: algorithm}, created_at: now, updated_at: now};
}

/** The public half of a key as a JWKS lists it: no `d`, `p`, `q`, … ever. */
export function publicJwkOf(key: SigningKey): JWK {
  const j = key.privateJwk;
  const fields: JWK = j.kty === 'EC' ? {kty: 'EC', crv: j.crv, x: j.x, y: j.y} : {kty: 'RSA', n: j.n, e: j.e};
  return {...fields, kid: key.id, alg: key.algorithm, use: 'sig', key_ops: ['verify'], ext: true};
}

async function legacyApiKey(secret: Uint8Array, role: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  // Hosted's legacy keys: {"iss":"supabase","ref":<project ref>,"role":…,"iat":…,"exp":…}, HS256, no kid.
  return new SignJWT({iss: 'supabase', ref: 'local', role})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuedAt(iat)
    .setExpirationTime(iat + LEGACY_KEY_LIFETIME_SECONDS)
    .sign(secret);
}

async function freshKeys(algorithm: SigningAlgorithm, signingKeys?: SigningKey[]): Promise<StoredKeysV2> {
  const legacyJwtSecret = randomBytes(30).toString('base64url');
  const secret = new TextEncoder().encode(legacyJwtSecret);
  return {
    version: 2,
    publishableKey: opaqueKey('publishable'),
    secretKey: opaqueKey('secret'),
    legacyJwtSecret,
    anonKey: await legacyApiKey(secret, 'anon'),
    serviceRoleKey: await legacyApiKey(secret, 'service_role'),
    signingKeys: signingKeys ?? [await newSigningKey(algorithm, 'in_use')],
  };
}

/**
 * Reads keys.json in any shape it has had. A v1 file keeps its ES256 pair as the key in use (its
 * users' sessions stay valid) and gains the API keys and legacy secret; anything unreadable is
 * replaced with new keys rather than stopping the server.
 */
async function loadOrCreate(file: string, algorithm: SigningAlgorithm): Promise<{stored: StoredKeysV2; changed: boolean}> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {stored: await freshKeys(algorithm), changed: true};
  }
  const v2 = raw as Partial<StoredKeysV2>;
  if (
    v2.version === 2 &&
    typeof v2.publishableKey === 'string' &&
    typeof v2.secretKey === 'string' &&
    typeof v2.legacyJwtSecret === 'string' &&
    Array.isArray(v2.signingKeys) &&
    v2.signingKeys.some((k) => k.status === 'in_use')
  ) {
    return {stored: v2 as StoredKeysV2, changed: false};
  }
  const v1 = raw as Partial<StoredKeysV1>;
  if (typeof v1.kid === 'string' && v1.privateJwk?.kty === 'EC' && typeof v1.privateJwk.d === 'string') {
    const now = new Date().toISOString();
    const kept: SigningKey = {
      id: v1.kid,
      algorithm: 'ES256',
      status: 'in_use',
      privateJwk: {kty: 'EC', crv: v1.privateJwk.crv, x: v1.privateJwk.x, y: v1.privateJwk.y, d: v1.privateJwk.d, kid: v1.kid, alg: 'ES256'},
      created_at: now,
      updated_at: now,
    };
    return {stored: await freshKeys(algorithm, [kept]), changed: true};
  }
  return {stored: await freshKeys(algorithm), changed: true};
}

export interface KeyStoreOptions {
  /** Algorithm of the first signing key of a new data directory, and of created keys by default. */
  algorithm?: SigningAlgorithm;
  /** Whether the legacy anon/service_role keys and HS256-signed tokens are honoured. */
  legacyKeys?: boolean;
}

interface LoadedKey {
  meta: SigningKey;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

export class KeyStore {
  private readonly verified = new Map<string, JwtClaims>();
  private loaded = new Map<string, LoadedKey>();
  private gatewayTokens = new Map<string, {token: string; renewAt: number}>();

  private constructor(
    private readonly file: string,
    private stored: StoredKeysV2,
    readonly legacyKeysEnabled: boolean,
    readonly defaultAlgorithm: SigningAlgorithm,
  ) {}

  /** Loads `<dir>/keys.json`, creating (or upgrading) it on first use. */
  static async open(dir: string, options: KeyStoreOptions = {}): Promise<KeyStore> {
    const algorithm = options.algorithm ?? 'ES256';
    const file = path.join(dir, 'keys.json');
    const {stored, changed} = fs.existsSync(file) ? await loadOrCreate(file, algorithm) : {stored: await freshKeys(algorithm), changed: true};
    const store = new KeyStore(file, stored, options.legacyKeys ?? true, algorithm);
    await store.reload();
    if (changed) store.save();
    return store;
  }

  get publishableKey(): string {
    return this.stored.publishableKey;
  }

  get secretKey(): string {
    return this.stored.secretKey;
  }

  /** The legacy anon JWT API key (HS256); accepted only while legacy keys are enabled. */
  get anonKey(): string {
    return this.stored.anonKey;
  }

  /** The legacy service_role JWT API key (HS256); accepted only while legacy keys are enabled. */
  get serviceRoleKey(): string {
    return this.stored.serviceRoleKey;
  }

  /** The legacy JWT secret, for tests that forge what an old HS256 token looked like. */
  get legacyJwtSecret(): string {
    return this.stored.legacyJwtSecret;
  }

  signingKeys(): SigningKey[] {
    return this.stored.signingKeys.map((k) => ({...k}));
  }

  /** The public JWKS: keys in use, standby and previously used; never revoked ones, private parts or the HS256 secret. */
  jwks(): {keys: JWK[]} {
    return {keys: this.stored.signingKeys.filter((k) => k.status !== 'revoked').map(publicJwkOf)};
  }

  private current(): LoadedKey {
    for (const key of this.loaded.values()) if (key.meta.status === 'in_use') return key;
    throw new Error('keys.json has no signing key in use');
  }

  private async reload(): Promise<void> {
    const loaded = new Map<string, LoadedKey>();
    for (const meta of this.stored.signingKeys) {
      const previous = this.loaded.get(meta.id);
      if (previous) {
        loaded.set(meta.id, {...previous, meta});
        continue;
      }
      const privateKey = (await importJWK(meta.privateJwk, meta.algorithm)) as CryptoKey;
      const publicKey = (await importJWK(publicJwkOf(meta), meta.algorithm)) as CryptoKey;
      loaded.set(meta.id, {meta, privateKey, publicKey});
    }
    this.loaded = loaded;
    // A revoked key's tokens must fail at once, not when they drop out of the cache.
    this.verified.clear();
    this.gatewayTokens.clear();
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.file), {recursive: true});
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(this.stored, null, 2), {mode: 0o600});
    fs.renameSync(temp, this.file);
  }

  /** Signs with the signing key in use, its id as `kid`. */
  sign(claims: JwtClaims): Promise<string> {
    const key = this.current();
    return new SignJWT(claims).setProtectedHeader({alg: key.meta.algorithm, kid: key.meta.id, typ: 'JWT'}).sign(key.privateKey);
  }

  /**
   * The JWT the gateway puts in Authorization for a request made with an sb_ key (hosted's gateway
   * does the same), so REST, auth and functions see a role-bearing token, never the opaque key.
   */
  async gatewayToken(role: 'anon' | 'service_role'): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const cached = this.gatewayTokens.get(role);
    if (cached && now < cached.renewAt) return cached.token;
    const token = await this.sign({iss: 'supabase', ref: 'local', role, iat: now, exp: now + GATEWAY_TOKEN_SECONDS});
    this.gatewayTokens.set(role, {token, renewAt: now + GATEWAY_TOKEN_SECONDS / 2});
    return token;
  }

  /**
   * Verifies signature (the key named by `kid`; a revoked or unknown kid fails), algorithm (no
   * `none`; HS256 only while legacy keys are enabled), expiry with PostgREST's 30 s skew, and that a
   * token carrying an audience names ours.
   */
  async verify(token: string): Promise<JwtClaims> {
    const cached = this.verified.get(token);
    if (cached) {
      checkTimes(cached);
      return cached;
    }
    if (token === '') throw new JwtError('PGRST301', 'Empty JWT is sent in Authorization header');
    const parts = token.split('.').length;
    if (parts !== 3) throw new JwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
    let header: {alg?: string; kid?: string};
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new JwtError('PGRST301', 'JWT cryptographic operation failed');
    }
    let payload: JwtClaims;
    try {
      if (header.alg === 'HS256') {
        if (!this.legacyKeysEnabled) throw new JwtError('PGRST301', 'No suitable key or wrong key type');
        ({payload} = await jwtVerify<JwtClaims>(token, new TextEncoder().encode(this.stored.legacyJwtSecret), {
          algorithms: ['HS256'],
          clockTolerance: CLOCK_SKEW_SECONDS,
        }));
      } else if (header.alg === 'ES256' || header.alg === 'RS256') {
        payload = await this.verifyAsymmetric(token, header.alg, header.kid);
      } else {
        throw new JwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
      }
    } catch (error) {
      if (error instanceof JwtError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new JwtError('PGRST303', 'JWT expired');
      if (error instanceof joseErrors.JWTClaimValidationFailed) throw new JwtError('PGRST303', error.message);
      if (error instanceof joseErrors.JOSEAlgNotAllowed) throw new JwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
      throw new JwtError('PGRST301', 'JWT cryptographic operation failed');
    }
    checkTimes(payload);
    if (payload.aud !== undefined) {
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audiences.includes(AUTH_AUDIENCE)) throw new JwtError('PGRST303', 'JWT not in audience');
    }
    if (this.verified.size > 10_000) this.verified.clear();
    this.verified.set(token, payload);
    return payload;
  }

  private async verifyAsymmetric(token: string, alg: SigningAlgorithm, kid: string | undefined): Promise<JwtClaims> {
    // As PostgREST with a JWKS: the key the kid names, else each usable key in turn.
    const usable = [...this.loaded.values()].filter((k) => k.meta.status !== 'revoked' && k.meta.algorithm === alg);
    const candidates = kid === undefined ? usable : usable.filter((k) => k.meta.id === kid);
    if (candidates.length === 0) throw new JwtError('PGRST301', 'No suitable key or wrong key type');
    let lastError: unknown;
    for (const key of candidates) {
      try {
        return (await jwtVerify<JwtClaims>(token, key.publicKey, {algorithms: [alg], clockTolerance: CLOCK_SKEW_SECONDS})).payload;
      } catch (error) {
        lastError = error;
        if (!(error instanceof joseErrors.JWSSignatureVerificationFailed)) break;
      }
    }
    throw lastError;
  }

  /** A new standby key (or, with status in_use, one that takes over at once as a rotation would). */
  async createSigningKey(algorithm: SigningAlgorithm = this.defaultAlgorithm, status: 'standby' | 'in_use' = 'standby'): Promise<SigningKey> {
    if (!(SIGNING_ALGORITHMS as readonly string[]).includes(algorithm)) throw new SigningKeyError(400, `Unsupported algorithm ${String(algorithm)}; use ES256 or RS256`);
    const key = await newSigningKey(algorithm, 'standby');
    this.stored.signingKeys.push(key);
    if (status === 'in_use') return this.setStatus(key.id, 'in_use');
    await this.commit();
    return {...key};
  }

  /**
   * Moves a key through hosted's lifecycle: standby or previously used → in use (the key in use
   * becomes previously used: its tokens stay valid), previously used or standby → revoked (its
   * tokens fail at once), revoked or previously used → standby. The key in use changes only by
   * another one taking over.
   */
  async setStatus(id: string, status: SigningKeyStatus): Promise<SigningKey> {
    const key = this.stored.signingKeys.find((k) => k.id === id);
    if (!key) throw new SigningKeyError(404, 'Signing key not found');
    if (key.status === status) return {...key};
    const now = new Date().toISOString();
    if (key.status === 'in_use') throw new SigningKeyError(400, 'The key in use cannot change status: rotate to a standby key first');
    if (status === 'in_use') {
      if (key.status === 'revoked') throw new SigningKeyError(400, 'A revoked key cannot be used again: move it to standby first');
      for (const other of this.stored.signingKeys) {
        if (other.status === 'in_use') Object.assign(other, {status: 'previously_used', updated_at: now});
      }
    } else if (status === 'previously_used') {
      throw new SigningKeyError(400, 'A key becomes previously used only when another key is rotated in');
    }
    Object.assign(key, {status, updated_at: now});
    await this.commit();
    return {...key};
  }

  /** Removes a revoked key for good. */
  async deleteSigningKey(id: string): Promise<SigningKey> {
    const key = this.stored.signingKeys.find((k) => k.id === id);
    if (!key) throw new SigningKeyError(404, 'Signing key not found');
    if (key.status !== 'revoked') throw new SigningKeyError(400, 'Only a revoked key can be removed');
    this.stored.signingKeys = this.stored.signingKeys.filter((k) => k !== key);
    await this.commit();
    return {...key};
  }

  private async commit(): Promise<void> {
    this.save();
    await this.reload();
  }
}

/** PostgREST's time checks, with its 30 s skew: expired, not yet valid, or issued in the future. */
function checkTimes(claims: JwtClaims): void {
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp === 'number' && now > claims.exp + CLOCK_SKEW_SECONDS) throw new JwtError('PGRST303', 'JWT expired');
  if (typeof claims.nbf === 'number' && now < claims.nbf - CLOCK_SKEW_SECONDS) throw new JwtError('PGRST303', 'JWT not yet valid');
  if (typeof claims.iat === 'number' && now < claims.iat - CLOCK_SKEW_SECONDS) throw new JwtError('PGRST303', 'JWT issued at future');
}
