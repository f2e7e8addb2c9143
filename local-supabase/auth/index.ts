// The GoTrue (Supabase Auth) subset mounted at /auth/v1.
import type {Platform, ServiceHandler} from '../platform';
import {RateLimiter} from './rateLimit';
import {dispatch} from './router';
import {authSettings} from './settings';

export function createAuthService(platform: Platform): ServiceHandler {
  const limiter = new RateLimiter(platform.config.rateLimitScale, platform.config.emailMaxFrequencySeconds * 1000);
  const settings = authSettings(platform.config.supabaseDir);
  return (request, context) =>
    dispatch(request, context, {platform, request, url: context.url, ip: context.ip, limiter, settings});
}
