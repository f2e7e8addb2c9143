import fs from 'node:fs';
import path from 'node:path';
import {randomUUID} from 'node:crypto';
import {
  SignJWT,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  errors as joseErrors,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

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

interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  anonKey: string;
  serviceRoleKey: string;
}

/** The audience GoTrue puts on user access tokens (GOTRUE_JWT_AUD). */
export const AUTH_AUDIENCE = 'authenticated';
/** PostgREST allows this much clock skew on exp/nbf/iat. */
const CLOCK_SKEW_SECONDS = 30;
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;

export class KeyStore {
  private readonly verified = new Map<string, JwtClaims>();

  private constructor(
    readonly kid: string,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    readonly publicJwk: JWK,
    readonly anonKey: string,
    readonly serviceRoleKey: string,
  ) {}

  /** Loads `<dir>/keys.json`, creating an ES256 key pair and the two API keys on first use. */
  static async open(dir: string, issuer: string): Promise<KeyStore> {
    const file = path.join(dir, 'keys.json');
    let stored: StoredKeys;
    if (fs.existsSync(file)) {
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
    } else {
      const kid = randomUUID();
      const {privateKey} = await generateKeyPair('ES256', {extractable: true});
      const privateJwk = {...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig', key_ops: ['sign']};
      const issue = (role: string) =>
        new SignJWT({iss: 'supabase-local', role})
          .setProtectedHeader({alg: 'ES256', kid, typ: 'JWT'})
          .setIssuedAt()
          .setExpirationTime(Math.floor(Date.now() / 1000) + API_KEY_LIFETIME_SECONDS)
          .sign(privateKey);
      stored = {kid, privateJwk, anonKey: await issue('anon'), serviceRoleKey: await issue('service_role')};
      fs.mkdirSync(dir, {recursive: true});
      fs.writeFileSync(file, JSON.stringify(stored, null, 2), {mode: 0o600});
    }
    const privateKey = (await importJWK(stored.privateJwk, 'ES256')) as CryptoKey;
    const {d: _d, key_ops: _ops, ...publicFields} = stored.privateJwk;
    const publicJwk: JWK = {...publicFields, key_ops: ['verify']};
    const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;
    void issuer;
    return new KeyStore(stored.kid, privateKey, publicKey, publicJwk, stored.anonKey, stored.serviceRoleKey);
  }

  sign(claims: JwtClaims): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({alg: 'ES256', kid: this.kid, typ: 'JWT'}).sign(this.privateKey);
  }

  /**
   * Verifies signature, algorithm (ES256 only: `none` and HS256 forgeries are refused), expiry with
   * PostgREST's 30 s skew, and that a token carrying an audience names ours.
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
    let payload: JwtClaims;
    try {
      ({payload} = await jwtVerify<JwtClaims>(token, this.publicKey, {algorithms: ['ES256'], clockTolerance: CLOCK_SKEW_SECONDS}));
    } catch (error) {
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
}

/** PostgREST's time checks, with its 30 s skew: expired, not yet valid, or issued in the future. */
function checkTimes(claims: JwtClaims): void {
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp === 'number' && now > claims.exp + CLOCK_SKEW_SECONDS) throw new JwtError('PGRST303', 'JWT expired');
  if (typeof claims.nbf === 'number' && now < claims.nbf - CLOCK_SKEW_SECONDS) throw new JwtError('PGRST303', 'JWT not yet valid');
  if (typeof claims.iat === 'number' && now < claims.iat - CLOCK_SKEW_SECONDS) throw new JwtError('PGRST303', 'JWT issued at future');
}
