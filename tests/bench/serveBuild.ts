import {spawn} from 'node:child_process';
import path from 'node:path';

export interface ServedBuild {
  base: string;
  stop(): void;
}

/**
 * Serves a production build on 127.0.0.1 and waits until it answers. The Docusaurus binary is
 * started directly (not through npx) so stopping it really stops the server.
 */
export async function serveBuild(dir: string, port: number): Promise<ServedBuild> {
  const bin = path.resolve(__dirname, '../../node_modules/.bin/docusaurus');
  const server = spawn(bin, ['serve', '--dir', dir, '--port', String(port), '--host', '127.0.0.1', '--no-open'], {stdio: 'ignore'});
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i += 1) {
    if (await fetch(base).then((r) => r.ok, () => false)) break;
    if (server.exitCode !== null) throw new Error(`docusaurus serve exited (${server.exitCode})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {base, stop: () => server.kill()};
}
