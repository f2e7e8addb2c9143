// Knowledge checks and certificates service: the one place the site talks to Supabase about
// checks, attempts and certificates. The database grades (grade_knowledge_check) and alone holds
// the answers; this module turns its calls into typed results and the texts the UI shows.
import type {SupabaseClient} from '@supabase/supabase-js';
import {NETWORK_ERROR, errorMessage} from './errors';

export type QuestionType = 'single' | 'multiple' | 'numeric';

/** A question as a learner sees it before answering: no answer, no explanation. */
export interface CheckQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  /** The lesson heading it comes from, e.g. "#the-formulas". */
  section: string;
  unit: string | null;
  /** Option texts in display order (empty for numeric questions). */
  options: string[];
}

export interface LessonCheck {
  passMark: number;
  questions: CheckQuestion[];
  /** The signed-in learner's best score so far (null: no attempt, or not signed in). */
  bestScore: number | null;
  passed: boolean;
  attempts: number;
}

/** Option indexes for single/multiple questions, a number for numeric ones. */
export type Answer = number[] | number;
export type Answers = Record<string, Answer>;

export type QuestionResult =
  | {id: string; correct: boolean; kind: 'choice'; correctOptions: number[]; explanations: string[]}
  | {id: string; correct: boolean; kind: 'numeric'; answer: number; tolerance: number; unit: string | null; explanation: string};

export interface CertificateSummary {
  code: string;
  courseTitle: string;
  issuedAt: string;
}

export interface GradeResult {
  score: number;
  correct: number;
  total: number;
  passed: boolean;
  passMark: number;
  /** The attempt was stored (the learner is signed in). */
  saved: boolean;
  bestScore: number | null;
  lessonCompleted: boolean;
  /** The course certificate, once this pass completed (or had already completed) the course. */
  certificate: CertificateSummary | null;
  questions: QuestionResult[];
}

export type Result<T> = {data: T; error: null} | {data: null; error: string};

export const CHECK_ERRORS = {
  premium: 'This knowledge check is part of Premium. Upgrade to take it.',
  notFound: 'This lesson has no knowledge check yet.',
  load: 'The knowledge check could not be loaded.',
  grade: 'Your answers could not be graded.',
  network: NETWORK_ERROR,
} as const;

interface ErrorLike {
  message?: unknown;
  code?: unknown;
}

function checkErrorMessage(error: unknown, fallback: string): string {
  const e = (typeof error === 'object' && error !== null ? error : {message: String(error)}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : '';
  if (message === 'Premium required') return CHECK_ERRORS.premium;
  if (message === 'Lesson not found' || message === 'This lesson has no knowledge check') return CHECK_ERRORS.notFound;
  return errorMessage(error, fallback);
}

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value));
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : num(value));

interface RawCheck {
  pass_mark: number | string;
  questions: {id: string; type: QuestionType; prompt: string; section: string; unit: string | null; options: string[]}[];
  best_score: number | string | null;
  passed: boolean;
  attempts: number;
}

export async function loadLessonCheck(client: SupabaseClient, courseSlug: string, lessonSlug: string): Promise<Result<LessonCheck>> {
  try {
    const {data, error} = await client.rpc('get_knowledge_check', {p_course_slug: courseSlug, p_lesson_slug: lessonSlug});
    if (error) return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.load)};
    const raw = data as RawCheck;
    return {
      data: {
        passMark: num(raw.pass_mark),
        questions: raw.questions.map((q) => ({...q, unit: q.unit ?? null, options: q.options ?? []})),
        bestScore: numOrNull(raw.best_score),
        passed: raw.passed,
        attempts: raw.attempts,
      },
      error: null,
    };
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.load)};
  }
}

interface RawGrade {
  score: number | string;
  correct: number;
  total: number;
  passed: boolean;
  pass_mark: number | string;
  saved: boolean;
  best_score: number | string | null;
  lesson_completed: boolean;
  certificate: {code: string; course_title: string; issued_at: string} | null;
  questions: {
    id: string;
    correct: boolean;
    correct_options?: number[];
    explanations?: string[];
    answer?: number | string;
    tolerance?: number | string;
    unit?: string | null;
    explanation?: string;
  }[];
}

export function parseGrade(raw: RawGrade): GradeResult {
  return {
    score: num(raw.score),
    correct: raw.correct,
    total: raw.total,
    passed: raw.passed,
    passMark: num(raw.pass_mark),
    saved: raw.saved,
    bestScore: numOrNull(raw.best_score),
    lessonCompleted: raw.lesson_completed,
    certificate: raw.certificate ? {code: raw.certificate.code, courseTitle: raw.certificate.course_title, issuedAt: raw.certificate.issued_at} : null,
    questions: raw.questions.map((q): QuestionResult =>
      q.correct_options
        ? {id: q.id, correct: q.correct, kind: 'choice', correctOptions: q.correct_options, explanations: q.explanations ?? []}
        : {id: q.id, correct: q.correct, kind: 'numeric', answer: num(q.answer), tolerance: num(q.tolerance), unit: q.unit ?? null, explanation: q.explanation ?? ''},
    ),
  };
}

export async function gradeLessonCheck(client: SupabaseClient, courseSlug: string, lessonSlug: string, answers: Answers): Promise<Result<GradeResult>> {
  try {
    const {data, error} = await client.rpc('grade_knowledge_check', {p_course_slug: courseSlug, p_lesson_slug: lessonSlug, p_answers: answers});
    if (error) return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.grade)};
    return {data: parseGrade(data as RawGrade), error: null};
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.grade)};
  }
}

// ---------------------------------------------------------------------------------------------
// Progress and certificates

export interface CheckStatus {
  courseSlug: string;
  lessonSlug: string;
  bestScore: number | null;
  passed: boolean;
  attempts: number;
}

export async function loadCheckStatuses(client: SupabaseClient): Promise<Result<CheckStatus[]>> {
  try {
    const {data, error} = await client.rpc('knowledge_check_progress');
    if (error) return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.load)};
    const rows = (data ?? []) as {course_slug: string; lesson_slug: string; best_score: number | string | null; passed: boolean; attempts: number}[];
    return {
      data: rows.map((r) => ({courseSlug: r.course_slug, lessonSlug: r.lesson_slug, bestScore: numOrNull(r.best_score), passed: r.passed, attempts: r.attempts})),
      error: null,
    };
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.load)};
  }
}

/** "n of m checks passed" per course slug. */
export function checksPassedByCourse(statuses: CheckStatus[]): Record<string, {passed: number; total: number}> {
  const out: Record<string, {passed: number; total: number}> = {};
  for (const s of statuses) {
    const entry = (out[s.courseSlug] ??= {passed: 0, total: 0});
    entry.total += 1;
    if (s.passed) entry.passed += 1;
  }
  return out;
}

export interface Certificate {
  code: string;
  courseTitle: string;
  fullName: string;
  issuedAt: string;
  revokedAt: string | null;
}

export async function loadMyCertificates(client: SupabaseClient): Promise<Result<Certificate[]>> {
  try {
    const {data, error} = await client.from('certificates').select('code, course_title, full_name, issued_at, revoked_at').order('issued_at', {ascending: false});
    if (error) return {data: null, error: checkErrorMessage(error, 'Your certificates could not be loaded.')};
    const rows = (data ?? []) as {code: string; course_title: string; full_name: string; issued_at: string; revoked_at: string | null}[];
    return {data: rows.map((r) => ({code: r.code, courseTitle: r.course_title, fullName: r.full_name, issuedAt: r.issued_at, revokedAt: r.revoked_at})), error: null};
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, 'Your certificates could not be loaded.')};
  }
}

export interface Verification {
  fullName: string;
  courseTitle: string;
  issuedAt: string;
  status: 'valid' | 'revoked';
}

/** Public verification; data is null when no certificate has this code. */
export async function verifyCertificate(client: SupabaseClient, code: string): Promise<Result<Verification | null>> {
  try {
    const {data, error} = await client.rpc('verify_certificate', {p_code: code}).maybeSingle();
    if (error) return {data: null, error: checkErrorMessage(error, 'The certificate could not be checked.')};
    const row = data as {full_name: string; course_title: string; issued_at: string; status: 'valid' | 'revoked'} | null;
    return {data: row ? {fullName: row.full_name, courseTitle: row.course_title, issuedAt: row.issued_at, status: row.status} : null, error: null};
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, 'The certificate could not be checked.')};
  }
}

export async function revokeCertificate(client: SupabaseClient, code: string, reason?: string): Promise<Result<{code: string; revokedAt: string}>> {
  try {
    const {data, error} = await client.rpc('revoke_certificate', {p_code: code, p_reason: reason ?? null});
    if (error) return {data: null, error: checkErrorMessage(error, 'The certificate could not be revoked.')};
    const row = data as {code: string; revoked_at: string};
    return {data: {code: row.code, revokedAt: row.revoked_at}, error: null};
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, 'The certificate could not be revoked.')};
  }
}

/** Certificate codes are 32 lower-case hex digits. */
export const CERTIFICATE_CODE = /^[0-9a-f]{32}$/;

export function certificatePath(code: string): string {
  return `/certificates/${code}`;
}
