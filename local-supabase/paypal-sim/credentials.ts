// The simulator's REST credentials and webhook id: new random values at every start (a fixed,
// published secret would let any local client act as the site at the simulator, e.g. cancel
// another learner's subscription). They are handed to the functions as PAYPAL_* variables and
// written with the API keys to `<data-dir>/paypal-sim-credentials.json` (mode 0600) for the admin
// CLI (reconcile) and the tests.
import crypto from 'node:crypto';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export const CREDENTIALS_FILE = 'paypal-sim-credentials.json';

export interface SimCredentials {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

export function newCredentials(): SimCredentials {
  return {
    clientId: `sim-${crypto.randomBytes(16).toString('base64url')}`,
    clientSecret: crypto.randomBytes(32).toString('base64url'),
    webhookId: `WH-SIM-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
  };
}

/** What `<data-dir>/paypal-sim-credentials.json` holds: the PAYPAL_* environment for the simulator. */
export function writeCredentials(dataDir: string, env: Record<string, string>): void {
  writeFileAtomic.sync(path.join(dataDir, CREDENTIALS_FILE), `${JSON.stringify(env, null, 2)}\n`, {mode: 0o600});
}
