// @vitest-environment node
// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {MissingTargetError, serviceTarget} from '../../scripts/lib/serviceClient';

let dataDir: string;
const writeStatus = (status: object) => fs.writeFileSync(path.join(dataDir, 'status.json'), JSON.stringify(status));

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-status-'));
});
afterEach(() => {
  fs.rmSync(dataDir, {recursive: true, force: true});
  vi.restoreAllMocks();
});

describe('which project and key a script uses', () => {
  it('takes SUPABASE_URL and SUPABASE_SECRET_KEY first', () => {
    writeStatus({api_url: 'http://local', secret_key: 'sb_secret_local'});
    expect(serviceTarget({SUPABASE_URL: 'https://ref.supabase.co', SUPABASE_SECRET_KEY: 'sb_secret_x', SUPABASE_SERVICE_ROLE_KEY: 'legacy', DATA_DIR: dataDir})).toEqual({
      url: 'https://ref.supabase.co',
      key: 'sb_secret_x',
      source: 'SUPABASE_URL / SUPABASE_SECRET_KEY',
    });
  });

  it('still takes the legacy SUPABASE_SERVICE_ROLE_KEY, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(serviceTarget({SUPABASE_URL: 'https://ref.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'legacy.jwt'}).key).toBe('legacy.jwt');
    expect(warn.mock.calls.flat().join(' ')).toContain('SUPABASE_SECRET_KEY');
  });

  it('else reads the running local-supabase’s status.json in DATA_DIR (or --data-dir): the secret key', () => {
    writeStatus({api_url: 'http://127.0.0.1:1234', publishable_key: 'sb_publishable_p', secret_key: 'sb_secret_s', mailbox_url: 'http://m'});
    expect(serviceTarget({DATA_DIR: dataDir})).toMatchObject({url: 'http://127.0.0.1:1234', key: 'sb_secret_s', source: path.join(dataDir, 'status.json')});
    expect(serviceTarget({}, dataDir)).toMatchObject({key: 'sb_secret_s'});
    writeStatus({api_url: 'http://127.0.0.1:1234', service_role_key: 'older.data.dir'});
    expect(serviceTarget({DATA_DIR: dataDir}).key).toBe('older.data.dir');
  });

  it('says what to set when there is neither', () => {
    expect(() => serviceTarget({DATA_DIR: dataDir})).toThrow(MissingTargetError);
    expect(() => serviceTarget({DATA_DIR: dataDir})).toThrow(/SUPABASE_SECRET_KEY.*API Keys/);
  });
});
