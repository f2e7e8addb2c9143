// Knowledge checks and certificates against a real local-supabase, through supabase-js and the
// site's own service module: attempts drawn and shuffled by the server and graded through the
// order they were presented in, what a failed, passed or anonymous attempt reveals, the cool-down
// after repeated failures, input bounds, where answers can (not) be read, attempts' privacy, a
// pass completing the lesson, certificates issued exactly once and only by the database, public
// verification and revocation. Each test builds its own throwaway course with the service role,
// so the seeded catalog other suites rely on is never changed. The tests read the answer key
// with the service role to answer right on purpose.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {SupabaseClient} from '@supabase/supabase-js';
import {anonClient, backend, serviceClient, signedInUser} from './clients';
import {ROOT} from './harness';
import {publishKnowledgeChecks, questionRow} from '../../scripts/lib/publishKnowledgeChecks';
import {readChecks} from '../../src/knowledgeChecks/readChecks';
import {UsageError, runAdmin} from '../../scripts/admin';
import type {KnowledgeCheck, Question} from '../../src/knowledgeChecks/schema';
import {
  loadCheckStatuses,
  loadLessonCheck,
  loadMyCertificates,
  revokeCertificate,
  startAttempt,
  submitAttempt,
  CHECK_ERRORS,
  type Answer,
  type CheckAttempt,
  type GradeResult,
} from '../../src/lib/knowledgeChecks';
import {verifyCertificate} from '../../src/lib/certificateVerification';

const SECRET = 'SECRET-EXPLANATION';

const single: Question = {
  id: 'q-single',
  type: 'single',
  section: '#intro',
  prompt: 'Which option is right?',
  options: [
    {text: 'Option A', correct: false, explanation: `${SECRET} A is wrong because of reasons.`},
    {text: 'Option B', correct: true, explanation: `${SECRET} B is right because of reasons.`},
    {text: 'Option C', correct: false, explanation: `${SECRET} C is wrong because of reasons.`},
  ],
};
const multiple: Question = {
  id: 'q-multiple',
  type: 'multiple',
  section: '#methods',
  prompt: 'Select all that apply.',
  options: [
    {text: 'Yes 1', correct: true, explanation: `${SECRET} first correct option here.`},
    {text: 'No', correct: false, explanation: `${SECRET} the wrong option here.`},
    {text: 'Yes 2', correct: true, explanation: `${SECRET} second correct option here.`},
  ],
};
const numeric: Question = {
  id: 'q-numeric',
  type: 'numeric',
  section: '#kappa',
  prompt: 'Compute kappa to two decimals.',
  answer: 0.72,
  tolerance: 0.005,
  explanation: `${SECRET} worked solution with the numbers.`,
};
const extra: Question = {...single, id: 'q-extra', prompt: 'Which option is right, again?'};
const QUESTIONS = [single, multiple, numeric, extra];
const BY_ID = new Map<string, Question>(QUESTIONS.map((q) => [q.id, q]));

let counter = 0;

/**
 * A course with `lessons` lessons (l1…ln), each with a check (the four questions above, or
 * `pool`) asking `ask` questions (default: all four) unless told otherwise.
 */
async function courseWithChecks(lessons: number, options: {premium?: number[]; withoutCheck?: number[]; pool?: Question[]; ask?: number} = {}) {
  const admin = serviceClient();
  counter += 1;
  const slug = `kc-${Date.now()}-${counter}-${Math.floor(Math.random() * 1e6)}`;
  const title = `Check course ${counter}`;
  const course = await admin.from('courses').insert({slug, title, order_index: 2000 + counter}).select('id').single();
  if (course.error) throw course.error;
  const courseId = (course.data as {id: number}).id;
  const rows = Array.from({length: lessons}, (_, i) => ({
    course_id: courseId,
    slug: `l${i + 1}`,
    title: `Lesson ${i + 1}`,
    order_index: i + 1,
    is_premium: options.premium?.includes(i + 1) ?? false,
  }));
  const inserted = await admin.from('lessons').insert(rows).select('id, order_index').order('order_index');
  if (inserted.error) throw inserted.error;
  const lessonIds = (inserted.data as {id: number}[]).map((r) => r.id);
  const withCheck = lessonIds.filter((_, i) => !options.withoutCheck?.includes(i + 1));
  const pool = options.pool ?? QUESTIONS;
  const questionRows = withCheck.flatMap((id) => pool.map((q, position) => questionRow(id, q, position)));
  if (questionRows.length > 0) {
    const q = await admin.from('knowledge_check_questions').insert(questionRows).select('id');
    if (q.error) throw q.error;
    const settings = await admin.from('knowledge_check_settings').insert(withCheck.map((id) => ({lesson_id: id, ask: options.ask ?? pool.length})));
    if (settings.error) throw settings.error;
  }
  return {courseId, slug, title, lessonIds};
}

async function start(client: SupabaseClient, course: string, lesson: string): Promise<CheckAttempt> {
  const result = await startAttempt(client, course, lesson);
  if (result.error !== null) throw new Error(result.error);
  return result.data;
}

interface Presentation {
  question_keys: string[];
  permutations: number[][];
}

async function presentation(attemptId: string): Promise<Presentation> {
  const {data, error} = await serviceClient().from('knowledge_check_presentations').select('question_keys, permutations').eq('id', attemptId).single();
  if (error) throw error;
  return data as Presentation;
}

/** The right answers to an attempt, by presented position, from the stored permutation and `pool`. */
async function answerKey(attempt: CheckAttempt, pool: Map<string, Question> = BY_ID): Promise<Answer[]> {
  const {question_keys: keys, permutations} = await presentation(attempt.attemptId);
  return keys.map((key, i) => {
    const q = pool.get(key);
    if (!q) throw new Error(`unknown question ${key}`);
    if (q.type === 'numeric') return q.answer;
    return (permutations[i] ?? []).flatMap((yamlIndex, position) => (q.options[yamlIndex]?.correct ? [position] : []));
  });
}

/** A wrong answer for the question at a presented position. */
function wrong(attempt: CheckAttempt, key: Answer[], position: number): Answer {
  const right = key[position];
  if (typeof right === 'number') return right + 1;
  const options = attempt.questions[position]?.options.length ?? 0;
  return [Array.from({length: options}, (_, i) => i).find((i) => !(right ?? []).includes(i)) ?? 0];
}

async function submit(client: SupabaseClient, attempt: CheckAttempt, answers: Answer[]): Promise<GradeResult> {
  const result = await submitAttempt(client, attempt, answers);
  if (result.error !== null) throw new Error(result.error);
  return result.data;
}

/** Starts an attempt and answers every question right (or the positions in `wrongAt` wrong). */
async function take(client: SupabaseClient, course: string, lesson: string, wrongAt: number[] = []): Promise<GradeResult> {
  const attempt = await start(client, course, lesson);
  const key = await answerKey(attempt);
  return submit(client, attempt, key.map((a, i) => (wrongAt.includes(i) ? wrong(attempt, key, i) : a)));
}

/** Fakes a cool-down away, as the e2e journey does: the caller's graded attempts move 2 hours back. */
async function forgetRecentAttempts(lessonId: number) {
  const moved = await serviceClient()
    .from('knowledge_check_presentations')
    .update({graded_at: new Date(Date.now() - 2 * 3600_000).toISOString()})
    .eq('lesson_id', lessonId)
    .not('graded_at', 'is', null)
    .select('id');
  if (moved.error) throw moved.error;
}

const order = (a: CheckAttempt) => JSON.stringify(a.questions.map((q) => [q.id, q.options]));
const correctness = (r: GradeResult) => Object.fromEntries(r.questions.map((q) => [q.id, q.correct]));

describe('attempts drawn by the server', () => {
  it('present the questions and options in a new order each time, and grade through each attempt’s own order', async () => {
    const {slug} = await courseWithChecks(1);
    const anon = anonClient();
    const first = await start(anon, slug, 'l1');
    const firstKey = await answerKey(first);
    const firstAnswerTo = (id: string) => firstKey[first.questions.findIndex((x) => x.id === id)] ?? null;
    // Ten more draws until one presents some question's right answer at other positions: the
    // chance that a fair shuffle repeats the first positions ten times running is below 10⁻¹⁴.
    let second: CheckAttempt | null = null;
    let secondKey: Answer[] = [];
    for (let i = 0; i < 10 && !second; i += 1) {
      const next = await start(anon, slug, 'l1');
      const nextKey = await answerKey(next);
      if (next.questions.some((q, n) => JSON.stringify(nextKey[n]) !== JSON.stringify(firstAnswerTo(q.id)))) {
        second = next;
        secondKey = nextKey;
      }
    }
    if (!second) throw new Error('ten draws all presented the right answers where the first did');
    expect(order(second)).not.toBe(order(first));
    for (const q of first.questions) {
      const question = BY_ID.get(q.id);
      expect(q.options.slice().sort()).toEqual(question?.type === 'numeric' ? [] : question?.options.map((o) => o.text).sort());
    }
    expect((await submit(anon, first, firstKey)).score).toBe(100);
    // The first attempt's right answers, given to the second, are wrong where the positions differ.
    const crossed = await submit(anon, second, second.questions.map((q) => firstAnswerTo(q.id)));
    const differing = second.questions.filter((q, i) => JSON.stringify(secondKey[i]) !== JSON.stringify(firstAnswerTo(q.id)));
    expect(differing.length).toBeGreaterThan(0);
    for (const q of differing) expect(correctness(crossed)[q.id]).toBe(false);
  });

  it('draws `ask` questions from a larger pool, preferring questions the learner was not shown last time', async () => {
    const pool = Array.from({length: 6}, (_, i): Question => ({...single, id: `p${i + 1}`, prompt: `Pool question number ${i + 1}?`}));
    const {slug} = await courseWithChecks(1, {pool, ask: 3});
    const {client: learner} = await signedInUser();
    const check = await loadLessonCheck(learner, slug, 'l1');
    expect(check.data).toMatchObject({ask: 3, passMark: 80, retryAt: null});
    const first = await start(learner, slug, 'l1');
    const second = await start(learner, slug, 'l1');
    expect(first.questions).toHaveLength(3);
    expect(second.questions).toHaveLength(3);
    const firstIds = new Set(first.questions.map((q) => q.id));
    expect(second.questions.filter((q) => firstIds.has(q.id))).toEqual([]);
    // Starting again closed the first attempt: only the latest draw is graded.
    const stale = await submitAttempt(learner, first, [[0], [0], [0]]);
    expect(stale.error).toBe(CHECK_ERRORS.stale);
  });

  it('put the correct option first no more often than chance, over every published check', async () => {
    const admin = serviceClient();
    const {data: questions, error} = await admin.from('knowledge_check_questions').select('lesson_id, question_key, type, options');
    if (error) throw error;
    const {data: lessons} = await admin.from('lessons').select('id, slug, is_active, courses(slug, is_active)');
    type Lesson = {slug: string; is_active: boolean; courses: {slug: string; is_active: boolean}};
    const lessonById = new Map(
      ((lessons ?? []) as unknown as (Lesson & {id: number})[]).filter((l) => l.is_active && l.courses.is_active).map((l) => [l.id, l as Lesson]),
    );
    type Row = {lesson_id: number; question_key: string; type: string; options: {correct: boolean}[] | null};
    const rows = (questions ?? []) as Row[];
    const byKey = new Map(rows.map((r) => [`${r.lesson_id}#${r.question_key}`, r]));
    const published = [...new Set(rows.map((r) => r.lesson_id))].filter((id) => lessonById.get(id)?.courses.slug && !lessonById.get(id)?.courses.slug.startsWith('kc-'));
    expect(published.length).toBeGreaterThan(0);
    // Each lesson drawn 12 times by a Premium learner (Premium lessons' checks are gated).
    const {client: learner, user} = await signedInUser();
    await admin.from('profiles').update({subscription_status: 'active', subscription_end_date: '2999-01-01T00:00:00Z'}).eq('id', user.id);
    let firstCorrect = 0;
    let expected = 0;
    let variance = 0;
    for (const lessonId of published) {
      const lesson = lessonById.get(lessonId);
      if (!lesson) continue;
      for (let i = 0; i < 12; i += 1) {
        const attempt = await start(learner, lesson.courses.slug, lesson.slug);
        const {question_keys: keys, permutations} = await presentation(attempt.attemptId);
        keys.forEach((key, n) => {
          const q = byKey.get(`${lessonId}#${key}`);
          if (q?.type !== 'single' || !q.options) return;
          const p = 1 / q.options.length;
          expected += p;
          variance += p * (1 - p);
          if (q.options[permutations[n]?.[0] ?? -1]?.correct) firstCorrect += 1;
        });
      }
    }
    // Binomial-like sum: a fair shuffle lands within 6 standard deviations of the expected count
    // with probability above 1 − 10⁻⁸; the old YAML order put the correct option first every time.
    const sd = Math.sqrt(variance);
    expect(expected).toBeGreaterThan(100);
    expect(firstCorrect).toBeLessThanOrEqual(expected + 6 * sd);
    expect(firstCorrect).toBeGreaterThanOrEqual(expected - 6 * sd);
  }, 240_000);
});

describe('grading', () => {
  it('marks single, multiple and numeric questions, with numeric tolerance inclusive at both edges', async () => {
    const {slug, lessonIds} = await courseWithChecks(1);
    const {client: learner} = await signedInUser();
    const right = await take(learner, slug, 'l1');
    expect(right).toMatchObject({score: 100, correct: 4, total: 4, passed: true, passMark: 80, saved: true, lessonCompleted: true});

    const numericAt = async (value: number) => {
      const attempt = await start(learner, slug, 'l1');
      const key = await answerKey(attempt);
      const graded = await submit(learner, attempt, key.map((a, i) => (attempt.questions[i]?.id === 'q-numeric' ? value : a)));
      await forgetRecentAttempts(lessonIds[0] as number);
      return correctness(graded)['q-numeric'];
    };
    for (const edge of [0.715, 0.725]) expect(await numericAt(edge)).toBe(true);
    for (const outside of [0.7149, 0.7251]) expect(await numericAt(outside)).toBe(false);
  });

  it('counts a partial or over-full multiple-choice answer as wrong, and an unanswered question as wrong', async () => {
    const {slug, lessonIds} = await courseWithChecks(1);
    const {client: learner} = await signedInUser();
    const graded = async (change: (key: Answer[], position: number) => Answer) => {
      const attempt = await start(learner, slug, 'l1');
      const key = await answerKey(attempt);
      const at = attempt.questions.findIndex((q) => q.id === 'q-multiple');
      const result = await submit(learner, attempt, key.map((a, i) => (i === at ? change(key, i) : a)));
      await forgetRecentAttempts(lessonIds[0] as number);
      return correctness(result)['q-multiple'];
    };
    expect(await graded((key, i) => [(key[i] as number[])[0] as number])).toBe(false);
    expect(await graded(() => [0, 1, 2])).toBe(false);
    expect(await graded((key, i) => [...(key[i] as number[])].reverse())).toBe(true);
    expect(await graded(() => null)).toBe(false);
    expect(await graded(() => [])).toBe(false);
  });

  it('a failed attempt says which questions to revisit and where, and holds no right answer, numeric value or explanation', async () => {
    const {slug} = await courseWithChecks(1);
    const {client: learner} = await signedInUser();
    const attempt = await start(learner, slug, 'l1');
    const key = await answerKey(attempt);
    const numericAt = attempt.questions.findIndex((q) => q.id === 'q-numeric');
    const singleAt = attempt.questions.findIndex((q) => q.id === 'q-single');
    const result = await submitAttempt(learner, attempt, key.map((a, i) => (i === numericAt ? 1.5 : i === singleAt ? wrong(attempt, key, i) : a)));
    if (result.error !== null) throw new Error(result.error);
    expect(result.data).toMatchObject({passed: false, score: 50, saved: true});
    const wrongOnes = result.data.questions.filter((q) => !q.correct).map((q) => [q.id, q.section]);
    expect(wrongOnes.sort()).toEqual([['q-numeric', '#kappa'], ['q-single', '#intro']]);
    expect(result.data.questions.every((q) => q.reveal === null)).toBe(true);
    const raw = await learner.rpc('start_knowledge_check', {p_course_slug: slug, p_lesson_slug: 'l1'});
    const again = raw.data as {attempt_id: string};
    const rawKey = await answerKey({attemptId: again.attempt_id, token: null, passMark: 80, questions: []});
    const rawFail = await learner.rpc('submit_knowledge_check', {p_attempt_id: again.attempt_id, p_answers: rawKey.map((a) => (typeof a === 'number' ? 9 : []))});
    const text = JSON.stringify(rawFail.data);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/correct_options|explanation|tolerance|"answer"/);
    expect(text).not.toContain('0.72');
    for (const q of (rawFail.data as {questions: object[]}).questions) expect(Object.keys(q).sort()).toEqual(['correct', 'id', 'section', 'your_answer']);
  });

  it('a passed attempt holds the right answers and explanations in the presented order', async () => {
    const {slug} = await courseWithChecks(1);
    const {client: learner} = await signedInUser();
    const attempt = await start(learner, slug, 'l1');
    const key = await answerKey(attempt);
    const {permutations} = await presentation(attempt.attemptId);
    const result = await submit(learner, attempt, key);
    expect(result.passed).toBe(true);
    result.questions.forEach((q, i) => {
      const question = BY_ID.get(q.id);
      if (question?.type === 'numeric') {
        expect(q.reveal).toMatchObject({kind: 'numeric', answer: 0.72, tolerance: 0.005, explanation: numeric.explanation});
      } else {
        expect(q.reveal).toMatchObject({kind: 'choice', correctOptions: key[i]});
        expect(q.reveal?.kind === 'choice' && q.reveal.explanations).toEqual((permutations[i] ?? []).map((y) => question?.options[y]?.explanation));
      }
    });
  });

  it('an anonymous attempt is graded but reveals no answer, even when it passes', async () => {
    const {slug} = await courseWithChecks(1);
    const anon = anonClient();
    const attempt = await start(anon, slug, 'l1');
    expect(attempt.token).toMatch(/^[0-9a-f]{48}$/);
    const result = await submit(anon, attempt, await answerKey(attempt));
    expect(result).toMatchObject({passed: true, score: 100, saved: false, lessonCompleted: false});
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(result.questions.every((q) => q.reveal === null)).toBe(true);
  });

  it('grades an attempt once, only for whoever started it', async () => {
    const {slug} = await courseWithChecks(1);
    const {client: learner} = await signedInUser();
    const {client: stranger} = await signedInUser();
    const mine = await start(learner, slug, 'l1');
    const key = await answerKey(mine);
    expect((await submitAttempt(stranger, mine, key)).error).toBe(CHECK_ERRORS.stale);
    const anonymous = await start(anonClient(), slug, 'l1');
    const anonKey = await answerKey(anonymous);
    for (const token of [null, 'f'.repeat(48)]) {
      const {error, status} = await anonClient().rpc('submit_knowledge_check', {p_attempt_id: anonymous.attemptId, p_answers: anonKey, p_token: token});
      expect(error?.code).toBe('PT404');
      expect(status).toBe(404);
    }
    expect((await submit(learner, mine, key)).passed).toBe(true);
    const twice = await learner.rpc('submit_knowledge_check', {p_attempt_id: mine.attemptId, p_answers: key});
    expect(twice.error?.code).toBe('PT409');
    expect(twice.status).toBe(409);
  });

  it('the old grading function is gone', async () => {
    const {slug} = await courseWithChecks(1);
    const old = await anonClient().rpc('grade_knowledge_check', {p_course_slug: slug, p_lesson_slug: 'l1', p_answers: {'q-single': [1]}});
    expect(old.error?.code).toBe('PGRST202');
  });
});

describe('retakes', () => {
  it('open at once after a first failure, then wait 1 minute after a second, refused with the time to wait', async () => {
    const {slug, lessonIds} = await courseWithChecks(1);
    const {client: learner} = await signedInUser();
    const first = await take(learner, slug, 'l1', [0, 1]);
    expect(first).toMatchObject({passed: false, retryAt: null});
    const second = await take(learner, slug, 'l1', [0, 1]);
    expect(second.passed).toBe(false);
    const retryAt = Date.parse(second.retryAt ?? '');
    expect(retryAt - Date.now()).toBeGreaterThan(0);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(61_000);

    const refused = await learner.rpc('start_knowledge_check', {p_course_slug: slug, p_lesson_slug: 'l1'});
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({code: 'PT429', details: second.retryAt});
    const viaSite = await startAttempt(learner, slug, 'l1');
    expect(viaSite).toMatchObject({data: null, retryAt: second.retryAt});
    expect(viaSite.error).toMatch(/You can try again at .* \(in 1 minute\)\./);
    expect((await loadLessonCheck(learner, slug, 'l1')).data?.retryAt).toBe(second.retryAt);
    // Another learner is not held back.
    const {client: other} = await signedInUser();
    expect((await startAttempt(other, slug, 'l1')).error).toBeNull();

    await forgetRecentAttempts(lessonIds[0] as number);
    expect((await take(learner, slug, 'l1')).passed).toBe(true);
  });

  it('hold back anonymous callers by address, and an attempt started before the failures too', async () => {
    const {slug} = await courseWithChecks(1);
    const early = await start(anonClient(), slug, 'l1');
    await take(anonClient(), slug, 'l1', [0, 1]);
    const second = await take(anonClient(), slug, 'l1', [0, 1]);
    expect(second.retryAt).not.toBeNull();
    const refused = await startAttempt(anonClient(), slug, 'l1');
    expect(refused).toMatchObject({data: null, retryAt: second.retryAt});
    const held = await anonClient().rpc('submit_knowledge_check', {p_attempt_id: early.attemptId, p_answers: await answerKey(early), p_token: early.token});
    expect(held.status).toBe(429);
  });
});

describe('input bounds', () => {
  it('refuses oversized or malformed answers with 400 before grading, and the attempt stays open', async () => {
    const {slug} = await courseWithChecks(1);
    const anon = anonClient();
    const attempt = await start(anon, slug, 'l1');
    const key = await answerKey(attempt);
    const choiceAt = attempt.questions.findIndex((q) => q.id === 'q-single');
    const numericAt = attempt.questions.findIndex((q) => q.id === 'q-numeric');
    const withAt = (at: number, value: unknown) => key.map((a, i) => (i === at ? value : a));
    const bad: unknown[] = [
      {'q-single': [1]},
      42,
      [...key, null],
      withAt(choiceAt, [0, 1, 2, 0]),
      withAt(choiceAt, [1.5]),
      withAt(choiceAt, [-1]),
      withAt(choiceAt, [7]),
      withAt(choiceAt, ['1']),
      withAt(choiceAt, [0, 1]),
      withAt(choiceAt, 1),
      withAt(numericAt, '0.72'),
      withAt(numericAt, [0]),
      withAt(attempt.questions.findIndex((q) => q.id === 'q-multiple'), [0, 0]),
      Array.from({length: 3000}, () => null),
    ];
    for (const answers of bad) {
      const {error, status} = await anon.rpc('submit_knowledge_check', {p_attempt_id: attempt.attemptId, p_answers: answers, p_token: attempt.token});
      expect(error?.code, JSON.stringify(answers).slice(0, 80)).toBe('22023');
      expect(status).toBe(400);
    }
    expect((await submit(anon, attempt, key)).passed).toBe(true);
  });

  it('refuses a 1 MiB answer list while a concurrent anonymous read completes normally', async () => {
    const {slug} = await courseWithChecks(1);
    const anon = anonClient();
    const attempt = await start(anon, slug, 'l1');
    // Just under the gateway's 1 MiB body limit, so the database's own bound is what refuses it
    // (a list over 1 MiB is refused earlier, with PostgREST's 413).
    const huge = Array.from({length: 250_000}, () => [0]);
    expect(JSON.stringify(huge).length).toBeGreaterThan(950_000);
    const finished: string[] = [];
    const big = anon.rpc('submit_knowledge_check', {p_attempt_id: attempt.attemptId, p_answers: huge, p_token: attempt.token}).then((r) => {
      finished.push('big');
      return r;
    });
    const read = anonClient()
      .rpc('get_knowledge_check', {p_course_slug: slug, p_lesson_slug: 'l1'})
      .then((r) => {
        finished.push('read');
        return r;
      });
    const [refused, answered] = await Promise.all([big, read]);
    expect(refused.error?.code).toBe('22023');
    expect(refused.status).toBe(400);
    expect(answered.error).toBeNull();
    expect(answered.data).toMatchObject({pass_mark: 80, ask: 4});
    expect(finished.sort()).toEqual(['big', 'read']);
    const over = await anon.rpc('submit_knowledge_check', {p_attempt_id: attempt.attemptId, p_answers: [...huge, ...huge], p_token: attempt.token});
    expect(over.status).toBe(413);
    // Nothing was graded or stored: the attempt is still open.
    expect((await submit(anon, attempt, await answerKey(attempt))).passed).toBe(true);
  });
});

describe('answers before an attempt', () => {
  it('are in no table or function anon or a learner can read', async () => {
    const {slug} = await courseWithChecks(1);
    const {client: learner} = await signedInUser();
    for (const client of [anonClient(), learner]) {
      for (const table of ['knowledge_check_questions', 'knowledge_check_presentations', 'knowledge_check_settings']) {
        expect((await client.from(table).select('*')).error?.code, table).toBe('42501');
      }
      const started = await client.rpc('start_knowledge_check', {p_course_slug: slug, p_lesson_slug: 'l1'});
      expect(started.error).toBeNull();
      const text = JSON.stringify(started.data);
      expect(text).toContain('Which option is right?');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('correct');
      expect(text).not.toContain('0.72');
      const internal = await client.rpc('knowledge_check_lesson', {p_course_slug: slug, p_lesson_slug: 'l1'});
      expect(internal.error?.code).toBe('42501');
    }
  });

  it('cannot be written or changed through the attempt tables by a stranger', async () => {
    const {slug, lessonIds, courseId} = await courseWithChecks(1);
    const {client: learner, user} = await signedInUser();
    const attempt = await start(learner, slug, 'l1');
    const {client: stranger} = await signedInUser();
    for (const client of [stranger, learner, anonClient()]) {
      const insert = await client
        .from('knowledge_check_presentations')
        .insert({user_id: user.id, lesson_id: lessonIds[0], course_id: courseId, question_keys: ['q-single'], permutations: [[1, 0, 2]], expires_at: '2999-01-01T00:00:00Z'});
      expect(insert.error?.code).toBe('42501');
      const edit = await client.from('knowledge_check_presentations').update({permutations: [[0, 1, 2]]}).eq('id', attempt.attemptId);
      expect(edit.error?.code).toBe('42501');
      const ask = await client.from('knowledge_check_settings').upsert({lesson_id: lessonIds[0], ask: 1});
      expect(ask.error?.code).toBe('42501');
    }
  });

  it('gates a Premium lesson’s questions and grading like its body', async () => {
    const {slug} = await courseWithChecks(1, {premium: [1]});
    const {client: learner, user} = await signedInUser();
    expect((await loadLessonCheck(anonClient(), slug, 'l1')).error).toBe(CHECK_ERRORS.premium);
    expect((await startAttempt(learner, slug, 'l1')).error).toBe(CHECK_ERRORS.premium);

    const admin = serviceClient();
    const upgraded = await admin.from('profiles').update({subscription_status: 'active', subscription_end_date: '2999-01-01T00:00:00Z'}).eq('id', user.id);
    expect(upgraded.error).toBeNull();
    expect((await start(learner, slug, 'l1')).questions).toHaveLength(4);
    expect((await take(learner, slug, 'l1')).passed).toBe(true);
  });
});

describe('stored attempts', () => {
  it('are stored for a learner with their normalised answers, readable by them and admins, never by another learner or anon; a pass completes the lesson', async () => {
    const {slug, lessonIds, courseId} = await courseWithChecks(2);
    const {client: learner, user} = await signedInUser();
    const failed = await take(learner, slug, 'l1', [0, 1, 2, 3]);
    expect(failed).toMatchObject({saved: true, passed: false, bestScore: 0, lessonCompleted: false});
    const passed = await take(learner, slug, 'l1');
    expect(passed).toMatchObject({saved: true, passed: true, bestScore: 100, lessonCompleted: true, certificate: null});

    const own = await learner.from('knowledge_check_attempts').select('user_id, lesson_id, score, passed, answers').order('id');
    expect(own.data).toHaveLength(2);
    expect(own.data?.[1]).toMatchObject({
      user_id: user.id,
      lesson_id: lessonIds[0],
      passed: true,
      answers: {'q-single': ['Option B'], 'q-multiple': ['Yes 1', 'Yes 2'], 'q-numeric': 0.72, 'q-extra': ['Option B']},
    });

    const progress = await learner.from('user_lesson_progress').select('lesson_id, is_completed').eq('course_id', courseId);
    expect(progress.data).toEqual([{lesson_id: lessonIds[0], is_completed: true}]);
    const statuses = await loadCheckStatuses(learner);
    expect(statuses.data?.filter((s) => s.courseSlug === slug)).toEqual([
      {courseSlug: slug, lessonSlug: 'l1', bestScore: 100, passed: true, attempts: 2},
      {courseSlug: slug, lessonSlug: 'l2', bestScore: null, passed: false, attempts: 0},
    ]);
    const check = await loadLessonCheck(learner, slug, 'l1');
    expect(check.data).toMatchObject({bestScore: 100, passed: true, attempts: 2});

    const {client: stranger} = await signedInUser();
    expect((await stranger.from('knowledge_check_attempts').select('*').eq('user_id', user.id)).data).toEqual([]);
    expect((await anonClient().from('knowledge_check_attempts').select('*')).error?.code).toBe('42501');
    const {client: admin} = await signedInUser({appMetadata: {role: 'admin'}});
    expect((await admin.from('knowledge_check_attempts').select('id').eq('user_id', user.id)).data).toHaveLength(2);
  });

  it('cannot be written by a learner', async () => {
    const {courseId, lessonIds} = await courseWithChecks(1);
    const {client: learner, user} = await signedInUser();
    const insert = await learner
      .from('knowledge_check_attempts')
      .insert({user_id: user.id, lesson_id: lessonIds[0], course_id: courseId, score: 100, passed: true, answers: {}});
    expect(insert.error?.code).toBe('42501');
  });
});

describe('certificates', () => {
  it('are issued exactly once when the last check of the course is passed, with the learner’s name', async () => {
    const {slug, courseId, title} = await courseWithChecks(3, {withoutCheck: [3]});
    const {client: learner, user} = await signedInUser({fullName: 'Ada Lovelace'});
    expect((await take(learner, slug, 'l1')).certificate).toBeNull();
    const last = await take(learner, slug, 'l2');
    expect(last.certificate?.code).toMatch(/^[0-9a-f]{32}$/);
    const again = await take(learner, slug, 'l1');
    expect(again.certificate?.code).toBe(last.certificate?.code);

    const mine = await loadMyCertificates(learner);
    expect(mine.data?.filter((c) => c.code === last.certificate?.code)).toEqual([
      expect.objectContaining({fullName: 'Ada Lovelace', courseTitle: title, revokedAt: null}),
    ]);
    const rows = await serviceClient().from('certificates').select('id').eq('user_id', user.id).eq('course_id', courseId);
    expect(rows.data).toHaveLength(1);
  });

  it('are issued once when the two final attempts arrive together', async () => {
    const {slug, courseId} = await courseWithChecks(2);
    const {client: learner, user} = await signedInUser();
    const [a, b] = await Promise.all([take(learner, slug, 'l1'), take(learner, slug, 'l2')]);
    const codes = [a.certificate?.code, b.certificate?.code].filter(Boolean);
    expect(codes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(codes).size).toBe(1);
    const rows = await serviceClient().from('certificates').select('code').eq('user_id', user.id).eq('course_id', courseId);
    expect(rows.data).toEqual([{code: codes[0]}]);
  });

  it('are issued once when the final attempt is submitted twice at the same moment (it is graded once)', async () => {
    const {slug, courseId} = await courseWithChecks(2);
    const {client: learner, user} = await signedInUser();
    await take(learner, slug, 'l1');
    const attempt = await start(learner, slug, 'l2');
    const key = await answerKey(attempt);
    const results = await Promise.all([submitAttempt(learner, attempt, key), submitAttempt(learner, attempt, key)]);
    const graded = results.flatMap((r) => (r.error === null ? [r.data] : []));
    expect(graded).toHaveLength(1);
    expect(results.filter((r) => r.error === CHECK_ERRORS.stale)).toHaveLength(1);
    const code = graded[0]?.certificate?.code;
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    const rows = await serviceClient().from('certificates').select('code').eq('user_id', user.id).eq('course_id', courseId);
    expect(rows.data).toEqual([{code}]);
  });

  it('record each check passed with its best score and first pass, and the pass mark', async () => {
    const {slug, lessonIds, courseId} = await courseWithChecks(2);
    const {client: learner, user} = await signedInUser();
    await take(learner, slug, 'l1', [0]);
    await forgetRecentAttempts(lessonIds[0] as number);
    await take(learner, slug, 'l1');
    const last = await take(learner, slug, 'l2');
    expect(last.certificate).not.toBeNull();
    const {data} = await serviceClient().from('certificates').select('checks, pass_mark').eq('user_id', user.id).eq('course_id', courseId).single();
    const row = data as {checks: {lesson_slug: string; lesson_title: string; score: number; passed_at: string}[]; pass_mark: number};
    expect(Number(row.pass_mark)).toBe(80);
    expect(row.checks.map((c) => [c.lesson_slug, c.lesson_title, Number(c.score)])).toEqual([
      ['l1', 'Lesson 1', 100],
      ['l2', 'Lesson 2', 100],
    ]);
    expect(row.checks.every((c) => !Number.isNaN(Date.parse(c.passed_at)))).toBe(true);
  });

  it('cannot be inserted, forged or changed by a learner, nor read by a stranger', async () => {
    const {slug, courseId} = await courseWithChecks(1);
    const {client: learner, user} = await signedInUser();
    const forged = await learner.from('certificates').insert({code: 'a'.repeat(32), user_id: user.id, course_id: courseId, course_title: 'Forged'});
    expect(forged.error?.code).toBe('42501');
    const passed = await take(learner, slug, 'l1');
    const code = passed.certificate?.code as string;
    const edit = await learner.from('certificates').update({full_name: 'Someone Else', revoked_at: null}).eq('code', code).select();
    expect(edit.error?.code).toBe('42501');
    const issue = await learner.rpc('issue_certificate_if_complete', {p_user: user.id, p_course_id: courseId});
    expect(issue.error?.code).toBe('42501');
    const {client: stranger} = await signedInUser();
    expect((await stranger.from('certificates').select('*').eq('code', code)).data).toEqual([]);
    expect((await anonClient().from('certificates').select('*')).error?.code).toBe('42501');
  });

  it('verify publicly with name, course, date and status only; admins revoke, learners cannot', async () => {
    const {slug} = await courseWithChecks(1);
    const {client: learner} = await signedInUser({fullName: 'Grace Hopper'});
    const code = (await take(learner, slug, 'l1')).certificate?.code as string;

    const anon = anonClient();
    const raw = await anon.rpc('verify_certificate', {p_code: code}).single();
    expect(Object.keys(raw.data as object).sort()).toEqual(['checks', 'course_slug', 'course_title', 'full_name', 'issued_at', 'pass_mark', 'revoked_at', 'status']);
    expect((await verifyCertificate(anon, code)).data).toMatchObject({fullName: 'Grace Hopper', status: 'valid'});
    expect((await verifyCertificate(anon, 'f'.repeat(32))).data).toBeNull();

    expect((await revokeCertificate(learner, code)).error).toBe('Only administrators can revoke certificates');
    expect((await anon.rpc('revoke_certificate', {p_code: code})).error?.code).toBe('42501');
    const {client: admin} = await signedInUser({appMetadata: {role: 'admin'}});
    expect((await revokeCertificate(admin, 'f'.repeat(32), 'Issued in error')).error).toBe('Certificate not found');
    const revoked = await revokeCertificate(admin, code, 'Issued in error');
    expect(revoked.data?.code).toBe(code);
    expect((await verifyCertificate(anon, code)).data).toMatchObject({fullName: 'Grace Hopper', status: 'revoked'});
    expect((await admin.from('certificates').select('code, revoked_reason').eq('code', code)).data).toEqual([{code, revoked_reason: 'Issued in error'}]);
  });
});

describe('the admin command', () => {
  it('revokes a certificate by code and refuses unknown or malformed codes', async () => {
    const {slug} = await courseWithChecks(1);
    const {client: learner} = await signedInUser({fullName: 'Mary Seacole'});
    const code = (await take(learner, slug, 'l1')).certificate?.code as string;
    const {url, serviceRoleKey} = backend();
    const connection = {url, serviceRoleKey};
    expect(await runAdmin(['certificate', 'list'], connection)).toContainEqual(expect.stringContaining(`${code}\tvalid`));
    expect(await runAdmin(['certificate', 'revoke', code.toUpperCase(), '--reason', 'Duplicate account'], connection)).toEqual([
      expect.stringContaining(`Revoked ${code} (Mary Seacole,`),
    ]);
    expect((await verifyCertificate(anonClient(), code)).data?.status).toBe('revoked');
    await expect(runAdmin(['certificate', 'revoke', 'f'.repeat(32), '--reason', 'Duplicate account'], connection)).rejects.toBeInstanceOf(UsageError);
    await expect(runAdmin(['certificate', 'revoke', 'not-a-code'], connection)).rejects.toThrow('32 hexadecimal digits');
  });
});

describe('publishing from docs/', () => {
  it('writes changed questions only, removes ones that left the files, and changes nothing on a second run', async () => {
    const {slug, lessonIds} = await courseWithChecks(1, {withoutCheck: [1]});
    const admin = serviceClient();
    const lesson = `${slug}/l1`;
    // The docs' own checks go along each time, so the seeded lessons' questions stay published.
    const docs = readChecks(path.join(ROOT, 'docs'));
    const publish = (check: KnowledgeCheck, at = lesson) => publishKnowledgeChecks(admin, 'unused', [...docs, {lesson: at, file: 'x', check}]);
    const first = await publish({ask: 3, questions: QUESTIONS});
    expect(first.written).toEqual(QUESTIONS.map((q) => `${lesson}#${q.id}`));
    // (Questions the other tests wrote straight into their throwaway lessons are not in docs/: gone.)
    expect(first.removed.filter((r) => r.startsWith(lesson))).toEqual([]);
    const second = await publish({ask: 3, questions: QUESTIONS});
    expect(second.written).toEqual([]);
    expect(second.removed).toEqual([]);
    const third = await publish({ask: 3, questions: [{...single, prompt: 'Which option is right, now?'}, multiple, numeric]});
    expect(third.written).toEqual([`${lesson}#q-single`]);
    expect(third.removed).toEqual([`${lesson}#q-extra`]);
    const stored = await admin.from('knowledge_check_questions').select('question_key, prompt').eq('lesson_id', lessonIds[0]).order('position');
    expect(stored.data).toEqual([
      {question_key: 'q-single', prompt: 'Which option is right, now?'},
      {question_key: 'q-multiple', prompt: multiple.prompt},
      {question_key: 'q-numeric', prompt: numeric.prompt},
    ]);
    expect((await admin.from('knowledge_check_settings').select('ask').eq('lesson_id', lessonIds[0])).data).toEqual([{ask: 3}]);
    await expect(publish({ask: 3, questions: QUESTIONS}, `${slug}/nope`)).rejects.toThrow('run the course sync first');
  });
});
