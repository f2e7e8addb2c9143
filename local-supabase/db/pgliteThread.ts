// The server's side of the database thread (pgliteWorker.ts): starts it, numbers each request and
// settles its promise with the reply. A thread that dies fails every waiting request and every
// later one, so no request waits for an answer that cannot come.
import {fileURLToPath, pathToFileURL} from 'node:url';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {LOCAL_CACHE_DIR} from './pgliteTemplate';
import {deserializeError, type WorkerCall, type WorkerInit, type WorkerReply} from './pgliteWorkerProtocol';

const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pgliteWorker.ts');

// The worker runs on Node's own TypeScript support (type stripping), without tsx: a thread starts
// without its parent's loader, and tsx in the thread cost start-up most of a second. So the
// worker's modules use only erasable syntax and import each other with their .ts extension.
// Node's compile cache keeps their stripped and compiled code for the next start.
const bootstrap = `require('node:module').enableCompileCache?.(${JSON.stringify(path.join(LOCAL_CACHE_DIR, 'compile-cache'))});
import(${JSON.stringify(pathToFileURL(WORKER_FILE).href)});`;
// Node reads a .ts file without a package "type" as a module once it sees import syntax, and
// warns each time; that is what these files are.
const WORKER_FLAGS = ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'];

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class PGliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(deserializeError(reply.error));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the PGlite thread exited (code ${code})`)));
  }

  /** Starts the thread and resolves once the database is open (the thread's reply 0). */
  static async start(init: WorkerInit): Promise<PGliteThread> {
    const worker = new Worker(bootstrap, {eval: true, execArgv: WORKER_FLAGS, workerData: init});
    const thread = new PGliteThread(worker);
    try {
      await new Promise((resolve, reject) => thread.pending.set(0, {resolve, reject}));
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  call<T>(request: WorkerCall): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {resolve: resolve as (value: unknown) => void, reject});
      this.worker.postMessage({...request, id});
    });
  }

  /** Closes the database (Postgres shuts down and its files are complete), then ends the thread. */
  async close(): Promise<void> {
    if (this.failure) return;
    await this.call({op: 'close'});
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
