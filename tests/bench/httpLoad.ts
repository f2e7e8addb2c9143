// The load generator the backend benchmarks share: CONCURRENCY loops on keep-alive sockets for a
// fixed time, with latencies for p50/p99.
import fs from 'node:fs';
import http from 'node:http';

export const CONCURRENCY = 50;
export const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;

export interface Figures {
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
  /** CPU the server process spent during the timed run (Linux only), steadier than req/s on a shared machine. */
  serverCpuMs?: number;
}

/** user + system CPU of a process in ms, from /proc; undefined where there is no /proc. */
function processCpuMs(pid: number): number | undefined {
  try {
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export function print(label: string, f: Figures): void {
  const sorted = [...f.latencies].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} ${(f.requests / f.seconds).toFixed(0).padStart(7)} req/s   p50 ${percentile(sorted, 50).toFixed(2)} ms   p99 ${percentile(
      sorted,
      99,
    ).toFixed(2)} ms   (${f.requests} ok, ${f.errors} errors)` +
      (f.serverCpuMs === undefined ? '' : `   server CPU ${((f.serverCpuMs * 1000) / (f.requests + f.errors)).toFixed(0)} µs/req`),
  );
}

function request(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{status: number; text: string}>((resolve, reject) => {
    const req = http.request(url, {method, headers, agent}, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, text}));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/**
 * `CONCURRENCY` loops, each one request at a time on its own keep-alive socket, for DURATION_MS;
 * with the server's pid, also the CPU it spent meanwhile.
 */
export async function load(
  make: () => {url: URL; method: string; headers: Record<string, string>; body?: string},
  ok: (s: number) => boolean,
  serverPid?: number,
): Promise<Figures> {
  const agent = new http.Agent({keepAlive: true, maxSockets: CONCURRENCY});
  const figures: Figures = {requests: 0, errors: 0, seconds: 0, latencies: []};
  // Warm-up (1 s): JIT, compiled-SQL cache, open sockets.
  const warmUntil = performance.now() + 1000;
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      while (performance.now() < warmUntil) {
        const r = make();
        await request(agent, r.url, r.method, r.headers, r.body);
      }
    }),
  );
  const cpuBefore = serverPid === undefined ? undefined : processCpuMs(serverPid);
  const started = performance.now();
  const until = started + DURATION_MS;
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      while (performance.now() < until) {
        const r = make();
        const t0 = performance.now();
        const res = await request(agent, r.url, r.method, r.headers, r.body);
        figures.latencies.push(performance.now() - t0);
        if (ok(res.status)) figures.requests += 1;
        else {
          figures.errors += 1;
          if (figures.errors === 1) console.log(`  first error: ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
    }),
  );
  figures.seconds = (performance.now() - started) / 1000;
  const cpuAfter = serverPid === undefined ? undefined : processCpuMs(serverPid);
  if (cpuBefore !== undefined && cpuAfter !== undefined) figures.serverCpuMs = cpuAfter - cpuBefore;
  agent.destroy();
  return figures;
}
