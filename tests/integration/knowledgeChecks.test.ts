// Knowledge checks and certificates against a real local-supabase, through supabase-js and the
// site's own service module: grading of each question type, where answers can (not) be read,
// attempts' privacy, a pass completing the lesson, certificates issued exactly once and only by
// the database, public verification and revocation. Each test builds its own throwaway course
// with the service role, so the seeded catalog other suites rely on is never changed.
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
  gradeLessonCheck,
  loadCheckStatuses,
  loadLessonCheck,
  loadMyCertificates,
  revokeCertificate,
  verifyCertificate,
  CHECK_ERRORS,
  type Answers,
  type GradeResult,
} from '../../src/lib/knowledgeChecks';

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
  section: '#intro',
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
  section: '#intro',
  prompt: 'Compute kappa to two decimals.',
  answer: 0.72,
  tolerance: 0.005,
  explanation: `${SECRET} worked solution with the numbers.`,
};
const extra: Question = {...single, id: 'q-extra'};
const QUESTIONS = [single, multiple, numeric, extra];
const ALL_RIGHT: Answers = {'q-single': [1], 'q-multiple': [0, 2], 'q-numeric': 0.72, 'q-extra': [1]};

let counter = 0;

/** A course with `lessons` lessons (l1…ln), each with the four questions above unless told otherwise. */
async function courseWithChecks(lessons: number, options: {premium?: number[]; withoutCheck?: number[]} = {}) {
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
  const questionRows = lessonIds.flatMap((id, i) => (options.withoutCheck?.includes(i + 1) ? [] : QUESTIONS.map((q, position) => questionRow(id, q, position))));
  if (questionRows.length > 0) {
    const q = await admin.from('knowledge_check_questions').insert(questionRows).select('id');
    if (q.error) throw q.error;
  }
  return {courseId, slug, title, lessonIds};
}

async function grade(client: SupabaseClient, course: string, lesson: string, answers: Answers): Promise<GradeResult> {
  const result = await gradeLessonCheck(client, course, lesson, answers);
  if (result.error !== null) throw new Error(result.error);
  return result.data;
}

const correctness = (r: GradeResult) => Object.fromEntries(r.questions.map((q) => [q.id, q.correct]));

describe('grading', () => {
  it('marks single, multiple and numeric questions, with numeric tolerance inclusive at both edges', async () => {
    const {slug} = await courseWithChecks(1);
    const anon = anonClient();
    const right = await grade(anon, slug, 'l1', ALL_RIGHT);
    expect(right).toMatchObject({score: 100, correct: 4, total: 4, passed: true, passMark: 80, saved: false, lessonCompleted: false});

    for (const edge of [0.715, 0.725]) {
      expect(correctness(await grade(anon, slug, 'l1', {...ALL_RIGHT, 'q-numeric': edge}))['q-numeric']).toBe(true);
    }
    for (const outside of [0.7149, 0.7251]) {
      expect(correctness(await grade(anon, slug, 'l1', {...ALL_RIGHT, 'q-numeric': outside}))['q-numeric']).toBe(false);
    }
    const wrongSingle = await grade(anon, slug, 'l1', {...ALL_RIGHT, 'q-single': [0]});
    expect(correctness(wrongSingle)).toMatchObject({'q-single': false, 'q-multiple': true});
    expect(wrongSingle).toMatchObject({score: 75, passed: false});
  });

  it('counts a partial or over-full multiple-choice answer as wrong, and an unanswered question as wrong', async () => {
    const {slug} = await courseWithChecks(1);
    const anon = anonClient();
    expect(correctness(await grade(anon, slug, 'l1', {...ALL_RIGHT, 'q-multiple': [0]}))['q-multiple']).toBe(false);
    expect(correctness(await grade(anon, slug, 'l1', {...ALL_RIGHT, 'q-multiple': [0, 1, 2]}))['q-multiple']).toBe(false);
    expect(correctness(await grade(anon, slug, 'l1', {...ALL_RIGHT, 'q-multiple': [2, 0, 0]}))['q-multiple']).toBe(true);
    const {['q-numeric']: _omitted, ...rest} = ALL_RIGHT;
    expect(correctness(await grade(anon, slug, 'l1', rest))['q-numeric']).toBe(false);
  });

  it('returns the correct answers and every option’s explanation after grading', async () => {
    const {slug} = await courseWithChecks(1);
    const result = await grade(anonClient(), slug, 'l1', {'q-single': [0]});
    const byId = Object.fromEntries(result.questions.map((q) => [q.id, q]));
    expect(byId['q-single']).toMatchObject({kind: 'choice', correctOptions: [1]});
    expect(byId['q-single']?.kind === 'choice' && byId['q-single'].explanations).toHaveLength(3);
    expect(byId['q-multiple']).toMatchObject({kind: 'choice', correctOptions: [0, 2]});
    expect(byId['q-numeric']).toMatchObject({kind: 'numeric', answer: 0.72, tolerance: 0.005});
  });

  it('refuses malformed answers with a PostgREST error, not a 500', async () => {
    const {slug} = await courseWithChecks(1);
    const anon = anonClient();
    for (const answers of [{'q-single': [7]}, {'q-single': 'B'}, {'q-numeric': 'lots'}, {'q-single': [0, 1]}, {nope: [1]}]) {
      const {error, status} = await anon.rpc('grade_knowledge_check', {p_course_slug: slug, p_lesson_slug: 'l1', p_answers: answers});
      expect(error?.code, JSON.stringify(answers)).toBe('22023');
      expect(status).toBe(400);
    }
    const missing = await gradeLessonCheck(anon, slug, 'nope', ALL_RIGHT);
    expect(missing.error).toBe(CHECK_ERRORS.notFound);
  });
});

describe('answers before an attempt', () => {
  it('are in no table or function anon or a learner can read', async () => {
    const {slug} = await courseWithChecks(1);
    const {client: learner} = await signedInUser();
    for (const client of [anonClient(), learner]) {
      const table = await client.from('knowledge_check_questions').select('*');
      expect(table.error?.code).toBe('42501');
      const check = await client.rpc('get_knowledge_check', {p_course_slug: slug, p_lesson_slug: 'l1'});
      expect(check.error).toBeNull();
      const text = JSON.stringify(check.data);
      expect(text).toContain('Which option is right?');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('correct');
      expect(text).not.toContain('0.72');
      const internal = await client.rpc('knowledge_check_lesson', {p_course_slug: slug, p_lesson_slug: 'l1'});
      expect(internal.error?.code).toBe('42501');
    }
  });

  it('serves the published open-data check without answers', async () => {
    const check = await loadLessonCheck(anonClient(), 'open-data', 'overview');
    if (check.error !== null) throw new Error(check.error);
    expect(check.data.questions.length).toBeGreaterThanOrEqual(4);
    expect(check.data.passMark).toBe(80);
    expect(JSON.stringify(check.data)).not.toMatch(/explanation|"correct"/);
  });

  it('gates a Premium lesson’s questions and grading like its body', async () => {
    const {slug} = await courseWithChecks(1, {premium: [1]});
    const {client: learner, user} = await signedInUser();
    expect((await loadLessonCheck(anonClient(), slug, 'l1')).error).toBe(CHECK_ERRORS.premium);
    expect((await loadLessonCheck(learner, slug, 'l1')).error).toBe(CHECK_ERRORS.premium);
    expect((await gradeLessonCheck(learner, slug, 'l1', ALL_RIGHT)).error).toBe(CHECK_ERRORS.premium);

    const admin = serviceClient();
    const upgraded = await admin.from('profiles').update({subscription_status: 'active', subscription_end_date: '2999-01-01T00:00:00Z'}).eq('id', user.id);
    expect(upgraded.error).toBeNull();
    expect((await loadLessonCheck(learner, slug, 'l1')).data?.questions).toHaveLength(4);
    expect((await gradeLessonCheck(learner, slug, 'l1', ALL_RIGHT)).data?.passed).toBe(true);
  });
});

describe('attempts', () => {
  it('are stored for a learner, readable by them and admins, never by another learner or anon; a pass completes the lesson', async () => {
    const {slug, lessonIds, courseId} = await courseWithChecks(2);
    const {client: learner, user} = await signedInUser();
    const failed = await grade(learner, slug, 'l1', {'q-single': [0]});
    expect(failed).toMatchObject({saved: true, passed: false, bestScore: 0, lessonCompleted: false});
    const passed = await grade(learner, slug, 'l1', ALL_RIGHT);
    expect(passed).toMatchObject({saved: true, passed: true, bestScore: 100, lessonCompleted: true, certificate: null});

    const own = await learner.from('knowledge_check_attempts').select('user_id, lesson_id, score, passed, answers').order('id');
    expect(own.data).toHaveLength(2);
    expect(own.data?.[1]).toMatchObject({user_id: user.id, lesson_id: lessonIds[0], passed: true});

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
    expect((await grade(learner, slug, 'l1', ALL_RIGHT)).certificate).toBeNull();
    const last = await grade(learner, slug, 'l2', ALL_RIGHT);
    expect(last.certificate?.code).toMatch(/^[0-9a-f]{32}$/);
    const again = await grade(learner, slug, 'l1', ALL_RIGHT);
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
    const [a, b] = await Promise.all([grade(learner, slug, 'l1', ALL_RIGHT), grade(learner, slug, 'l2', ALL_RIGHT)]);
    const codes = [a.certificate?.code, b.certificate?.code].filter(Boolean);
    expect(codes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(codes).size).toBe(1);
    const rows = await serviceClient().from('certificates').select('code').eq('user_id', user.id).eq('course_id', courseId);
    expect(rows.data).toEqual([{code: codes[0]}]);
  });

  it('are issued once when the final check is passed twice at the same moment', async () => {
    const {slug, courseId} = await courseWithChecks(2);
    const {client: learner, user} = await signedInUser();
    await grade(learner, slug, 'l1', ALL_RIGHT);
    const results = await Promise.all([grade(learner, slug, 'l2', ALL_RIGHT), grade(learner, slug, 'l2', ALL_RIGHT)]);
    const code = results[0].certificate?.code;
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(results[1].certificate?.code).toBe(code);
    const rows = await serviceClient().from('certificates').select('code').eq('user_id', user.id).eq('course_id', courseId);
    expect(rows.data).toEqual([{code}]);
  });

  it('cannot be inserted, forged or changed by a learner, nor read by a stranger', async () => {
    const {slug, courseId} = await courseWithChecks(1);
    const {client: learner, user} = await signedInUser();
    const forged = await learner.from('certificates').insert({code: 'a'.repeat(32), user_id: user.id, course_id: courseId, course_title: 'Forged'});
    expect(forged.error?.code).toBe('42501');
    const passed = await grade(learner, slug, 'l1', ALL_RIGHT);
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
    const code = (await grade(learner, slug, 'l1', ALL_RIGHT)).certificate?.code as string;

    const anon = anonClient();
    const raw = await anon.rpc('verify_certificate', {p_code: code}).single();
    expect(Object.keys(raw.data as object).sort()).toEqual(['course_title', 'full_name', 'issued_at', 'status']);
    expect((await verifyCertificate(anon, code)).data).toMatchObject({fullName: 'Grace Hopper', status: 'valid'});
    expect((await verifyCertificate(anon, 'f'.repeat(32))).data).toBeNull();

    expect((await revokeCertificate(learner, code)).error).toBe('Only administrators can revoke certificates');
    expect((await anon.rpc('revoke_certificate', {p_code: code})).error?.code).toBe('42501');
    const {client: admin} = await signedInUser({appMetadata: {role: 'admin'}});
    expect((await revokeCertificate(admin, 'f'.repeat(32))).error).toBe('Certificate not found');
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
    const code = (await grade(learner, slug, 'l1', ALL_RIGHT)).certificate?.code as string;
    const {url, serviceRoleKey} = backend();
    const connection = {url, serviceRoleKey};
    expect(await runAdmin(['certificate', 'list'], connection)).toContainEqual(expect.stringContaining(`${code}\tvalid`));
    expect(await runAdmin(['certificate', 'revoke', code.toUpperCase(), '--reason', 'Duplicate account'], connection)).toEqual([
      expect.stringContaining(`Revoked ${code} (Mary Seacole,`),
    ]);
    expect((await verifyCertificate(anonClient(), code)).data?.status).toBe('revoked');
    await expect(runAdmin(['certificate', 'revoke', 'f'.repeat(32)], connection)).rejects.toBeInstanceOf(UsageError);
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
    const first = await publish({questions: QUESTIONS});
    expect(first.written).toEqual(QUESTIONS.map((q) => `${lesson}#${q.id}`));
    // (Questions the other tests wrote straight into their throwaway lessons are not in docs/: gone.)
    expect(first.removed.filter((r) => r.startsWith(lesson))).toEqual([]);
    const second = await publish({questions: QUESTIONS});
    expect(second.written).toEqual([]);
    expect(second.removed).toEqual([]);
    const third = await publish({questions: [{...single, prompt: 'Which option is right, now?'}, multiple, numeric]});
    expect(third.written).toEqual([`${lesson}#q-single`]);
    expect(third.removed).toEqual([`${lesson}#q-extra`]);
    const stored = await admin.from('knowledge_check_questions').select('question_key, prompt').eq('lesson_id', lessonIds[0]).order('position');
    expect(stored.data).toEqual([
      {question_key: 'q-single', prompt: 'Which option is right, now?'},
      {question_key: 'q-multiple', prompt: multiple.prompt},
      {question_key: 'q-numeric', prompt: numeric.prompt},
    ]);
    await expect(publish({questions: QUESTIONS}, `${slug}/nope`)).rejects.toThrow('run the course sync first');
  });
});
