// One backend per integration run (per database kind), with the Premium lesson bodies published;
// tests create their own users with unique e-mails, so they can share it.
import type {TestProject} from 'vitest/node';
import {startBackend, type Backend} from './harness';

let backend: Backend | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The project's `env` reaches the test workers, not this process: read the kind from it here.
  backend = await startBackend({db: project.config.env?.BACKEND_DB === 'postgres' ? 'postgres' : 'pglite', premiumBodies: true});
  project.provide('backend', {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    mailboxUrl: backend.mailboxUrl,
    paypal: backend.paypal,
    databaseUrl: backend.databaseUrl ?? null,
  });
}

export async function teardown(): Promise<void> {
  await backend?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    backend: {url: string; anonKey: string; serviceRoleKey: string; mailboxUrl: string; paypal: Record<string, string>; databaseUrl: string | null};
  }
}
