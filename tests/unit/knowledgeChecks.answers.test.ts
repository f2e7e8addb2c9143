// The jsonb answers of the knowledge-check functions are typed `Json` by the generated types, so
// the service checks their shape: a well-formed answer becomes typed data, anything else the
// service's own error text (never a crash, never a half-read check); a cool-down refusal keeps
// the time of the next try.
import {describe, expect, it, vi} from 'vitest';
import type {DatabaseClient} from '../../src/lib/supabase';
import {CHECK_ERRORS, loadLessonCheck, parseGrade, retryMessage, startAttempt, submitAttempt} from '../../src/lib/knowledgeChecks';

const clientAnswering = (data: unknown, error: unknown = null) => ({rpc: vi.fn().mockResolvedValue({data, error})}) as unknown as DatabaseClient;

const CHECK = {pass_mark: 70, ask: 5, best_score: '50.00', passed: false, attempts: 1, retry_at: null};
const ATTEMPT = {
  attempt_id: '0b4c2d8e-5f61-4f0a-9d1e-3c2b1a000001',
  token: null,
  expires_at: '2026-11-26T16:00:00Z',
  pass_mark: 70,
  questions: [
    {id: 'q1', type: 'single', prompt: 'Which?', section: '#a', unit: null, options: ['y', 'x']},
    {id: 'q2', type: 'numeric', prompt: 'How many?', section: '#b', unit: 'mg'},
  ],
};

describe('knowledge-check answers', () => {
  it('reads a check, with numerics sent as numeric strings', async () => {
    expect(await loadLessonCheck(clientAnswering(CHECK), 'c', 'l')).toEqual({
      data: {passMark: 70, ask: 5, bestScore: 50, passed: false, attempts: 1, retryAt: null},
      error: null,
    });
  });

  it('reads an attempt in the presented order, absent options as none', async () => {
    expect(await startAttempt(clientAnswering(ATTEMPT), 'c', 'l')).toEqual({
      data: {
        attemptId: ATTEMPT.attempt_id,
        token: null,
        passMark: 70,
        questions: [
          {id: 'q1', type: 'single', prompt: 'Which?', section: '#a', unit: null, options: ['y', 'x']},
          {id: 'q2', type: 'numeric', prompt: 'How many?', section: '#b', unit: 'mg', options: []},
        ],
      },
      error: null,
    });
  });

  it('answers the load error for a check or attempt of unexpected shape', async () => {
    for (const bad of [null, [], {...CHECK, passed: 'no'}, {...CHECK, ask: 'five'}]) {
      expect(await loadLessonCheck(clientAnswering(bad), 'c', 'l')).toEqual({data: null, error: CHECK_ERRORS.load});
    }
    for (const bad of [null, {...ATTEMPT, questions: 'none'}, {...ATTEMPT, questions: [{...ATTEMPT.questions[0], type: 'essay'}]}]) {
      expect(await startAttempt(clientAnswering(bad), 'c', 'l')).toEqual({data: null, error: CHECK_ERRORS.load, retryAt: null});
    }
  });

  it('turns a cool-down refusal (PostgREST 429) into the time of the next try', async () => {
    const retryAt = new Date(Date.now() + 4 * 60_000).toISOString();
    const refused = await startAttempt(clientAnswering(null, {code: 'PT429', message: 'Not yet', details: retryAt, hint: null}), 'c', 'l');
    expect(refused).toMatchObject({data: null, retryAt});
    expect(refused.error).toMatch(/You can try again at .+ \(in 4 minutes\)\./);
    expect(retryMessage('2026-11-26T14:32:00Z', new Date('2026-11-26T14:31:10Z'))).toMatch(/\(in 1 minute\)\.$/);
  });

  it('reads a grade: revealed answers only where the server sent them', () => {
    const grade = parseGrade({
      score: 100,
      correct: 2,
      total: 2,
      passed: true,
      pass_mark: 70,
      saved: true,
      best_score: 100,
      lesson_completed: true,
      certificate: {code: 'abc', course_title: 'Open Data', issued_at: '2026-11-23T00:00:00Z'},
      retry_at: null,
      questions: [
        {id: 'q1', correct: true, section: '#a', your_answer: [1], correct_options: [1], explanations: ['Because.', null]},
        {id: 'q2', correct: true, section: '#b', your_answer: 3, answer: 3, tolerance: 0, unit: 'mg', explanation: 'Three.'},
      ],
    });
    expect(grade.certificate).toEqual({code: 'abc', courseTitle: 'Open Data', issuedAt: '2026-11-23T00:00:00Z'});
    expect(grade.questions).toEqual([
      {id: 'q1', correct: true, section: '#a', reveal: {kind: 'choice', correctOptions: [1], explanations: ['Because.', '']}},
      {id: 'q2', correct: true, section: '#b', reveal: {kind: 'numeric', answer: 3, tolerance: 0, unit: 'mg', explanation: 'Three.'}},
    ]);
    const failed = parseGrade({pass_mark: 70, best_score: 0, lesson_completed: false, certificate: null, saved: true, score: 0, correct: 0, total: 1, passed: false, retry_at: null, questions: [{id: 'q1', correct: false, section: '#a', your_answer: [0]}]});
    expect(failed.questions).toEqual([{id: 'q1', correct: false, section: '#a', reveal: null}]);
  });

  it('answers the grade error for a grade of unexpected shape', async () => {
    expect(await submitAttempt(clientAnswering({score: 'lots'}), {attemptId: 'x', token: null}, [])).toEqual({data: null, error: CHECK_ERRORS.grade, retryAt: null});
  });
});
