import {json} from '../http/json';
import type {Platform, ServiceHandler} from '../platform';

// Placeholder until the GoTrue subset lands.
export function createAuthService(_platform: Platform): ServiceHandler {
  return async () => json({code: 501, error_code: 'not_implemented', msg: 'not implemented'}, 501);
}
