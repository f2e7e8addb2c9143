// PKCE flow state (auth.flow_state): created at sign-up/recover, redeemed once by
// POST /token?grant_type=pkce with the verifier.
import {randomUUID, timingSafeEqual} from 'node:crypto';
import type {Queryable} from '../db/database';
import {AuthError, badRequest, notFound, validationFailed} from './errors';
import {optionalString, type JsonObject} from './http';
import {createSession, type AuthMethod, type SessionSnapshot} from './sessions';
import {sha256Base64Url} from './tokens';

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

/** GoTrue refuses a code exchange more than 5 minutes after the flow started. */
const FLOW_STATE_TTL_SECONDS = 300;
const CHALLENGE_RE = /^[a-zA-Z0-9._~-]{43,128}$/;

export function parsePkceParams(body: JsonObject): PkceParams | undefined {
  const challenge = optionalString(body, 'code_challenge') ?? '';
  const method = (optionalString(body, 'code_challenge_method') ?? '').toLowerCase();
  if (challenge === '' && method === '') return undefined;
  if (challenge === '' || method === '') throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (method !== 's256' && method !== 'plain') throw validationFailed(`code challenge method not supported: ${method}`);
  if (!CHALLENGE_RE.test(challenge)) throw validationFailed('code challenge has to be between 43 and 128 characters');
  return {challenge, method};
}

export async function createFlowState(tx: Queryable, userId: string, pkce: PkceParams, authMethod: AuthMethod): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
        created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, 'email', now(), now(), $6)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, authMethod],
  );
}

/** The auth code to put on the redirect after a PKCE link was verified. */
export async function issueAuthCode(tx: Queryable, userId: string, authMethod: AuthMethod): Promise<string> {
  const {rows} = await tx.query<{auth_code: string}>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, authMethod],
  );
  if (!rows[0]) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  return rows[0].auth_code;
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function exchangeAuthCode(tx: Queryable, authCode: string, verifier: string): Promise<SessionSnapshot> {
  if (!authCode || !verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  const {rows} = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: string;
    created_at: Date;
  }>(
    `select id, user_id, code_challenge, code_challenge_method::text as code_challenge_method, authentication_method, created_at
       from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (Date.now() > flow.created_at.getTime() + FLOW_STATE_TTL_SECONDS * 1000) {
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const expected = flow.code_challenge_method === 's256' ? sha256Base64Url(verifier) : verifier;
  if (!sameString(expected, flow.code_challenge)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  return createSession(tx, flow.user_id, flow.authentication_method as AuthMethod);
}
