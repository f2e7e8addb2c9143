// Liveness of the functions runtime: answers without touching the database.
import {corsHeaders, jsonResponse} from '../_shared/http.ts';

export default function handler(request: Request): Response {
  if (request.method === 'OPTIONS') return new Response('ok', {headers: corsHeaders});
  return jsonResponse({status: 'ok', time: new Date().toISOString()});
}
