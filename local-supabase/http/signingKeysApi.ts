// A subset of the Management API's JWT signing-keys endpoints (/v1/projects/{ref}/config/auth/
// signing-keys), so rotation can be rehearsed locally as it is done on hosted. Hosted authorises
// these with a personal access token; local-supabase has none, so it takes the secret key.
import type {Env, Hono} from 'hono';
import {SigningKeyError, publicJwkOf, type KeyStore, type SigningKey, type SigningKeyStatus} from '../keys';
import {apiKeyVerdict} from './apiKeys';
import {bearerToken} from '../../shared/bearer';
import {json} from './json';

const STATUSES: readonly SigningKeyStatus[] = ['standby', 'in_use', 'previously_used', 'revoked'];

function view(key: SigningKey) {
  return {
    id: key.id,
    algorithm: key.algorithm,
    status: key.status,
    public_jwk: publicJwkOf(key),
    created_at: key.created_at,
    updated_at: key.updated_at,
  };
}

/** The Management API subset's bearer check (the secret key stands in for a personal access token); authConfigApi.ts uses it too. */
export function authorised(request: Request, keys: KeyStore): boolean {
  const token = bearerToken(request.headers.get('authorization'));
  if (token === null) return false;
  const verdict = apiKeyVerdict(token, keys, request.headers.get('user-agent'));
  return verdict.ok && verdict.kind === 'secret';
}

async function body(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await request.json();
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function handle(request: Request, keys: KeyStore, id: string | undefined): Promise<Response> {
  if (!authorised(request, keys)) return json({message: 'Unauthorized'}, 401);
  try {
    if (id === undefined) {
      if (request.method === 'GET') return json({keys: keys.signingKeys().map(view)});
      if (request.method === 'POST') {
        const input = await body(request);
        if (!input) return json({message: 'Body must be a JSON object'}, 400);
        const algorithm = input.algorithm;
        const status = input.status ?? 'standby';
        if (algorithm !== 'ES256' && algorithm !== 'RS256') return json({message: 'algorithm must be ES256 or RS256 (local-supabase makes no HS256 or EdDSA keys)'}, 400);
        if (status !== 'standby' && status !== 'in_use') return json({message: 'status must be standby or in_use'}, 400);
        return json(view(await keys.createSigningKey(algorithm, status)), 201);
      }
      return json({message: 'Method not allowed'}, 405);
    }
    const key = keys.signingKeys().find((k) => k.id === id);
    if (request.method === 'GET') return key ? json(view(key)) : json({message: 'Signing key not found'}, 404);
    if (request.method === 'PATCH') {
      const input = await body(request);
      const status = input?.status;
      if (typeof status !== 'string' || !STATUSES.includes(status as SigningKeyStatus)) {
        return json({message: `status must be one of ${STATUSES.join(', ')}`}, 400);
      }
      return json(view(await keys.setStatus(id, status as SigningKeyStatus)));
    }
    if (request.method === 'DELETE') return json(view(await keys.deleteSigningKey(id)));
    return json({message: 'Method not allowed'}, 405);
  } catch (error) {
    if (error instanceof SigningKeyError) return json({message: error.message}, error.status);
    throw error;
  }
}

/** Mounts the endpoints; any project ref is accepted (local-supabase is one project). */
export function mountSigningKeysApi<E extends Env>(app: Hono<E>, keys: () => KeyStore): void {
  const base = '/v1/projects/:ref/config/auth/signing-keys';
  app.all(base, (c) => handle(c.req.raw, keys(), undefined));
  app.all(`${base}/:id`, (c) => handle(c.req.raw, keys(), c.req.param('id')));
}
