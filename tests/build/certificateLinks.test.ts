// Runs after the production build (scripts/test.ts): the certificate address every link uses,
// `/certificates/?code=<code>`, answers HTTP 200 with its own title from `docusaurus serve`
// (`npm run serve`) and from a plain static host with no rewrite rules (tests/bench/serveBuild.ts:
// files, then 404.html with status 404); an old `/certificates/<code>` address gets 404.html,
// which carries the forwarding script ahead of its "Page Not Found" title.
import {spawn, type ChildProcess} from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {serveBuild, type ServedBuild} from '../bench/serveBuild';
import {certificatePath} from '../../src/lib/certificates';
import {legacyRedirectScript} from '../../plugins/certificate-links';
import {SITE_TITLE} from '../../src/config/site';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build');
const CODE = '0123456789abcdef0123456789abcdef';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `docusaurus serve` on the build; resolves once it says where it is serving. */
async function docusaurusServe(): Promise<{base: string; child: ChildProcess}> {
  const port = await freePort();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/docusaurus'), ['serve', '--dir', BUILD, '--port', String(port), '--host', '127.0.0.1', '--no-open'], {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']});
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`127.0.0.1:${port}`)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`docusaurus serve exited (${code}): ${output}`)));
  });
  return {base: `http://127.0.0.1:${port}`, child};
}

const titleOf = (html: string): string | undefined => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];

let serve: {base: string; child: ChildProcess} | null = null;
let plain: ServedBuild | null = null;
const hosts = [
  {name: '`docusaurus serve` (npm run serve)', base: () => serve!.base},
  {name: 'a plain static host without rewrites', base: () => plain!.base},
];

beforeAll(async () => {
  serve = await docusaurusServe();
  plain = await serveBuild(BUILD, await freePort());
});

afterAll(async () => {
  if (serve?.child.exitCode === null) {
    const exited = new Promise((resolve) => serve?.child.once('exit', resolve));
    serve.child.kill();
    await exited;
  }
  await plain?.stop();
});

describe.each(hosts)('the certificate address on $name', ({base}) => {
  it('answers HTTP 200 with the verification page and its own title, never "Page Not Found"', async () => {
    const response = await fetch(`${base()}${certificatePath(CODE)}`, {redirect: 'manual'});
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(titleOf(html)).toBe(`Certificate verification | ${SITE_TITLE}`);
    expect(html).not.toContain('Page Not Found');
  });

  it('answers an old /certificates/<code> address with 404.html, whose first script forwards it before the title', async () => {
    const response = await fetch(`${base()}/certificates/${CODE}`, {redirect: 'manual'});
    const html = await response.text();
    expect(titleOf(html)).toBe(`Page Not Found | ${SITE_TITLE}`);
    const script = html.indexOf(legacyRedirectScript('/'));
    expect(script).toBeGreaterThan(0);
    expect(script).toBeLessThan(html.indexOf('<title'));
    expect(html.indexOf('<script')).toBe(script - '<script>'.length);
  });
});
