// After a failed suite, `npm test` prints what local-supabase's functions logged (their errors never
// reach the test's own output): the failure lines of every backend log, newest last, at most `limit`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {backendLogFailures} from '../../scripts/lib/localBackend';

let dir: string;
afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

describe('backendLogFailures', () => {
  it('keeps the lines that report a failure from each backend log, and no others', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-logs-'));
    fs.writeFileSync(
      path.join(dir, 'local-supabase-postgres-1-1.log'),
      [
        '[auth] custom SMTP configured: [auth.rate_limit] email_sent applies (30 e-mails per hour)',
        'local-supabase ready on http://127.0.0.1:5000',
        '[cancel-subscription] recording the cancellation failed (40P01): deadlock detected',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(dir, 'local-supabase-pglite-1-2.log'), '[functions] send-mail threw TypeError: x is undefined\n');
    fs.writeFileSync(path.join(dir, 'other.txt'), 'error in a file that is not a backend log\n');

    expect(backendLogFailures(dir).sort()).toEqual([
      'local-supabase-pglite-1-2.log: [functions] send-mail threw TypeError: x is undefined',
      'local-supabase-postgres-1-1.log: [cancel-subscription] recording the cancellation failed (40P01): deadlock detected',
    ]);
    expect(backendLogFailures(dir, 1)).toHaveLength(1);
  });

  it('answers nothing when no backend wrote a log', () => {
    dir = path.join(os.tmpdir(), 'rma-logs-none');
    expect(backendLogFailures(dir)).toEqual([]);
  });
});
