// Premium lesson bodies and who may read them. Postgres decides (public.get_premium_lesson and
// public.is_premium, supabase/migrations/20261123000200_premium_bodies.sql); this module only
// turns its answers into typed results and the texts the page shows.
import type {DatabaseClient} from './supabase';
import type {Result} from './data/result';

export type LockReason = 'visitor' | 'no_premium' | 'lapsed';

export interface PremiumBodyPayload {
  format: string;
  code: string;
  imports: Record<string, string>;
  hash: string;
}

export type PremiumLessonAnswer =
  | {status: 'unlocked'; body: PremiumBodyPayload}
  | {status: 'locked'; reason: LockReason; endedAt: string | null}
  | {status: 'unpublished'};


export const BODY_LOAD_FAILED = 'The rest of this lesson could not be loaded. Check your connection and try again.';
export const BODY_UNPUBLISHED = 'The rest of this lesson is being published. Try again in a few minutes.';

const isLockReason = (reason: unknown): reason is LockReason => reason === 'visitor' || reason === 'no_premium' || reason === 'lapsed';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the function's JSON answer; anything unexpected is treated as a failure, never a lock. */
function parseAnswer(value: unknown): PremiumLessonAnswer | null {
  if (!isRecord(value)) return null;
  if (value.status === 'unpublished') return {status: 'unpublished'};
  if (value.status === 'locked' && isLockReason(value.reason)) {
    return {status: 'locked', reason: value.reason, endedAt: typeof value.ended_at === 'string' ? value.ended_at : null};
  }
  const body = value.body;
  if (value.status === 'unlocked' && isRecord(body) && typeof body.code === 'string' && typeof body.format === 'string' && isRecord(body.imports)) {
    const imports = Object.fromEntries(Object.entries(body.imports).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return {status: 'unlocked', body: {format: body.format, code: body.code, imports, hash: typeof body.hash === 'string' ? body.hash : ''}};
  }
  return null;
}

/** "course/lesson" → the RPC's arguments. */
function lessonArgs(lesson: string): {p_course_slug: string; p_lesson_slug: string} {
  const [course = '', slug = ''] = lesson.split('/');
  return {p_course_slug: course, p_lesson_slug: slug};
}

export async function fetchPremiumLesson(client: DatabaseClient, lesson: string): Promise<Result<PremiumLessonAnswer>> {
  try {
    const {data, error} = await client.rpc('get_premium_lesson', lessonArgs(lesson));
    if (error) return {data: null, error: BODY_LOAD_FAILED};
    const answer = parseAnswer(data);
    return answer ? {data: answer, error: null} : {data: null, error: BODY_LOAD_FAILED};
  } catch {
    return {data: null, error: BODY_LOAD_FAILED};
  }
}

/** public.is_premium() for the signed-in user: the one answer the lock marks agree with. */
export async function fetchIsPremium(client: DatabaseClient): Promise<Result<boolean>> {
  try {
    const {data, error} = await client.rpc('is_premium');
    if (error || typeof data !== 'boolean') return {data: null, error: BODY_LOAD_FAILED};
    return {data, error: null};
  } catch {
    return {data: null, error: BODY_LOAD_FAILED};
  }
}
