// Knowledge checks and certificates service: the one place the site talks to Supabase about
// checks, attempts and certificates. The database draws each attempt (start_knowledge_check),
// grades it (submit_knowledge_check) and alone holds the answers; this module turns its calls
// into typed results and the texts the UI shows.
import {NETWORK_ERROR, errorMessage} from './data/errorText';
import type {Json} from '../../shared/database.types';
import * as J from './jsonAnswer';
import type {DatabaseClient} from './supabase';
import type {Result} from './data/result';

export type QuestionType = 'single' | 'multiple' | 'numeric';

/** A question as an attempt presents it: no answer, no explanation, options in the server's order. */
export interface CheckQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  /** The lesson heading it comes from, e.g. "#the-formulas". */
  section: string;
  unit: string | null;
  /** Option texts in presented order (empty for numeric questions). */
  options: string[];
}

/** A lesson's check before an attempt: its rules and the learner's standing. */
export interface LessonCheck {
  passMark: number;
  /** Questions one attempt asks. */
  ask: number;
  /** The signed-in learner's best score so far (null: no attempt, or not signed in). */
  bestScore: number | null;
  passed: boolean;
  attempts: number;
  /** When the next attempt may start (ISO 8601), or null if now. */
  retryAt: string | null;
}

/** One started attempt: the drawn questions in the order the server chose. */
export interface CheckAttempt {
  attemptId: string;
  /** The anonymous caller's proof of the attempt (null for signed-in learners). */
  token: string | null;
  passMark: number;
  questions: CheckQuestion[];
}

/** Presented option positions for choice questions, a number for numeric ones, null unanswered. */
export type Answer = number[] | number | null;

/** What the server reveals of a question's answer: only after a signed-in learner's pass. */
export type Reveal =
  | {kind: 'choice'; correctOptions: number[]; explanations: string[]}
  | {kind: 'numeric'; answer: number; tolerance: number; unit: string | null; explanation: string};

export interface QuestionResult {
  id: string;
  correct: boolean;
  section: string;
  reveal: Reveal | null;
}

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
  /** After a failure: when the next attempt may start (null if now). */
  retryAt: string | null;
  /** In presented order. */
  questions: QuestionResult[];
}

/** A refusal may carry the time the next attempt opens (the cool-down after failures). */
export type CheckResult<T> = {data: T; error: null} | {data: null; error: string; retryAt: string | null};

export const CHECK_ERRORS = {
  premium: 'This knowledge check is part of Premium. Upgrade to take it.',
  notFound: 'This lesson has no knowledge check yet.',
  load: 'The knowledge check could not be loaded.',
  grade: 'Your answers could not be graded.',
  stale: 'This attempt is no longer open. Start a new one.',
  network: NETWORK_ERROR,
} as const;

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  details?: unknown;
}

const asErrorLike = (error: unknown): ErrorLike => (typeof error === 'object' && error !== null ? error : {message: String(error)}) as ErrorLike;

/** A cool-down refusal's next-try time (PostgREST 429, details = ISO time), else null. */
export function retryAtOf(error: unknown): string | null {
  const e = asErrorLike(error);
  return e.code === 'PT429' && typeof e.details === 'string' && !Number.isNaN(Date.parse(e.details)) ? e.details : null;
}

/** "You can try again at 14:32 (in 4 minutes)." in the reader's time zone. */
export function retryMessage(retryAt: string, now: Date = new Date()): string {
  const at = new Date(retryAt);
  const minutes = Math.max(1, Math.round((at.getTime() - now.getTime()) / 60_000));
  const time = at.toLocaleTimeString(undefined, {hour: '2-digit', minute: '2-digit'});
  return `You can try again at ${time} (in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}).`;
}

function checkErrorMessage(error: unknown, fallback: string): string {
  const e = asErrorLike(error);
  const message = typeof e.message === 'string' ? e.message : '';
  const retryAt = retryAtOf(error);
  if (retryAt) return `You have not passed this check several times in the last hour. ${retryMessage(retryAt)}`;
  if (message === 'Premium required') return CHECK_ERRORS.premium;
  if (message === 'Lesson not found' || message === 'This lesson has no knowledge check') return CHECK_ERRORS.notFound;
  if (e.code === 'PT409' || e.code === 'PT404') return CHECK_ERRORS.stale;
  return errorMessage(error, fallback);
}

const refused = (error: unknown, fallback: string) => ({data: null, error: checkErrorMessage(error, fallback), retryAt: retryAtOf(error)});

const isQuestionType = (type: string): type is QuestionType => type === 'single' || type === 'multiple' || type === 'numeric';

function questionType(value: Json | undefined): QuestionType {
  const type = J.string(value);
  return isQuestionType(type) ? type : J.unexpected(`question type ${type}`);
}

/** get_knowledge_check's answer: the check's rules and the learner's standing. */
export function parseCheck(value: Json | undefined): LessonCheck {
  const raw = J.object(value);
  return {
    passMark: J.number(raw.pass_mark),
    ask: J.number(raw.ask),
    bestScore: J.nullable(raw.best_score, J.number),
    passed: J.boolean(raw.passed),
    attempts: J.number(raw.attempts),
    retryAt: J.nullable(raw.retry_at, J.string),
  };
}

function parseQuestion(item: Json | undefined): CheckQuestion {
  const q = J.object(item);
  return {
    id: J.string(q.id),
    type: questionType(q.type),
    prompt: J.string(q.prompt),
    section: J.string(q.section),
    unit: J.nullable(q.unit, J.string),
    options: J.nullable(q.options, J.array)?.map(J.string) ?? [],
  };
}

/** start_knowledge_check's answer: the drawn questions in presented order. */
export function parseAttempt(value: Json | undefined): CheckAttempt {
  const raw = J.object(value);
  return {
    attemptId: J.string(raw.attempt_id),
    token: J.nullable(raw.token, J.string),
    passMark: J.number(raw.pass_mark),
    questions: J.array(raw.questions).map(parseQuestion),
  };
}

export async function loadLessonCheck(client: DatabaseClient, courseSlug: string, lessonSlug: string): Promise<Result<LessonCheck>> {
  try {
    const {data, error} = await client.rpc('get_knowledge_check', {p_course_slug: courseSlug, p_lesson_slug: lessonSlug});
    if (error) return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.load)};
    const check = J.parseAnswer(data, parseCheck);
    return check ? {data: check, error: null} : {data: null, error: CHECK_ERRORS.load};
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.load)};
  }
}

/** Starts an attempt; refused with retryAt while a cool-down runs. */
export async function startAttempt(client: DatabaseClient, courseSlug: string, lessonSlug: string): Promise<CheckResult<CheckAttempt>> {
  try {
    const {data, error} = await client.rpc('start_knowledge_check', {p_course_slug: courseSlug, p_lesson_slug: lessonSlug});
    if (error) return refused(error, CHECK_ERRORS.load);
    const attempt = J.parseAnswer(data, parseAttempt);
    return attempt ? {data: attempt, error: null} : {data: null, error: CHECK_ERRORS.load, retryAt: null};
  } catch (error) {
    return refused(error, CHECK_ERRORS.load);
  }
}

function parseReveal(q: J.JsonObject): Reveal | null {
  if (q.correct_options !== undefined && q.correct_options !== null) {
    return {
      kind: 'choice',
      correctOptions: J.array(q.correct_options).map(J.number),
      explanations: J.nullable(q.explanations, J.array)?.map((e) => J.nullable(e, J.string) ?? '') ?? [],
    };
  }
  if (q.answer !== undefined && q.answer !== null) {
    return {kind: 'numeric', answer: J.number(q.answer), tolerance: J.number(q.tolerance), unit: J.nullable(q.unit, J.string), explanation: J.nullable(q.explanation, J.string) ?? ''};
  }
  return null;
}

function questionResult(item: Json | undefined): QuestionResult {
  const q = J.object(item);
  return {id: J.string(q.id), correct: J.boolean(q.correct), section: J.string(q.section), reveal: parseReveal(q)};
}

/** submit_knowledge_check's answer: the score, which questions were right, and what it earned. */
export function parseGrade(value: Json | undefined): GradeResult {
  const raw = J.object(value);
  const certificate = J.nullable(raw.certificate, J.object);
  return {
    score: J.number(raw.score),
    correct: J.number(raw.correct),
    total: J.number(raw.total),
    passed: J.boolean(raw.passed),
    passMark: J.number(raw.pass_mark),
    saved: J.boolean(raw.saved),
    bestScore: J.nullable(raw.best_score, J.number),
    lessonCompleted: J.boolean(raw.lesson_completed),
    certificate: certificate
      ? {code: J.string(certificate.code), courseTitle: J.string(certificate.course_title), issuedAt: J.string(certificate.issued_at)}
      : null,
    retryAt: J.nullable(raw.retry_at, J.string),
    questions: J.array(raw.questions).map(questionResult),
  };
}

/** Grades an attempt: `answers` in the attempt's presented order. */
export async function submitAttempt(client: DatabaseClient, attempt: Pick<CheckAttempt, 'attemptId' | 'token'>, answers: Answer[]): Promise<CheckResult<GradeResult>> {
  try {
    const {data, error} = await client.rpc('submit_knowledge_check', {p_attempt_id: attempt.attemptId, p_answers: answers, p_token: attempt.token ?? undefined});
    if (error) return refused(error, CHECK_ERRORS.grade);
    const grade = J.parseAnswer(data, parseGrade);
    return grade ? {data: grade, error: null} : {data: null, error: CHECK_ERRORS.grade, retryAt: null};
  } catch (error) {
    return refused(error, CHECK_ERRORS.grade);
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

export async function loadCheckStatuses(client: DatabaseClient): Promise<Result<CheckStatus[]>> {
  try {
    const {data, error} = await client.rpc('knowledge_check_progress');
    if (error) return {data: null, error: checkErrorMessage(error, CHECK_ERRORS.load)};
    return {
      data: (data ?? []).map((r) => ({
        courseSlug: r.course_slug,
        lessonSlug: r.lesson_slug,
        // Typegen types RETURNS TABLE columns as non-null; best_score is null before a first attempt.
        bestScore: r.best_score ?? null,
        passed: r.passed,
        attempts: r.attempts,
      })),
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

export async function loadMyCertificates(client: DatabaseClient): Promise<Result<Certificate[]>> {
  try {
    const {data, error} = await client.from('certificates').select('code, course_title, full_name, issued_at, revoked_at').order('issued_at', {ascending: false});
    if (error) return {data: null, error: checkErrorMessage(error, 'Your certificates could not be loaded.')};
    return {data: (data ?? []).map((r) => ({code: r.code, courseTitle: r.course_title, fullName: r.full_name, issuedAt: r.issued_at, revokedAt: r.revoked_at})), error: null};
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, 'Your certificates could not be loaded.')};
  }
}

export async function revokeCertificate(client: DatabaseClient, code: string, reason?: string): Promise<Result<{code: string; revokedAt: string}>> {
  try {
    const {data, error} = await client.rpc('revoke_certificate', {p_code: code, p_reason: reason});
    if (error) return {data: null, error: checkErrorMessage(error, 'The certificate could not be revoked.')};
    const revoked = J.parseAnswer(data, (value) => {
      const row = J.object(value);
      return {code: J.string(row.code), revokedAt: J.string(row.revoked_at)};
    });
    return revoked ? {data: revoked, error: null} : {data: null, error: 'The certificate could not be revoked.'};
  } catch (error) {
    return {data: null, error: checkErrorMessage(error, 'The certificate could not be revoked.')};
  }
}
