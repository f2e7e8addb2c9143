// The sign-in providers and features this server does not offer, answered as GoTrue answers for a
// project that has them switched off: OAuth (/authorize, which signInWithOAuth only builds the URL
// for), SAML SSO (/sso), passkeys (/passkeys), the OAuth 2.1 server (/oauth, /admin/oauth,
// /user/oauth/grants), manual identity linking (/user/identities) and web3 sign-in (in /token).
// E-mail is the one provider; phone and anonymous sign-in answer in their handlers.
import type {AuthContext} from './context';
import {notFound, unprocessable, validationFailed} from './errors';

/** The external providers GoTrue's /settings lists; only `email` can be on here. */
export const EXTERNAL_PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github', 'gitlab',
  'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch',
  'twitter', 'email', 'phone', 'zoom',
];

const OAUTH_PROVIDERS = new Set(EXTERNAL_PROVIDERS.filter((p) => !['anonymous_users', 'email', 'phone'].includes(p)));

/** GET /authorize?provider=…: every OAuth provider is unconfigured. */
export function authorize(ctx: AuthContext): Promise<Response> {
  const provider = (ctx.url.searchParams.get('provider') ?? '').toLowerCase();
  if (OAUTH_PROVIDERS.has(provider)) throw validationFailed('Unsupported provider: provider is not enabled');
  throw validationFailed(`Unsupported provider: Provider ${provider} could not be found`);
}

/** Every /passkeys route: GoTrue's requirePasskeyEnabled. */
export function passkeysDisabled(): Promise<Response> {
  throw notFound('passkey_disabled', 'Passkeys are disabled');
}

/** POST /sso and the SAML routes: GoTrue's requireSAMLEnabled. */
export function samlDisabled(): Promise<Response> {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}

/** Everything under /oauth, /admin/oauth and /user/oauth/grants: GoTrue's requireOAuthServerEnabled. */
export function oauthServerDisabled(): Promise<Response> {
  throw notFound('oauth_server_disabled', 'OAuth server is disabled');
}

/** Everything under /user/identities (linkIdentity, unlinkIdentity): GoTrue's requireManualLinkingEnabled. */
export function manualLinkingDisabled(): Promise<Response> {
  throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

/** POST /token?grant_type=web3 with neither chain on: GoTrue's Web3Grant, before it reads the body. */
export function web3Disabled(): never {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}
