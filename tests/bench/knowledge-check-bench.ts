// Knowledge-check input bound figures (issue #25): how long local-supabase over PGlite takes to
// refuse an answer list just under the gateway's 1 MiB body limit (the database's 8 KiB bound
// refuses it), and how long an anonymous read issued at the same moment takes, against the same
// read alone. Run by hand: `npx tsx tests/bench/knowledge-check-bench.ts` (starts its own
// backend; the integration test asserts the outcomes, this only prints times).
import {performance} from 'node:perf_hooks';
import {createClient} from '@supabase/supabase-js';
import {startBackend} from '../integration/harness';
import {startAttempt} from '../../src/lib/knowledgeChecks';

const RUNS = 7;
const COURSE = 'open-data';
const LESSON = 'overview';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function timed<T>(work: () => PromiseLike<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const backend = await startBackend();
  try {
    const anon = () => createClient(backend.url, backend.publishableKey, {auth: {persistSession: false, autoRefreshToken: false}});
    const read = () => anon().rpc('get_knowledge_check', {p_course_slug: COURSE, p_lesson_slug: LESSON});
    const huge = Array.from({length: 250_000}, () => [0]);
    const alone: number[] = [];
    const refusal: number[] = [];
    const beside: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      alone.push(await timed(read));
      const client = anon();
      const attempt = await startAttempt(client, COURSE, LESSON);
      if (attempt.error !== null) throw new Error(attempt.error);
      const big = timed(async () => {
        const {error} = await client.rpc('submit_knowledge_check', {p_attempt_id: attempt.data.attemptId, p_answers: huge, p_token: attempt.data.token ?? undefined});
        if (error?.code !== '22023') throw new Error(`expected 22023, got ${JSON.stringify(error)}`);
      });
      const [bigMs, readMs] = await Promise.all([big, timed(read)]);
      refusal.push(bigMs);
      beside.push(readMs);
    }
    console.log(`knowledge check, ${(JSON.stringify(huge).length / 1024).toFixed(0)} KiB answer list refused: median ${median(refusal).toFixed(1)} ms (${RUNS} runs, client-side, upload included)`);
    console.log(`get_knowledge_check alone: median ${median(alone).toFixed(1)} ms; issued beside the refusal: median ${median(beside).toFixed(1)} ms`);
  } finally {
    await backend.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
