// Runs the send-mail function locally as hosted Supabase runs it with pg_cron + pg_net: on a
// schedule, over HTTP with the secret key. It also runs right after any other function answers
// (a nudge: a purchase, a webhook or an account deletion has just enqueued mail), so a local
// mail arrives within a moment rather than at the next tick. Runs never overlap; a nudge during
// a run asks for one more run after it. Stopping waits for a run under way, so the server closes
// only after send-mail's own requests to it have been answered.
export const MAIL_DRAIN_INTERVAL_MS = 30_000;

export interface MailDrain {
  nudge(): void;
  /** No more runs; resolves when the one under way, if any, has finished. */
  stop(): Promise<void>;
}

export function startMailDrain(options: {url: string; secretKey: string; intervalMs?: number}): MailDrain {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const runOnce = async (): Promise<void> => {
    try {
      const response = await fetch(`${options.url.replace(/\/+$/, '')}/functions/v1/send-mail`, {
        method: 'POST',
        headers: {apikey: options.secretKey, authorization: `Bearer ${options.secretKey}`, 'content-type': 'application/json'},
        body: '{}',
      });
      if (!response.ok) console.error(`[mail] send-mail answered ${response.status}: ${await response.text()}`);
      else await response.body?.cancel();
    } catch (error) {
      if (!stopped) console.error('[mail] send-mail could not be reached:', (error as Error).message);
    }
  };
  const nudge = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce().finally(() => {
      running = null;
      if (again) {
        again = false;
        nudge();
      }
    });
  };
  const timer = setInterval(nudge, options.intervalMs ?? MAIL_DRAIN_INTERVAL_MS);
  timer.unref();
  return {
    nudge,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
