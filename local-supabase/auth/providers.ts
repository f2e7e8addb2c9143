// The sign-in providers this server does not offer, answered as GoTrue answers for a project that
// has them switched off: OAuth (/authorize, which signInWithOAuth only builds the URL for), SAML
// SSO (/sso) and passkeys (/passkeys). E-mail is the one provider; phone and anonymous sign-in
// answer in their handlers.
import type {AuthContext} from './context';
import {notFound, validationFailed} from './errors';

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
