// Adds what the payments UI uses to the fake Supabase client (tests/unit/helpers/fakeSupabase.ts):
// `rpc(name, args)` with a chainable, thenable builder, and `functions.invoke(name, {body})`.
import {vi} from 'vitest';
import type {FakeSupabase} from './fakeSupabase';

type RpcResult = {data: unknown; error: {message: string; code?: string} | null};
type InvokeResult = {data: unknown; error: unknown};

export interface PaymentsFake {
  rpc: ReturnType<typeof vi.fn>;
  invoke: ReturnType<typeof vi.fn>;
  /** What each RPC resolves to (a value or a function of its args). */
  rpcs: Record<string, RpcResult | ((args: unknown) => RpcResult)>;
  /** Every builder call on an RPC result, e.g. ['admin_transactions', 'eq', 'status', 'failed']. */
  rpcCalls: unknown[][];
  /** What each function resolves to. */
  functions: Record<string, InvokeResult | ((body: unknown) => InvokeResult | Promise<InvokeResult>)>;
}

/** A FunctionsHttpError look-alike: supabase-js keeps the Response as `context`. */
export function httpError(status: number, body: unknown): {name: string; message: string; context: Response} {
  return {
    name: 'FunctionsHttpError',
    message: 'Edge Function returned a non-2xx status code',
    context: new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}}),
  };
}

export function addPayments(fake: FakeSupabase): PaymentsFake {
  const payments = {rpcs: {}, rpcCalls: [], functions: {}} as unknown as PaymentsFake;
  payments.rpc = vi.fn((name: string, args?: unknown) => {
    const builder: Record<string, unknown> = {};
    for (const method of ['select', 'eq', 'gte', 'lt', 'lte', 'order', 'limit']) {
      builder[method] = (...a: unknown[]) => {
        payments.rpcCalls.push([name, method, ...a]);
        return builder;
      };
    }
    builder.then = (resolve: (v: RpcResult) => unknown, reject: (e: unknown) => unknown) => {
      const entry = payments.rpcs[name];
      const value = typeof entry === 'function' ? entry(args) : (entry ?? {data: null, error: {message: `no fake for ${name}`}});
      return Promise.resolve(value).then(resolve, reject);
    };
    return builder;
  });
  payments.invoke = vi.fn(async (name: string, options?: {body?: unknown}) => {
    const entry = payments.functions[name];
    if (!entry) return {data: null, error: {name: 'FunctionsFetchError', message: `no fake for ${name}`}};
    return typeof entry === 'function' ? entry(options?.body) : entry;
  });
  Object.assign(fake.client, {rpc: payments.rpc, functions: {invoke: payments.invoke}});
  return payments;
}
