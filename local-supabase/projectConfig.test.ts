import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseConfig} from './config';
import {parseProjectConfig} from './projectConfig';

describe('[api] max_rows', () => {
  it('is read from config.toml, and the REST cap follows it', () => {
    expect(parseProjectConfig('[api]\nmax_rows = 250\n').maxRows).toBe(250);
    expect(parseProjectConfig('[auth]\nsite_url = "http://localhost:3000"\n').maxRows).toBeUndefined();
  });

  it('refuses a value that is not a positive whole number at start-up', () => {
    for (const bad of ['0', '-5', '2.5', '"1000"']) {
      expect(() => parseProjectConfig(`[api]\nmax_rows = ${bad}\n`)).toThrow('[api] max_rows must be a positive whole number');
    }
  });

  it("is the project's own setting for the running server", () => {
    const root = path.resolve(__dirname, '..');
    const text = fs.readFileSync(path.join(root, 'supabase/config.toml'), 'utf8');
    const configured = parseProjectConfig(text).maxRows;
    expect(configured).toBeGreaterThan(0);
    expect(parseConfig([], {}, root).restMaxRows).toBe(configured);
  });
});
