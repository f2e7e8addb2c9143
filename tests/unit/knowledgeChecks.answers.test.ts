// The jsonb answers of the knowledge-check functions are typed `Json` by the generated types, so
// the service checks their shape: a well-formed answer becomes typed data, anything else the
// service's own error text (never a crash, never a half-read check).
import {describe, expect, it, vi} from 'vitest';
import type {DatabaseClient} from '../../src/lib/supabase';
import {CHECK_ERRORS, gradeLessonCheck, loadLessonCheck, parseGrade} from '../../src/lib/knowledgeChecks';

const clientAnswering = (data: unknown) => ({rpc: vi.fn().mockResolvedValue({data, error: null})}) as unknown as DatabaseClient;

const CHECK = {
  pass_mark: 70,
  questions: [
    {id: 'q1', type: 'single', prompt: 'Which?', section: '#a', unit: null, options: ['x', 'y']},
    {id: 'q2', type: 'numeric', prompt: 'How many?', section: '#b', unit: 'mg'},
  ],
  best_score: '50.00',
  passed: false,
  attempts: 1,
};

describe('knowledge-check answers', () => {
  it('reads a check, with numerics sent as numeric strings and absent options as none', async () => {
    expect(await loadLessonCheck(clientAnswering(CHECK), 'c', 'l')).toEqual({
      data: {
        passMark: 70,
        questions: [
          {id: 'q1', type: 'single', prompt: 'Which?', section: '#a', unit: null, options: ['x', 'y']},
          {id: 'q2', type: 'numeric', prompt: 'How many?', section: '#b', unit: 'mg', options: []},
        ],
        bestScore: 50,
        passed: false,
        attempts: 1,
      },
      error: null,
    });
  });

  it('answers the load error for a check of unexpected shape', async () => {
    for (const bad of [null, [], {...CHECK, questions: 'none'}, {...CHECK, questions: [{...CHECK.questions[0], type: 'essay'}]}, {...CHECK, passed: 'no'}]) {
      expect(await loadLessonCheck(clientAnswering(bad), 'c', 'l')).toEqual({data: null, error: CHECK_ERRORS.load});
    }
  });

  it('reads a grade; an option without an explanation reads as empty text', () => {
    const grade = parseGrade({
      score: 100,
      correct: 1,
      total: 1,
      passed: true,
      pass_mark: 70,
      saved: true,
      best_score: 100,
      lesson_completed: true,
      certificate: {code: 'abc', course_title: 'Open Data', issued_at: '2026-11-23T00:00:00Z'},
      questions: [{id: 'q1', correct: true, correct_options: [1], explanations: ['Because.', null]}],
    });
    expect(grade.certificate).toEqual({code: 'abc', courseTitle: 'Open Data', issuedAt: '2026-11-23T00:00:00Z'});
    expect(grade.questions).toEqual([{id: 'q1', correct: true, kind: 'choice', correctOptions: [1], explanations: ['Because.', '']}]);
  });

  it('answers the grade error for a grade of unexpected shape', async () => {
    expect(await gradeLessonCheck(clientAnswering({score: 'lots'}), 'c', 'l', {})).toEqual({data: null, error: CHECK_ERRORS.grade});
  });
});
