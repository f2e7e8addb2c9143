// The simulator's state file (`<data-dir>/paypal-sim.json`): its signing key and every simulated
// subscription. Written atomically (a temp file renamed over the old one, by write-file-atomic),
// so a crash mid-write leaves the previous state; a file that cannot be read stops the start
// with a clear error instead of silently discarding every subscription.
import fs from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import type {PayPalSimulator} from './state';

export interface StoredState {
  privateKeyPem: string;
  certPem: string;
  simulator: ReturnType<PayPalSimulator['snapshot']>;
}

export class CorruptStateError extends Error {}

/** The stored state, or null when there is no file yet. Throws CorruptStateError for a damaged file. */
export function loadState(file: string): StoredState | null {
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  let state: StoredState;
  try {
    state = JSON.parse(text) as StoredState;
  } catch (error) {
    throw new CorruptStateError(
      `The PayPal simulator's state file ${file} is damaged (${(error as Error).message}). ` +
        'It holds every simulated subscription: restore it from a backup, or delete it to start with none.',
    );
  }
  if (!state || typeof state.privateKeyPem !== 'string' || typeof state.certPem !== 'string' || !Array.isArray(state.simulator?.subscriptions)) {
    throw new CorruptStateError(`The PayPal simulator's state file ${file} does not hold simulator state. Restore it from a backup, or delete it to start with none.`);
  }
  return state;
}

export function saveState(file: string, state: StoredState): void {
  writeFileAtomic.sync(file, JSON.stringify(state), {mode: 0o600});
}
