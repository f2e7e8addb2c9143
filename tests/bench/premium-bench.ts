// Premium lesson figures: a signed-in Premium learner's warm navigation to a Premium lesson until
// its body is rendered (median of 10), and what the body costs on the wire, beside the same
// lesson built as a free page (RMA_PREMIUM_AS_FREE=1, see docusaurus.config.ts). Both builds run
// against one local-supabase with the bodies published, as `npm test` sets it up.
import os from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {createClient} from '@supabase/supabase-js';
import type {Browser} from 'playwright-core';
import {run} from '../../scripts/lib/run';
import {createServiceClient} from '../../scripts/lib/serviceClient';
import {startBackend, type Backend} from '../integration/harness';
import {waitForHydration} from '../hydration';
import {launchChromium} from './firstVisitJs';
import {serveBuild} from './serveBuild';

const LESSON = '/docs/modules/systematic-review/meta-analysis';
/** A heading of the body (after the objectives). */
const BODY_HEADING = 'h2#inverse-variance-weighting';
/** Text from the body, to find which responses carry it. */
const BODY_TEXT = 'Intuitive; pooled on the log scale';
const RUNS = 10;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function premiumSession(backend: Backend): Promise<unknown> {
  const admin = createServiceClient({url: backend.url, key: backend.secretKey});
  const email = `bench-premium-${Date.now()}@example.com`;
  const password = 'bench-premium-password';
  const created = await admin.auth.admin.createUser({email, password, email_confirm: true});
  if (created.error) throw created.error;
  const end = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
  const updated = await admin.from('profiles').update({subscription_status: 'active', subscription_end_date: end}).eq('id', created.data.user.id);
  if (updated.error) throw new Error(updated.error.message);
  const learner = createClient(backend.url, backend.publishableKey, {auth: {persistSession: false, autoRefreshToken: false}});
  const signIn = await learner.auth.signInWithPassword({email, password});
  if (signIn.error) throw signIn.error;
  return signIn.data.session;
}

interface Figures {
  medianMs: number;
  /** Bytes of the responses that carry the body's text: the RPC answer, or the page's chunk. */
  bodyRaw: number;
  bodyGzip: number;
}

async function measure(browser: Browser, base: string, storageKey: string, session: unknown): Promise<Figures> {
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [storageKey, JSON.stringify(session)] as const);
  const page = await context.newPage();
  const carriers = new Map<string, Buffer>();
  page.on('response', (response) => {
    void response
      .body()
      .then((body) => {
        if (body.includes(BODY_TEXT)) carriers.set(new URL(response.url()).pathname, body);
      })
      .catch(() => undefined);
  });
  // Warm: the site's shell, the lesson's chunks and the Supabase client are cached.
  await page.goto(base + LESSON);
  await page.waitForSelector(BODY_HEADING);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    await page.goto(`${base}/docs/intro`);
    await waitForHydration(page);
    const started = Date.now();
    // A client-side navigation, as a learner clicking through the course makes.
    await page.evaluate((to) => {
      const link = document.createElement('a');
      link.href = to;
      document.body.append(link);
      link.click();
    }, LESSON);
    await page.waitForSelector(BODY_HEADING);
    times.push(Date.now() - started);
  }
  await context.close();
  const bodies = [...carriers.values()];
  return {
    medianMs: median(times),
    bodyRaw: bodies.reduce((n, b) => n + b.length, 0),
    bodyGzip: bodies.reduce((n, b) => n + gzipSync(b, {level: 9}).length, 0),
  };
}

export async function premiumBench(): Promise<void> {
  const backend = await startBackend({premiumBodies: true});
  const gated = path.join(os.tmpdir(), 'rma-build-premium');
  const free = path.join(os.tmpdir(), 'rma-build-premium-as-free');
  try {
    const env = {SUPABASE_URL: backend.url, SUPABASE_PUBLISHABLE_KEY: backend.publishableKey};
    if ((await run('npx', ['docusaurus', 'build', '--out-dir', gated], env)) !== 0) throw new Error('build failed');
    if ((await run('npx', ['docusaurus', 'build', '--out-dir', free], {...env, RMA_PREMIUM_AS_FREE: '1'})) !== 0) throw new Error('free build failed');
    const session = await premiumSession(backend);
    const storageKey = `sb-${new URL(backend.url).hostname.split('.')[0]}-auth-token`;
    const browser = await launchChromium();
    try {
      const figures: Figures[] = [];
      for (const [dir, port] of [[gated, 3293], [free, 3294]] as const) {
        const served = await serveBuild(dir, port);
        try {
          figures.push(await measure(browser, served.base, storageKey, session));
        } finally {
          await served.stop();
        }
      }
      const [premium, asFree] = figures as [Figures, Figures];
      console.log(
        `premium: navigation to ${LESSON} until the body is rendered (signed in, warm, median of ${RUNS}): ` +
          `${premium.medianMs} ms as a Premium lesson, ${asFree.medianMs} ms as a free page`,
      );
      console.log(
        `premium: the body on the wire: ${kib(premium.bodyRaw)} (${kib(premium.bodyGzip)} gzip) from get_premium_lesson, ` +
          `${kib(asFree.bodyRaw)} (${kib(asFree.bodyGzip)} gzip) in the free page's HTML and chunks`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    await backend.stop();
  }
}
