// Password sign-in throughput beside raw bcrypt on this machine (sign-in is bcrypt-bound, so the
// ratio shows what the rest of the auth path costs) and GET /user (the path without bcrypt).
// Figures only; `npm run bench -- --only auth`.
import bcrypt from 'bcrypt';
import {startBackend} from '../integration/harness';
import {enumerationBench} from './enumeration-bench';
import {CONCURRENCY, DURATION_MS, load, loop, print, type Figures} from './httpLoad';

/** bcrypt.compare at cost 10 with the same concurrency, in this process (libuv's thread pool). */
async function rawBcrypt(): Promise<Figures> {
  const hash = await bcrypt.hash('correct-horse-battery', 10);
  return loop(() => bcrypt.compare('correct-horse-battery', hash));
}

/**
 * Password sign-in, then GET /user with one of its sessions: the auth path without bcrypt (token
 * check and user lookup, each statement run as supabase_auth_admin).
 */
async function signInAndUserThroughput(): Promise<{signIn: Figures; getUser: Figures}> {
  // Rate limits scaled far up: the benchmark measures the work, not the limiter.
  const backend = await startBackend({persistent: false, rateLimitScale: 1e6});
  try {
    const email = `bench.signin.${Date.now()}@example.com`;
    const password = 'correct-horse-battery';
    const created = await fetch(`${backend.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json'},
      body: JSON.stringify({email, password, email_confirm: true}),
    });
    if (!created.ok) throw new Error(`admin createUser failed: ${created.status}`);
    const url = new URL(`${backend.url}/auth/v1/token?grant_type=password`);
    const body = JSON.stringify({email, password});
    const headers = {apikey: backend.publishableKey, 'content-type': 'application/json'};
    const signIn = await load({url, method: 'POST', headers, body}, backend.process.pid);
    const session = (await (await fetch(url, {method: 'POST', headers, body})).json()) as {access_token: string};
    const userUrl = new URL(`${backend.url}/auth/v1/user`);
    const userHeaders = {apikey: backend.publishableKey, authorization: `Bearer ${session.access_token}`};
    const getUser = await load({url: userUrl, method: 'GET', headers: userHeaders}, backend.process.pid);
    return {signIn, getUser};
  } finally {
    await backend.stop();
  }
}

export async function authBench(): Promise<void> {
  console.log(`\nAuth (GoTrue subset): ${CONCURRENCY} concurrent keep-alive connections, ${DURATION_MS / 1000} s each`);
  const {signIn, getUser} = await signInAndUserThroughput();
  print('POST /token?grant_type=password (sign-in)', signIn);
  print('GET /user (signed in)', getUser);
  const raw = await rawBcrypt();
  print('reference: bcrypt.compare cost 10, in-process', raw);
  const ratio = signIn.requests / signIn.seconds / (raw.requests / raw.seconds);
  console.log(`sign-in throughput is ${(ratio * 100).toFixed(0)} % of raw bcrypt (target ≥ 80 %)`);
  await enumerationBench();
}
