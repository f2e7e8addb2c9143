// Timing side of account enumeration: median latency of the answers an attacker would compare
// (wrong password for a real account vs an unknown address; sign-up of a new vs a registered
// address). Figures only, printed by `npm run bench -- --only auth`; the tests compare bodies.
import {startBackend} from '../integration/harness';

const SAMPLES = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  await (await request()).text();
  return performance.now() - t0;
}

export async function enumerationBench(): Promise<void> {
  const backend = await startBackend({persistent: false, rateLimitScale: 1e6, env: {MAILER_MAX_FREQUENCY: '0'}});
  try {
    const headers = {apikey: backend.publishableKey, 'content-type': 'application/json'};
    const admin = {apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json'};
    const known = `bench.known.${Date.now()}@example.com`;
    await fetch(`${backend.url}/auth/v1/admin/users`, {method: 'POST', headers: admin, body: JSON.stringify({email: known, password: 'correct-horse-battery', email_confirm: true})});
    const post = (path: string, body: unknown) => () => fetch(`${backend.url}/auth/v1${path}`, {method: 'POST', headers, body: JSON.stringify(body)});
    const rows: [string, number[]][] = [
      ['sign-in, wrong password, real account', []],
      ['sign-in, unknown address', []],
      ['sign-up, registered address', []],
      ['sign-up, new address', []],
      ['recover, registered address', []],
      ['recover, unknown address', []],
    ];
    let registeredSlower = 0;
    for (let i = 0; i < SAMPLES; i += 1) {
      rows[0]?.[1].push(await timed(post('/token?grant_type=password', {email: known, password: 'wrong-password'})));
      rows[1]?.[1].push(await timed(post('/token?grant_type=password', {email: `bench.ghost.${i}@example.com`, password: 'wrong-password'})));
      rows[2]?.[1].push(await timed(post('/signup', {email: known, password: 'another-password'})));
      rows[3]?.[1].push(await timed(post('/signup', {email: `bench.new.${Date.now()}.${i}@example.com`, password: 'another-password'})));
      const registered = await timed(post('/recover', {email: known}));
      const unknown = await timed(post('/recover', {email: `bench.ghost.${i}@example.com`}));
      rows[4]?.[1].push(registered);
      rows[5]?.[1].push(unknown);
      if (registered > unknown) registeredSlower += 1;
    }
    console.log(`\nAccount enumeration by timing: median of ${SAMPLES} sequential requests`);
    for (const [label, times] of rows) console.log(`${label.padEnd(40)} ${median(times).toFixed(1)} ms`);
    console.log(`recover: registered slower in ${registeredSlower}/${SAMPLES} pairs (about half when the times match)`);
  } finally {
    await backend.stop();
  }
}
