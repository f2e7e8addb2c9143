// Maps /auth/v1 paths to handlers and turns every failure into a GoTrue error body.
import {resend} from './resend';
import type {RequestContext} from '../platform';
import * as admin from './admin';
import type {AuthContext} from './context';
import {AuthError, errorResponse, OAuthError} from './errors';
import {ok} from './http';
import * as mfa from './mfa';
import {reauthenticate} from './reauthenticate';
import {recover} from './recover';
import {signup} from './signup';
import {token} from './token';
import {getUser, logoutHandler, updateUser} from './user';
import {verifyGet, verifyPost} from './verify';

type Handler = (ctx: AuthContext, ...params: string[]) => Promise<Response>;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

const ID = '([^/]+)';
const route = (method: string, path: string, handler: Handler): Route => ({
  method,
  pattern: new RegExp(`^${path.replace(/\{id\}/g, ID)}/?$`),
  handler,
});

function health(): Promise<Response> {
  return Promise.resolve(ok({version: 'v2.189.0', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API'}));
}

function settings(): Promise<Response> {
  const providers = ['anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github',
    'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos',
    'twitch', 'twitter', 'email', 'phone', 'zoom'];
  const external = Object.fromEntries(providers.map((p) => [p, p === 'email']));
  return Promise.resolve(
    ok({
      external,
      disable_signup: false,
      // Confirmation e-mails are on, as on a hosted project.
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    }),
  );
}

function jwks(ctx: AuthContext): Promise<Response> {
  return Promise.resolve(ok({keys: [ctx.platform.keys.publicJwk]}, 200, {'cache-control': 'public, max-age=600'}));
}

const ROUTES: Route[] = [
  route('GET', '/health', health),
  route('GET', '/settings', settings),
  route('GET', '/.well-known/jwks.json', jwks),
  route('POST', '/signup', signup),
  route('POST', '/token', token),
  route('POST', '/logout', logoutHandler),
  route('POST', '/recover', recover),
  route('POST', '/resend', resend),
  route('GET', '/verify', verifyGet),
  route('POST', '/verify', verifyPost),
  route('GET', '/user', getUser),
  route('PUT', '/user', updateUser),
  route('GET', '/reauthenticate', reauthenticate),
  route('POST', '/factors', mfa.enroll),
  route('POST', '/factors/{id}/challenge', mfa.challenge),
  route('POST', '/factors/{id}/verify', mfa.verifyFactor),
  route('DELETE', '/factors/{id}', mfa.unenroll),
  route('GET', '/admin/users', admin.listUsers),
  route('POST', '/admin/users', admin.createUser),
  route('GET', '/admin/users/{id}', admin.getUserById),
  route('PUT', '/admin/users/{id}', admin.updateUserById),
  route('DELETE', '/admin/users/{id}', admin.deleteUser),
];

export async function dispatch(request: Request, context: RequestContext, ctx: AuthContext): Promise<Response> {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  let pathMatched = false;
  try {
    for (const r of ROUTES) {
      const m = r.pattern.exec(context.path);
      if (!m) continue;
      pathMatched = true;
      if (r.method !== method) continue;
      return await r.handler(ctx, ...m.slice(1).map((p) => decodeURIComponent(p)));
    }
    if (pathMatched) throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
    throw new AuthError(404, 'not_found', 'Not Found');
  } catch (error) {
    if (error instanceof AuthError || error instanceof OAuthError) return errorResponse(request, error);
    if (error instanceof URIError) return errorResponse(request, new AuthError(400, 'validation_failed', 'Malformed path'));
    console.error(`[auth] ${request.method} ${context.path} failed`, error);
    return errorResponse(request, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  }
}
