// The messages between the server's thread (pglite.ts) and the database thread (pgliteWorker.ts).
// Both sides import this module, so a message shape has one definition.

export interface WorkerInit {
  dataDir: string | undefined;
  templateDir: string;
}

/** One statement with text parameters; see PipelineStep in database.ts. */
export interface WorkerStep {
  text: string;
  values: (string | null)[];
  types?: number[];
}

/**
 * `session`: a step of a transaction that spans several requests, run in arrival order relative
 * to everything else (see lightFirstQueue.ts); other requests may be reordered by their cost.
 */
export type WorkerRequest = {id: number; session?: boolean} & (
  | {id: number; op: 'exchange'; steps: WorkerStep[]; prepared: boolean}
  | {id: number; op: 'pipeline'; steps: WorkerStep[]}
  | {id: number; op: 'forget'}
  | {id: number; op: 'query'; text: string; params: unknown[] | undefined}
  | {id: number; op: 'exec'; sql: string}
  | {id: number; op: 'close'}
);

/** A request before the client numbers it (Omit applied to each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
export type WorkerCall = WithoutId<WorkerRequest>;

/** id 0 answers the start-up: the database is open, or why it is not. */
export type WorkerReply = {id: number; ok: true; result: unknown} | {id: number; ok: false; error: SerializedError};

/**
 * An error as it crosses threads. Structured cloning keeps only an Error's message and name, while
 * the REST and auth layers read Postgres's fields (code, detail, hint, constraint…).
 */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return {name: 'Error', message: String(error), fields: {}};
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return {name: error.name, message: error.message, stack: error.stack, fields};
}

export function deserializeError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
