// Serves a production build on 127.0.0.1 as a static host would: files compressed on the wire
// (gzip or brotli, as GitHub Pages, Netlify, Vercel and Cloudflare all do), `/a/b` answered from
// `a/b/index.html`, and anything else with 404.html and status 404. `docusaurus serve` sends
// everything uncompressed, which made Lighthouse's simulated slow 4G time the 500 KB main.js
// rather than what a reader downloads; both our build and the stock site are served this way.
import {serve, type ServerType} from '@hono/node-server';
import {serveStatic} from '@hono/node-server/serve-static';
import {Hono} from 'hono';
import {compress} from 'hono/compress';
import {readFileSync} from 'node:fs';
import path from 'node:path';

export interface ServedBuild {
  base: string;
  /** Resolves once the port is free again: the next bench may listen on it at once. */
  stop(): Promise<void>;
}

export async function serveBuild(dir: string, port: number): Promise<ServedBuild> {
  const root = path.resolve(dir);
  const notFound = readFileSync(path.join(root, '404.html'), 'utf8');
  const app = new Hono();
  app.use(compress());
  app.use(serveStatic({root}));
  app.notFound((c) => c.html(notFound, 404));
  const server = await new Promise<ServerType>((resolve, reject) => {
    const started: ServerType = serve({fetch: app.fetch, port, hostname: '127.0.0.1'}, () => resolve(started));
    started.once('error', reject);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Browsers keep connections alive; close() alone would wait for them.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
