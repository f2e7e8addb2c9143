// The sign-up and password forms check the password length GoTrue enforces: the site's build
// config takes it from supabase/config.toml, the file local-supabase and `supabase config push` read.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {Config} from '@docusaurus/types';
import {readProjectConfig} from '../../local-supabase/projectConfig';

describe('auth rules in the site build', () => {
  it('take the minimum password length from supabase/config.toml', async () => {
    const config = ((await import('../../docusaurus.config')) as {default: Config}).default;
    const {auth} = readProjectConfig(path.resolve(__dirname, '../../supabase/config.toml'));
    expect(config.customFields?.minimumPasswordLength).toBe(auth.minimumPasswordLength);
  });
});
