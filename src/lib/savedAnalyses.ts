// A signed-in learner's saved workbench analyses (public.saved_analyses, owner-only under RLS):
// the grid as typed and the model chosen, under a name. The database bounds the name (1–120
// characters) and the data (200 kB); the same limits are checked here first so the learner reads
// a sentence rather than a check-constraint code.
import type {Json} from '../../shared/database.types';
import type {Measure, Method} from '../../shared/metaAnalysis/types';
import type {DatabaseClient} from './supabase';

export const NAME_MAX = 120;
export const DATA_MAX_BYTES = 200_000;

export interface AnalysisDraft {
  measure: Measure;
  method: Method;
  hksj: boolean;
  data: {kind: 'binary' | 'continuous'; withSubgroup: boolean; rows: Record<string, string>[]};
}

export interface SavedAnalysis extends AnalysisDraft {
  id: string;
  name: string;
  updated_at: string;
}

const COLUMNS = 'id, name, measure, method, hksj, data, updated_at';
const MEASURES: readonly string[] = ['RR', 'OR', 'RD', 'MD', 'SMD'];
const METHODS: readonly string[] = ['FE', 'MH', 'DL', 'REML', 'PM'];

function isStringRecord(x: unknown): x is Record<string, string> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every((v) => typeof v === 'string');
}

/** A stored row as the page can use it, or null when it is not one this page wrote. */
function fromRow(row: {id: string; name: string; measure: string; method: string; hksj: boolean; data: Json; updated_at: string}): SavedAnalysis | null {
  const d = row.data as Record<string, unknown> | null;
  if (!MEASURES.includes(row.measure) || !METHODS.includes(row.method) || typeof d !== 'object' || d === null) return null;
  if ((d.kind !== 'binary' && d.kind !== 'continuous') || !Array.isArray(d.rows) || !d.rows.every(isStringRecord)) return null;
  return {
    id: row.id,
    name: row.name,
    updated_at: row.updated_at,
    measure: row.measure as Measure,
    method: row.method as Method,
    hksj: row.hksj,
    data: {kind: d.kind, withSubgroup: d.withSubgroup === true, rows: d.rows},
  };
}

/** Why this name or draft cannot be saved, or null. */
export function saveProblem(name: string, draft: AnalysisDraft): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the analysis a name.';
  if (trimmed.length > NAME_MAX) return `The name is ${trimmed.length} characters long; at most ${NAME_MAX}.`;
  if (new TextEncoder().encode(JSON.stringify(draft.data)).length > DATA_MAX_BYTES) return 'This table is too large to save (200 kB at most); download it as CSV instead.';
  return null;
}

export async function listAnalyses(client: DatabaseClient): Promise<SavedAnalysis[]> {
  const {data, error} = await client.from('saved_analyses').select(COLUMNS).order('updated_at', {ascending: false});
  if (error) throw new Error(`Could not load your analyses: ${error.message}`);
  return (data ?? []).map(fromRow).filter((a): a is SavedAnalysis => a !== null);
}

export async function saveAnalysis(client: DatabaseClient, name: string, draft: AnalysisDraft): Promise<SavedAnalysis> {
  const problem = saveProblem(name, draft);
  if (problem) throw new Error(problem);
  const {data, error} = await client
    .from('saved_analyses')
    .insert({name: name.trim(), measure: draft.measure, method: draft.method, hksj: draft.hksj, data: draft.data as unknown as Json})
    .select(COLUMNS)
    .single();
  if (error || !data) throw new Error(`Could not save the analysis: ${error?.message ?? 'no row returned'}`);
  return fromRow(data)!;
}

export async function deleteAnalysis(client: DatabaseClient, id: string): Promise<void> {
  const {error} = await client.from('saved_analyses').delete().eq('id', id);
  if (error) throw new Error(`Could not delete the analysis: ${error.message}`);
}
