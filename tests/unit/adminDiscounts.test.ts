// The admin CLI's date rules for discount codes and its --data-dir flag, without a backend.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {resolveConnection} from '../../scripts/admin';
import {discountState, expiryFromDate} from '../../scripts/lib/adminDiscounts';

const ROOT = path.resolve(__dirname, '../..');
const NOW = new Date('2026-11-26T15:00:00Z');

describe('discount expiry dates', () => {
  it('a date already over is refused with the reason and today’s date', () => {
    expect(expiryFromDate('2026-06-30', NOW)).toEqual({
      error: "--expires 2026-06-30 is already over (today is 2026-11-26 UTC): a code expiring then could never be used. Give today's date or a later one.",
    });
  });

  it('today and later dates last to the end of that day in UTC', () => {
    expect(expiryFromDate('2026-11-26', NOW)).toEqual({expiresAt: '2026-11-26T23:59:59Z'});
    expect(expiryFromDate('2027-06-30', NOW)).toEqual({expiresAt: '2027-06-30T23:59:59Z'});
  });

  it('a date that does not exist is refused, not rolled over', () => {
    expect(expiryFromDate('2027-02-30', NOW)).toEqual({error: '--expires must be a date YYYY-MM-DD (got 2027-02-30)'});
    expect(expiryFromDate('30/06/2027', NOW)).toEqual({error: '--expires must be a date YYYY-MM-DD (got 30/06/2027)'});
  });

  it('a code is listed as the checkout would treat it', () => {
    const row = {active: true, expires_at: '2026-06-30T23:59:59+00:00', redemptions: 0, max_redemptions: null};
    expect(discountState(row, NOW)).toBe('expired');
    expect(discountState(row, new Date('2026-06-30T23:59:58Z'))).toBe('active');
    expect(discountState({...row, active: false}, NOW)).toBe('disabled');
    expect(discountState({...row, expires_at: null, redemptions: 2, max_redemptions: 2}, NOW)).toBe('used up');
  });
});

describe('--data-dir', () => {
  const withoutTarget = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['SUPABASE_URL', 'SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'DATA_DIR', 'PAYPAL_CLIENT_ID'].includes(name)),
  );

  it('the connection comes from that folder’s status.json and simulator credentials', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-data-'));
    fs.writeFileSync(path.join(dir, 'status.json'), JSON.stringify({api_url: 'http://127.0.0.1:59999', secret_key: 'sb_secret_test'}));
    fs.writeFileSync(path.join(dir, 'paypal-sim-credentials.json'), JSON.stringify({PAYPAL_CLIENT_ID: 'sim-client'}));
    const connection = resolveConnection(withoutTarget, dir);
    expect(connection).toMatchObject({url: 'http://127.0.0.1:59999', serviceRoleKey: 'sb_secret_test', paypal: {PAYPAL_CLIENT_ID: 'sim-client'}});
  });

  it('the command line takes the flag anywhere and looks in that folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-empty-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'discount', 'list', '--data-dir', dir], {cwd: ROOT, env: withoutTarget, encoding: 'utf8'});
    expect(run.stderr).toContain(`${path.join(dir, 'status.json')} exists`);
    expect(run.status).toBe(2);
  });
});
