// @vitest-environment node
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseConfig} from './config';

const root = path.resolve(__dirname, '..');
const parse = (args: string[], env: NodeJS.ProcessEnv = {}) => parseConfig(args, env, root);

describe('npm run backend flags', () => {
  it('reads each flag in both --flag value and --flag=value forms', () => {
    const config = parse(['--port', '5000', '--mailbox-port=5001', '--data-dir', 'tmp/data', '--memory', '--host=0.0.0.0', '--site-url', 'http://localhost:4000', '--rate-limit-scale=10', '--quiet-mail']);
    expect(config).toMatchObject({
      port: 5000,
      mailboxPort: 5001,
      dataDir: path.join(root, 'tmp/data'),
      memory: true,
      host: '0.0.0.0',
      auth: expect.objectContaining({siteUrl: 'http://localhost:4000'}),
      rateLimitScale: 10,
      logMail: false,
    });
  });

  it('falls back to the environment, then to the defaults', () => {
    expect(parse([], {PORT: '6000'})).toMatchObject({port: 6000, mailboxPort: 54324, memory: false, logMail: true, host: '127.0.0.1'});
    expect(parse(['--port', '7000'], {PORT: '6000'}).port).toBe(7000);
  });

  it('refuses an unknown flag, naming the known ones', () => {
    expect(() => parse(['--prot', '5000'])).toThrow(/--prot.*known flags: --port, --mailbox-port/);
  });

  it('refuses a flag without its value and a stray argument', () => {
    expect(() => parse(['--port'])).toThrow(/--port/);
    expect(() => parse(['--port', '--memory'])).toThrow(/--port/);
    expect(() => parse(['5000'])).toThrow(/5000/);
  });

  it('checks the values', () => {
    expect(() => parse(['--port', '70000'])).toThrow('--port must be a whole number from 0 to 65535');
    expect(() => parse(['--rate-limit-scale', '0'])).toThrow('--rate-limit-scale must be a positive number');
    expect(() => parse(['--site-url', 'localhost:3000'])).toThrow(/site URL/);
  });

  it('turns legacy API keys off with --no-legacy-keys or LEGACY_API_KEYS=false, on by default', () => {
    expect(parse([]).legacyKeys).toBe(true);
    expect(parse(['--no-legacy-keys']).legacyKeys).toBe(false);
    expect(parse([], {LEGACY_API_KEYS: 'false'}).legacyKeys).toBe(false);
    expect(parse(['--legacy-keys'], {LEGACY_API_KEYS: 'false'}).legacyKeys).toBe(true);
    expect(() => parse([], {LEGACY_API_KEYS: 'maybe'})).toThrow('LEGACY_API_KEYS must be true or false');
  });

  it('selects the signing algorithm: ES256 by default, RS256 on request, nothing else', () => {
    expect(parse([]).signingAlgorithm).toBe('ES256');
    expect(parse(['--signing-algorithm', 'RS256']).signingAlgorithm).toBe('RS256');
    expect(parse([], {SIGNING_ALGORITHM: 'RS256'}).signingAlgorithm).toBe('RS256');
    expect(() => parse(['--signing-algorithm', 'HS256'])).toThrow('--signing-algorithm must be ES256 or RS256');
  });
});
