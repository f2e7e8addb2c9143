import {json} from '../http/json';
import type {Platform, ServiceHandler} from '../platform';

// Placeholder until the PostgREST subset lands.
export function createRestService(_platform: Platform): ServiceHandler {
  return async () => json({code: 'PGRST000', details: null, hint: null, message: 'not implemented'}, 501);
}
