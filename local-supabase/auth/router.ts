// Maps /auth/v1 paths to handlers and turns every failure into a GoTrue error body.
import {resend} from './resend';
import type {RequestContext} from '../platform';
import * as adminApi from './admin';
import type {AdminContext, AuthContext, UserContext} from './context';
import {AuthError, errorResponse, forbidden, OAuthError} from './errors';
import {containsNul, nulRefused, ok} from './http';
import {generateLink, invite} from './invite';
import {sendQueuedNotifications} from './notify';
import * as mfa from './mfa';
import {otp} from './otp';
import {authorize, EXTERNAL_PROVIDERS, manualLinkingDisabled, oauthServerDisabled, passkeysDisabled, samlDisabled} from './providers';
import type {LimitName} from './rateLimit';
import {reauthenticate} from './reauthenticate';
import {requireAdmin, requireUser} from './requestAuth';
import {recover} from './recover';
import {signup} from './signup';
import {token} from './token';
import {getUser, logoutHandler, updateUser} from './user';
import {verifyGet, verifyPost} from './verify';

type Params = string[];
type Handler<C> = (ctx: C, ...params: Params) => Promise<Response>;

/**
 * A route and what GoTrue's middleware decides before its handler runs: who may call it (anyone,
 * a signed-in user: requireAuthentication, a signed-in non-anonymous user: requireNotAnonymous,
 * the service role: requireAdminCredentials) and which per-IP limiter bucket it takes
 * (limitHandler), after the caller is known.
 */
type Route = {method: string; pattern: RegExp; limit?: LimitName} & (
  | {access: 'anyone'; handler: Handler<AuthContext>}
  | {access: 'user' | 'namedUser'; handler: Handler<UserContext>}
  | {access: 'admin'; handler: Handler<AdminContext>}
);

const ID = '([^/]+)';
const pattern = (path: string) => new RegExp(`^${path.replace(/\{id\}/g, ID)}/?$`);
/**
 * A path and everything below it, any method: a GoTrue sub-router whose middleware (a feature
 * switch) answers before its routes are matched.
 */
const subtree = (path: string) => new RegExp(`^${path}(?:/.*)?$`);
const ANY_METHOD = '*';

const anyone = (method: string, path: string, handler: Handler<AuthContext>, limit?: LimitName): Route => ({
  method,
  pattern: pattern(path),
  access: 'anyone',
  handler,
  limit,
});
const user = (method: string, path: string, handler: Handler<UserContext>, limit?: LimitName): Route => ({
  method,
  pattern: pattern(path),
  access: 'user',
  handler,
  limit,
});
const namedUser = (method: string, path: string, handler: Handler<UserContext>, limit?: LimitName): Route => ({
  method,
  pattern: pattern(path),
  access: 'namedUser',
  handler,
  limit,
});
const admin = (method: string, path: string, handler: Handler<AdminContext>): Route => ({
  method,
  pattern: pattern(path),
  access: 'admin',
  handler,
});
/** A switched-off feature's sub-router: after the caller check its middleware refuses every path and method. */
const disabledTree = (access: 'anyone' | 'user' | 'admin', path: string, handler: () => Promise<Response>): Route => ({
  method: ANY_METHOD,
  pattern: subtree(path),
  access,
  handler,
});

/** Checks the route's access and rate limit, then runs its handler with the caller resolved. */
async function run(route: Route, ctx: AuthContext, params: Params): Promise<Response> {
  switch (route.access) {
    case 'anyone':
      if (route.limit) ctx.limiter.enforce(route.limit, ctx.ip);
      return route.handler(ctx, ...params);
    case 'user':
    case 'namedUser': {
      const caller = await requireUser(ctx.platform, ctx.request);
      if (route.access === 'namedUser' && caller.user.is_anonymous) {
        throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
      }
      if (route.limit) ctx.limiter.enforce(route.limit, ctx.ip);
      return route.handler({...ctx, caller}, ...params);
    }
    case 'admin':
      return route.handler({...ctx, admin: await requireAdmin(ctx.platform, ctx.request)}, ...params);
  }
}

function health(): Promise<Response> {
  return Promise.resolve(ok({version: 'v2.189.0', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API'}));
}

function settings(ctx: AuthContext): Promise<Response> {
  const external = Object.fromEntries(EXTERNAL_PROVIDERS.map((p) => [p, p === 'email' && ctx.settings.emailProviderEnabled]));
  return Promise.resolve(
    ok({
      external,
      disable_signup: !ctx.settings.enableSignup,
      mailer_autoconfirm: !ctx.settings.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    }),
  );
}

function jwks(ctx: AuthContext): Promise<Response> {
  return Promise.resolve(ok(ctx.platform.keys.jwks(), 200, {'cache-control': 'public, max-age=600'}));
}

const ROUTES: Route[] = [
  anyone('GET', '/health', health),
  anyone('GET', '/settings', settings),
  anyone('GET', '/.well-known/jwks.json', jwks),
  // The functions guide names this path for the same key set.
  anyone('GET', '/jwks', jwks),
  anyone('POST', '/signup', signup, 'signup'),
  // GoTrue's /token picks its bucket by grant inside the handler; every grant here shares one.
  anyone('POST', '/token', token, 'token'),
  anyone('POST', '/otp', otp, 'otp'),
  anyone('POST', '/recover', recover, 'recover'),
  anyone('POST', '/resend', resend, 'resend'),
  anyone('GET', '/authorize', authorize),
  anyone('POST', '/sso', samlDisabled),
  anyone('GET', '/sso/saml/metadata', samlDisabled),
  anyone('POST', '/sso/saml/acs', samlDisabled),
  anyone('POST', '/passkeys/authentication/options', passkeysDisabled),
  anyone('POST', '/passkeys/authentication/verify', passkeysDisabled),
  anyone('POST', '/passkeys/registration/options', passkeysDisabled),
  anyone('POST', '/passkeys/registration/verify', passkeysDisabled),
  anyone('GET', '/passkeys', passkeysDisabled),
  anyone('PATCH', '/passkeys/{id}', passkeysDisabled),
  anyone('DELETE', '/passkeys/{id}', passkeysDisabled),
  anyone('GET', '/verify', verifyGet, 'verify'),
  anyone('POST', '/verify', verifyPost, 'verify'),
  user('POST', '/logout', logoutHandler),
  user('GET', '/user', getUser),
  user('PUT', '/user', updateUser, 'user'),
  // GoTrue puts no per-IP limiter on /reauthenticate: only the mail spacing and quota apply.
  user('GET', '/reauthenticate', reauthenticate),
  namedUser('POST', '/factors', mfa.enroll),
  namedUser('POST', '/factors/{id}/challenge', mfa.challenge, 'mfa'),
  namedUser('POST', '/factors/{id}/verify', mfa.verifyFactor, 'mfa'),
  namedUser('DELETE', '/factors/{id}', mfa.unenroll),
  admin('POST', '/invite', invite),
  admin('POST', '/admin/generate_link', generateLink),
  admin('GET', '/admin/users', adminApi.listUsers),
  admin('POST', '/admin/users', adminApi.createUser),
  admin('GET', '/admin/users/{id}', adminApi.getUserById),
  admin('PUT', '/admin/users/{id}', adminApi.updateUserById),
  admin('DELETE', '/admin/users/{id}', adminApi.deleteUser),
  // Switched-off features, in the order GoTrue's router checks them: the caller first, then the switch.
  disabledTree('user', '/user/identities', manualLinkingDisabled),
  disabledTree('user', '/user/oauth/grants', oauthServerDisabled),
  disabledTree('admin', '/admin/oauth', oauthServerDisabled),
  disabledTree('anyone', '/oauth', oauthServerDisabled),
];

export async function dispatch(request: Request, context: RequestContext, ctx: AuthContext): Promise<Response> {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  let pathMatched = false;
  try {
    if (containsNul([...ctx.url.searchParams].flat())) throw nulRefused();
    for (const r of ROUTES) {
      const m = r.pattern.exec(context.path);
      if (!m) continue;
      pathMatched = true;
      if (r.method !== method && r.method !== ANY_METHOD) continue;
      const params = m.slice(1).map((p) => decodeURIComponent(p));
      const response = await run(r, ctx, params);
      // A redirect counts as success: GET /verify answers 303 both ways, its errors in the fragment,
      // and queues nothing when it fails.
      if (response.status < 400) await sendQueuedNotifications(ctx);
      return response;
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
