// "Export my data": everything the learner's own session may read about them, as one JSON
// document. Each resource is one entry below; a table that this deployment does not have (a
// feature not migrated yet) is left out of the export rather than failing it. Reads go through
// RLS with the learner's session and are also filtered to their id, so an admin's export holds
// only their own rows.
import {downloadBlob} from './download';
import type {Database} from '../../shared/database.types';
import type {DatabaseClient} from './supabase';

export interface ExportResource {
  /** The key in the exported document. */
  key: string;
  table: keyof Database['public']['Tables'];
  /** The column that holds the learner's id. */
  ownerColumn: string;
  /** One row (the profile) rather than a list. */
  single?: boolean;
  /** Absent from some deployments; skipped when the API does not know the table. */
  optional?: boolean;
  orderBy?: string;
}

export const EXPORT_RESOURCES: ExportResource[] = [
  {key: 'profile', table: 'profiles', ownerColumn: 'id', single: true},
  {key: 'course_progress', table: 'user_course_progress', ownerColumn: 'user_id', orderBy: 'course_id'},
  {key: 'lesson_progress', table: 'user_lesson_progress', ownerColumn: 'user_id', orderBy: 'lesson_id'},
  {key: 'knowledge_check_attempts', table: 'knowledge_check_attempts', ownerColumn: 'user_id', optional: true, orderBy: 'created_at'},
  {key: 'certificates', table: 'certificates', ownerColumn: 'user_id', optional: true, orderBy: 'issued_at'},
  {key: 'saved_analyses', table: 'saved_analyses', ownerColumn: 'user_id', optional: true, orderBy: 'created_at'},
  {key: 'transactions', table: 'subscription_transactions', ownerColumn: 'user_id', orderBy: 'created_at'},
];

/** PostgREST's answers for a table (or a column to order by) it does not know. */
const UNKNOWN_TABLE = new Set(['PGRST205', '42P01']);
const UNKNOWN_COLUMN = new Set(['42703', 'PGRST100']);

export interface AccountExport {
  format: 'research-methods-academy/account-export';
  version: 1;
  exported_at: string;
  account: {id: string; email: string | null; created_at: string | null; user_metadata: Record<string, unknown>};
  [resource: string]: unknown;
}

async function readResource(client: DatabaseClient, userId: string, resource: ExportResource, ordered = true): Promise<{skip: true} | {skip: false; data: unknown}> {
  let query = client.from(resource.table).select('*').eq(resource.ownerColumn, userId);
  if (ordered && resource.orderBy) query = query.order(resource.orderBy);
  const {data, error} = await query;
  if (error) {
    if (resource.optional && UNKNOWN_TABLE.has(error.code)) return {skip: true};
    // The optional table exists but not the column this module expected to sort by.
    if (ordered && resource.orderBy && UNKNOWN_COLUMN.has(error.code)) return readResource(client, userId, resource, false);
    throw new Error(`Could not export ${resource.key.replace(/_/g, ' ')}: ${error.message}`);
  }
  const rows: unknown[] = data ?? [];
  return {skip: false, data: resource.single ? (rows[0] ?? null) : rows};
}

/** The signed-in learner's data; throws with a readable message when a resource cannot be read. */
export async function exportAccount(client: DatabaseClient): Promise<AccountExport> {
  const {data, error} = await client.auth.getUser();
  if (error || !data.user) throw new Error(error?.message ?? 'Sign in to export your data');
  const user = data.user;
  const document: AccountExport = {
    format: 'research-methods-academy/account-export',
    version: 1,
    exported_at: new Date().toISOString(),
    account: {id: user.id, email: user.email ?? null, created_at: user.created_at ?? null, user_metadata: user.user_metadata ?? {}},
  };
  for (const resource of EXPORT_RESOURCES) {
    const result = await readResource(client, user.id, resource);
    if (!result.skip) document[resource.key] = result.data;
  }
  return document;
}

/** The download's file name, e.g. research-methods-academy-export-2026-11-23.json. */
export function exportFileName(at: Date = new Date()): string {
  return `research-methods-academy-export-${at.toISOString().slice(0, 10)}.json`;
}

/** Offers the document as a file download in the browser. */
export function downloadJson(document: unknown, fileName: string): void {
  downloadBlob(new Blob([JSON.stringify(document, null, 2)], {type: 'application/json'}), fileName);
}
