// @vitest-environment node
// @vitest-environment node
// npm run preflight: which project it checks, with which key, and where it asks the Management API
// (hosted's for a *.supabase.co project, the project itself for local-supabase, none without a token).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {resolveTarget} from '../../scripts/preflight';

const noLocal = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-preflight-'));

describe('preflight target', () => {
  it('a hosted project: the ref from its URL, the Management API at api.supabase.com', () => {
    const target = resolveTarget('https://abcdefghijklmnopqrst.supabase.co/', {SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x', SUPABASE_ACCESS_TOKEN: 'sbp_t'}, noLocal);
    expect(target).toEqual({
      url: 'https://abcdefghijklmnopqrst.supabase.co',
      publishableKey: 'sb_publishable_x',
      management: {base: 'https://api.supabase.com', ref: 'abcdefghijklmnopqrst', token: 'sbp_t'},
    });
  });

  it('without an access token, no Management API checks', () => {
    expect(resolveTarget('https://abcdefghijklmnopqrst.supabase.co', {SUPABASE_PUBLISHABLE_KEY: 'k'}, noLocal).management).toBeUndefined();
  });

  it('the running local-supabase: URL, publishable key and token (its secret key) from status.json', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-preflight-'));
    fs.writeFileSync(path.join(dir, 'status.json'), JSON.stringify({api_url: 'http://127.0.0.1:5999', publishable_key: 'sb_publishable_l', secret_key: 'sb_secret_l'}));
    expect(resolveTarget(undefined, {}, dir)).toEqual({
      url: 'http://127.0.0.1:5999',
      publishableKey: 'sb_publishable_l',
      management: {base: 'http://127.0.0.1:5999', ref: 'local', token: 'sb_secret_l'},
    });
    // Another project's URL never gets the local keys.
    expect(() => resolveTarget('https://abcdefghijklmnopqrst.supabase.co', {}, dir)).toThrow(/set SUPABASE_PUBLISHABLE_KEY/);
  });
});
