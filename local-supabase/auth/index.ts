// The GoTrue (Supabase Auth) subset mounted at /auth/v1.
import type {Platform, ServiceHandler} from '../platform';
import {RateLimiter} from './rateLimit';
import {dispatch} from './router';

export function createAuthService(platform: Platform): ServiceHandler {
  const settings = platform.config.auth;
  const limiter = new RateLimiter(platform.config.rateLimitScale, settings);
  return (request, context) =>
    dispatch(request, context, {platform, request, url: context.url, ip: context.ip, limiter, settings});
}
