// The lesson's knowledge check, rendered with a stand-in auth context and a stubbed Supabase
// client that grades like the database (answers only after submitting); and the pure helpers
// of the certificate page.
import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {SupabaseClient, User} from '@supabase/supabase-js';
import {AuthContext, type AuthContextValue} from '../../src/lib/auth';
import {fakeAuthValue} from './helpers/fakeAuth';
import {resetProgressStore} from '../../src/lib/progressStore';
import KnowledgeCheck, {parseNumber} from '../../src/components/KnowledgeCheck';
import {codeFromLocation, linkedInAddUrl} from '../../src/lib/certificates';
import type {CatalogCourse} from '../../src/catalog/types';

const course: CatalogCourse = {
  slug: 'open-data',
  title: 'Open Data',
  orderIndex: 1,
  docId: 'modules/open-data/index',
  permalink: '/docs/modules/open-data/',
  lessons: [
    {slug: 'overview', title: 'Overview', orderIndex: 1, isPremium: false, docId: 'modules/open-data/overview', permalink: '/docs/modules/open-data/overview', wordCount: 1, hasKnowledgeCheck: true},
  ],
};
const lesson = course.lessons[0]!;

const CHECK = {
  pass_mark: 80,
  best_score: null,
  passed: false,
  attempts: 0,
  questions: [
    {id: 'licence', type: 'single', prompt: 'Which licence requires credit?', section: '#licences', unit: null, options: ['CC0', 'CC BY 4.0', 'MIT']},
    {id: 'ids', type: 'multiple', prompt: 'Which are identifiers?', section: '#de-identification-basics', unit: null, options: ['Hospital number', 'Group', 'Postcode']},
    {id: 'pct', type: 'numeric', prompt: 'What percentage was infected?', section: '#worked-example', unit: '%', options: []},
  ],
};

/** Grades as grade_knowledge_check does, for the three questions above. */
function fakeClient(options: {saved?: () => boolean} = {}) {
  const rpc = vi.fn(async (name: string, args: {p_answers?: Record<string, unknown>}) => {
    if (name === 'get_knowledge_check') return {data: CHECK, error: null};
    if (name === 'grade_knowledge_check') {
      const a = args.p_answers ?? {};
      const licence = JSON.stringify(a.licence) === '[1]';
      const ids = JSON.stringify(a.ids) === '[0,2]';
      const pct = typeof a.pct === 'number' && Math.abs(a.pct - 18) <= 0.5;
      const correct = [licence, ids, pct].filter(Boolean).length;
      const score = Math.round((10000 * correct) / 3) / 100;
      return {
        data: {
          score,
          correct,
          total: 3,
          passed: score >= 80,
          pass_mark: 80,
          saved: options.saved?.() ?? false,
          best_score: null,
          lesson_completed: false,
          certificate: null,
          questions: [
            {id: 'licence', correct: licence, correct_options: [1], explanations: ['CC0 has no conditions at all.', 'CC BY makes credit a legal condition.', 'MIT is a software licence.']},
            {id: 'ids', correct: ids, correct_options: [0, 2], explanations: ['A direct identifier.', 'Allocation identifies nobody.', 'A small area identifies people.']},
            {id: 'pct', correct: pct, answer: 18, tolerance: 0.5, unit: '%', explanation: '36 / 200 = 18%.'},
          ],
        },
        error: null,
      };
    }
    return {data: null, error: {message: `unexpected ${name}`}};
  });
  // The progress store's reads (the panel shares it with LessonProgress): nothing stored yet.
  const from = vi.fn(() => {
    const builder = {
      select: () => builder,
      order: () => builder,
      then: (resolve: (v: unknown) => unknown) => Promise.resolve({data: [], error: null}).then(resolve),
    };
    return builder;
  });
  return {client: {rpc, from} as unknown as SupabaseClient, rpc};
}

const user = {id: 'user-1', email: 'ada@example.com', user_metadata: {}} as unknown as User;

const authValue = (status: 'signedIn' | 'signedOut', client: SupabaseClient): AuthContextValue => fakeAuthValue(status, user, client);

function renderCheck(auth: AuthContextValue) {
  return render(
    <AuthContext.Provider value={auth}>
      <KnowledgeCheck course={course} lesson={lesson} />
    </AuthContext.Provider>,
  );
}

beforeEach(() => resetProgressStore());
afterEach(() => vi.restoreAllMocks());

// Many typed and clicked interactions each: more than the default 5 s on a busy machine.
const INTERACTIVE = 30_000;

describe('KnowledgeCheck', () => {
  it('loads nothing for an anonymous visitor until Start, then grades and explains every option', async () => {
    const {client, rpc} = fakeClient();
    const auth = authValue('signedOut', client);
    renderCheck(auth);
    expect(auth.getClient).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', {name: 'Start the knowledge check'}));
    const first = await screen.findByRole('group', {name: /Question 1 of 3/});
    expect(rpc).toHaveBeenCalledWith('get_knowledge_check', {p_course_slug: 'open-data', p_lesson_slug: 'overview'});
    expect(screen.getByRole('group', {name: /Question 2 of 3 \(select all that apply\)/})).toBeInTheDocument();

    // Submitting with questions unanswered is refused before any request.
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer every question before submitting (3 still need an answer)');
    expect(rpc).toHaveBeenCalledTimes(1);

    await userEvent.click(within(first).getByLabelText('CC0'));
    const second = screen.getByRole('group', {name: /Question 2 of 3/});
    await userEvent.click(within(second).getByLabelText('Hospital number'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), '18');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));

    const result = await screen.findByTestId('check-result');
    expect(rpc).toHaveBeenLastCalledWith('grade_knowledge_check', {p_course_slug: 'open-data', p_lesson_slug: 'overview', p_answers: {licence: [0], ids: [0], pct: 18}});
    expect(result).toHaveTextContent('You scored 33.33% (1 of 3 correct). Not passed yet: the pass mark is 80%.');
    expect(result).toHaveTextContent('Your result was not saved');
    expect(result).toHaveFocus();
    expect(within(first).getByText('✗ Incorrect')).toBeInTheDocument();
    expect(within(first).getByText('CC BY makes credit a legal condition.')).toBeInTheDocument();
    expect(within(first).getByText('MIT is a software licence.')).toBeInTheDocument();
    expect(within(first).getByText(/Not correct · your choice/)).toBeInTheDocument();
    expect(within(second).getByText('✗ Incorrect')).toBeInTheDocument();
    expect(screen.getByText('✓ Correct')).toBeInTheDocument();
    expect(screen.getByText(/Correct answer: 18 \(±0.5\) %/)).toBeInTheDocument();
    expect(within(first).getByRole('link', {name: /Review/})).toHaveAttribute('href', '#licences');
  }, INTERACTIVE);

  it('lets a signed-in learner retry with a clean form (Try again by keyboard) and pass', async () => {
    const {client} = fakeClient();
    renderCheck(authValue('signedIn', client));
    await screen.findByRole('group', {name: /Question 1 of 3/});
    await userEvent.click(screen.getByLabelText('CC0'));
    await userEvent.click(screen.getByLabelText('Group'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), 'abc');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    // "abc" is not a number: the question still needs an answer.
    expect(screen.getByRole('alert')).toHaveTextContent('1 still needs an answer');
    await userEvent.clear(screen.getByLabelText('Your answer (%)'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), '3');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    await screen.findByTestId('check-result');

    screen.getAllByRole('button', {name: /try again/i}).at(-1)!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('check-result')).toBeNull());
    expect(screen.getByLabelText('CC0')).not.toBeChecked();
    expect(screen.getByLabelText('Your answer (%)')).toHaveValue('');

    await userEvent.click(screen.getByLabelText('CC BY 4.0'));
    await userEvent.click(screen.getByLabelText('Hospital number'));
    await userEvent.click(screen.getByLabelText('Postcode'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), '18,2');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    expect(await screen.findByTestId('check-result')).toHaveTextContent('You scored 100% (3 of 3 correct). Passed.');
  }, INTERACTIVE);

  it('saves an anonymous attempt to the learner once they sign in', async () => {
    let signedIn = false;
    const {client, rpc} = fakeClient({saved: () => signedIn});
    const {rerender} = renderCheck(authValue('signedOut', client));
    await userEvent.click(screen.getByRole('button', {name: 'Start the knowledge check'}));
    await userEvent.click(await screen.findByLabelText('CC BY 4.0'));
    await userEvent.click(screen.getByLabelText('Hospital number'));
    await userEvent.click(screen.getByLabelText('Postcode'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), '18');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    expect(await screen.findByTestId('check-result')).toHaveTextContent('Your result was not saved');

    signedIn = true;
    rerender(
      <AuthContext.Provider value={authValue('signedIn', client)}>
        <KnowledgeCheck course={course} lesson={lesson} />
      </AuthContext.Provider>,
    );
    await waitFor(() => expect(rpc.mock.calls.filter(([name]) => name === 'grade_knowledge_check')).toHaveLength(2));
    expect(rpc).toHaveBeenLastCalledWith('grade_knowledge_check', {p_course_slug: 'open-data', p_lesson_slug: 'overview', p_answers: {licence: [1], ids: [0, 2], pct: 18}});
    const result = await screen.findByTestId('check-result');
    expect(result).toHaveTextContent('You scored 100%');
    expect(result).not.toHaveTextContent('not saved');
    expect(screen.getByLabelText('CC BY 4.0')).toBeChecked();
  }, INTERACTIVE);
});

describe('helpers', () => {
  it('reads numbers as learners type them', () => {
    expect(parseNumber(' 18 ')).toBe(18);
    expect(parseNumber('0,72')).toBe(0.72);
    expect(parseNumber('1,200.5')).toBe(1200.5);
    expect(parseNumber('-0.5')).toBe(-0.5);
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });

  it('finds the certificate code in either address form', () => {
    const code = 'a'.repeat(32);
    expect(codeFromLocation(`/certificates/${code}`, '')).toBe(code);
    expect(codeFromLocation(`/certificates/${code.toUpperCase()}/`, '')).toBe(code);
    expect(codeFromLocation('/certificates/', `?code=${code}`)).toBe(code);
    expect(codeFromLocation('/certificates', '')).toBeNull();
  });

  it('builds LinkedIn’s add-to-profile link', () => {
    const url = new URL(linkedInAddUrl({courseTitle: 'Open Data', issuedAt: '2026-11-23T10:00:00Z', certUrl: 'https://x.test/certificates/abc', code: 'abc'}));
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Open Data (course certificate)',
      organizationName: 'Research Methods Academy',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: 'https://x.test/certificates/abc',
      certId: 'abc',
    });
  });
});
