// The load generator the backend benchmarks share: autocannon, CONCURRENCY keep-alive connections
// for a fixed time after a warm-up, with p50/p99 and the CPU the server spent meanwhile. Client
// and server share this machine's two cores, so a lean client matters: autocannon spends about
// 0.1 ms of CPU a request where a loop over node:http spent 0.2–0.25 ms.
import fs from 'node:fs';
import autocannon from 'autocannon';

export const CONCURRENCY = 50;
export const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const WARM_UP_SECONDS = 2;

export interface Figures {
  /** 2xx answers. */
  requests: number;
  /** Other statuses, connection errors and timeouts. */
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
  /** CPU the server process spent during the timed run (Linux only), steadier than req/s on a shared machine. */
  serverCpuMs?: number;
}

export interface LoadRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
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

/** CONCURRENCY loops calling `task` in this process for DURATION_MS (the benches that call code, not HTTP). */
export async function loop(task: () => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + DURATION_MS;
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        if (!(await task())) errors += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {requests: latencies.length - errors, errors, seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99)};
}

export function print(label: string, f: Figures): void {
  console.log(
    `${label.padEnd(44)} ${(f.requests / f.seconds).toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(2)} ms   p99 ${f.p99.toFixed(2)} ms   (${f.requests} ok, ${f.errors} errors)` +
      (f.serverCpuMs === undefined ? '' : `   server CPU ${((f.serverCpuMs * 1000) / (f.requests + f.errors)).toFixed(0)} µs/req`),
  );
}

function run(request: LoadRequest, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: request.url.toString(),
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: CONCURRENCY,
    duration: seconds,
  });
}

/** A warm-up (JIT, compiled-SQL cache, open sockets), then the timed run; with the server's pid, also the CPU it spent. */
export async function load(request: LoadRequest, serverPid?: number): Promise<Figures> {
  await run(request, WARM_UP_SECONDS);
  const cpuBefore = serverPid === undefined ? undefined : processCpuMs(serverPid);
  const result = await run(request, DURATION_MS / 1000);
  const cpuAfter = serverPid === undefined ? undefined : processCpuMs(serverPid);
  const figures: Figures = {
    requests: result['2xx'],
    errors: result.non2xx + result.errors,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
  if (cpuBefore !== undefined && cpuAfter !== undefined) figures.serverCpuMs = cpuAfter - cpuBefore;
  if (figures.errors > 0) {
    // autocannon keeps no bodies: one more request shows what the server said.
    const res = await fetch(request.url, {method: request.method, headers: request.headers, body: request.body});
    console.log(`  ${figures.errors} errors; one more request answers ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  return figures;
}
