// The GoTrue (Supabase Auth) subset mounted at /auth/v1.
import type {Platform, ServiceHandler} from '../platform';
import {authAdminDb} from './authAdminDb';
import {RateLimiter} from './rateLimit';
import {dispatch} from './router';

export function createAuthService(shared: Platform): ServiceHandler {
  const platform = {...shared, db: authAdminDb(shared.db)};
  const settings = platform.config.auth;
  const limiter = new RateLimiter(platform.config.rateLimitScale, settings);
  return (request, context) =>
    dispatch(request, context, {platform, request, url: context.url, ip: context.ip, limiter, settings});
}
