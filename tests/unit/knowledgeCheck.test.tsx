// The lesson's knowledge check, rendered with a stand-in auth context and a stubbed Supabase
// client that grades like the database (answers only after submitting); and the pure helpers
// of the certificate page.
import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {SupabaseClient, User} from '@supabase/supabase-js';
import {AuthContext, type AuthContextValue} from '../../src/lib/auth';
import {fakeAuthValue} from './helpers/fakeAuth';
import KnowledgeCheck, {parseNumber} from '../../src/components/lesson/KnowledgeCheck';
import {useProgress} from '../../src/lib/useProgress';
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

const CHECK = {pass_mark: 80, ask: 3, best_score: null, passed: false, attempts: 0, retry_at: null};

/** The questions, options in YAML order with the index of the correct ones. */
const POOL = {
  licence: {type: 'single', prompt: 'Which licence requires credit?', section: '#licences', unit: null, options: ['CC0', 'CC BY 4.0', 'MIT'], right: [1], explanations: ['CC0 has no conditions at all.', 'CC BY makes credit a legal condition.', 'MIT is a software licence.']},
  ids: {type: 'multiple', prompt: 'Which are identifiers?', section: '#de-identification-basics', unit: null, options: ['Hospital number', 'Group', 'Postcode'], right: [0, 2], explanations: ['A direct identifier.', 'Allocation identifies nobody.', 'A small area identifies people.']},
  pct: {type: 'numeric', prompt: 'What percentage was infected?', section: '#worked-example', unit: '%', options: [], right: [], explanations: []},
} as const;
type Key = keyof typeof POOL;

/** Two draws the server might make: question order and, per question, YAML index per position. */
const DRAWS: {keys: Key[]; perms: number[][]}[] = [
  {keys: ['ids', 'licence', 'pct'], perms: [[2, 0, 1], [1, 2, 0], []]},
  {keys: ['pct', 'licence', 'ids'], perms: [[], [0, 1, 2], [1, 0, 2]]},
];

/** Draws and grades as the database does for the questions above (answers only after a pass). */
function fakeClient(options: {signedIn?: boolean; retryAt?: () => string | null; refuseStart?: () => string | null} = {}) {
  let drawn = 0;
  const rpc = vi.fn(async (name: string, args: {p_answers?: unknown[]; p_attempt_id?: string}) => {
    if (name === 'get_knowledge_check') return {data: CHECK, error: null};
    if (name === 'start_knowledge_check') {
      const refusal = options.refuseStart?.();
      if (refusal) return {data: null, error: {code: 'PT429', message: 'Not yet', details: refusal, hint: null}};
      const draw = DRAWS[drawn % DRAWS.length]!;
      drawn += 1;
      return {
        data: {
          attempt_id: `attempt-${drawn}`,
          token: options.signedIn ? null : `token-${drawn}`,
          expires_at: '2999-01-01T00:00:00Z',
          pass_mark: 80,
          questions: draw.keys.map((key, i) => {
            const q = POOL[key];
            return {id: key, type: q.type, prompt: q.prompt, section: q.section, unit: q.unit, options: draw.perms[i]!.map((y) => q.options[y])};
          }),
        },
        error: null,
      };
    }
    if (name === 'submit_knowledge_check') {
      const draw = DRAWS[Number(args.p_attempt_id?.split('-')[1]) - 1]!;
      const answers = args.p_answers ?? [];
      const results = draw.keys.map((key, i) => {
        const q = POOL[key];
        const given = answers[i];
        const perm = draw.perms[i]!;
        const right = perm.flatMap((y, position) => ((q.right as readonly number[]).includes(y) ? [position] : []));
        const correct = key === 'pct' ? typeof given === 'number' && Math.abs(given - 18) <= 0.5 : JSON.stringify(given) === JSON.stringify(right);
        return {key, correct, right, perm};
      });
      const correct = results.filter((r) => r.correct).length;
      const score = Math.round((10000 * correct) / 3) / 100;
      const passed = score >= 80;
      const reveal = passed && options.signedIn;
      return {
        data: {
          score,
          correct,
          total: 3,
          passed,
          pass_mark: 80,
          saved: Boolean(options.signedIn),
          best_score: options.signedIn ? score : null,
          lesson_completed: Boolean(reveal),
          certificate: null,
          retry_at: passed ? null : (options.retryAt?.() ?? null),
          questions: results.map(({key, correct: ok, right, perm}) => ({
            id: key,
            correct: ok,
            section: POOL[key].section,
            your_answer: null,
            ...(reveal
              ? key === 'pct'
                ? {answer: 18, tolerance: 0.5, unit: '%', explanation: '36 / 200 = 18%.'}
                : {correct_options: right, explanations: perm.map((y) => POOL[key].explanations[y])}
              : {}),
          })),
        },
        error: null,
      };
    }
    return {data: null, error: {message: `unexpected ${name}`}};
  });
  // Progress reads (a view on the page showing it): nothing stored yet.
  const from = vi.fn((_table: string) => {
    const builder = {
      select: () => builder,
      order: () => builder,
      then: (resolve: (v: unknown) => unknown) => Promise.resolve({data: [], error: null}).then(resolve),
    };
    return builder;
  });
  return {client: {rpc, from} as unknown as SupabaseClient, rpc, from};
}

const user = {id: 'user-1', email: 'ada@example.com', user_metadata: {}} as unknown as User;

const authValue = (status: 'signedIn' | 'signedOut', client: SupabaseClient): AuthContextValue => fakeAuthValue(status, user, client);

/** Another view of the learner's progress on the page, as the lesson panel and sidebar are. */
function ProgressView() {
  const {state} = useProgress();
  return <p data-testid="progress-view">{state.status}</p>;
}

function renderCheck(auth: AuthContextValue, {withProgress = false} = {}) {
  return render(
    <AuthContext.Provider value={auth}>
      <KnowledgeCheck course={course} lesson={lesson} />
      {withProgress && <ProgressView />}
    </AuthContext.Provider>,
  );
}

const optionLabels = (group: HTMLElement) => within(group).queryAllByRole('radio').concat(within(group).queryAllByRole('checkbox')).map((input) => (input as HTMLInputElement).labels?.[0]?.textContent);

afterEach(() => vi.restoreAllMocks());

// Many typed and clicked interactions each: more than the default 5 s on a busy machine.
const INTERACTIVE = 30_000;

describe('KnowledgeCheck', () => {
  it('loads nothing for an anonymous visitor until Start, shows the server’s order, and on a fail lists what to revisit without answers', async () => {
    const {client, rpc} = fakeClient();
    const auth = authValue('signedOut', client);
    renderCheck(auth);
    expect(auth.getClient).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', {name: 'Start the knowledge check'}));
    const first = await screen.findByRole('group', {name: /Question 1 of 3 \(select all that apply\)/});
    expect(rpc).toHaveBeenCalledWith('start_knowledge_check', {p_course_slug: 'open-data', p_lesson_slug: 'overview'});
    expect(first).toHaveTextContent('Which are identifiers?');
    expect(optionLabels(first)).toEqual(['Postcode', 'Hospital number', 'Group']);
    const second = screen.getByRole('group', {name: /Question 2 of 3/});
    expect(optionLabels(second)).toEqual(['CC BY 4.0', 'MIT', 'CC0']);
    expect(screen.getByText(/3 questions, drawn afresh for each attempt/)).toBeInTheDocument();

    // Submitting with questions unanswered is refused before any request.
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer every question before submitting (3 still need an answer)');
    expect(rpc.mock.calls.filter(([name]) => name === 'submit_knowledge_check')).toHaveLength(0);

    await userEvent.click(within(first).getByLabelText('Hospital number'));
    await userEvent.click(within(second).getByLabelText('CC0'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), '18');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));

    const result = await screen.findByTestId('check-result');
    expect(rpc).toHaveBeenLastCalledWith('submit_knowledge_check', {p_attempt_id: 'attempt-1', p_answers: [[1], [2], 18], p_token: 'token-1'});
    expect(result).toHaveTextContent('You scored 33.33% (1 of 3 correct). Not passed yet: the pass mark is 80%.');
    expect(result).toHaveTextContent('Your result was not saved');
    expect(result).toHaveFocus();
    const revisit = within(screen.getByTestId('revisit')).getAllByRole('link');
    expect(revisit.map((a) => a.getAttribute('href'))).toEqual(['#de-identification-basics', '#licences']);
    expect(within(first).getByText('✗ Incorrect')).toBeInTheDocument();
    expect(within(first).getByRole('link', {name: /Revisit/})).toHaveAttribute('href', '#de-identification-basics');
    expect(screen.getByText('✓ Correct')).toBeInTheDocument();
    // No right answer, no explanation.
    expect(screen.queryByText(/Correct answer/)).toBeNull();
    expect(screen.queryByText('CC BY makes credit a legal condition.')).toBeNull();
  }, INTERACTIVE);

  it('gives a signed-in learner a fresh draw on Try again, the explanations once they pass, and the page their completed lesson', async () => {
    const {client, rpc, from} = fakeClient({signedIn: true});
    const progressReads = () => from.mock.calls.filter(([table]) => table === 'user_lesson_progress').length;
    renderCheck(authValue('signedIn', client), {withProgress: true});
    await waitFor(() => expect(screen.getByTestId('progress-view')).toHaveTextContent('done'));
    await screen.findByRole('group', {name: /Question 1 of 3/});
    await userEvent.click(screen.getByLabelText('Group'));
    await userEvent.click(screen.getByLabelText('MIT'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), 'abc');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    // "abc" is not a number: the question still needs an answer.
    expect(screen.getByRole('alert')).toHaveTextContent('1 still needs an answer');
    await userEvent.clear(screen.getByLabelText('Your answer (%)'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), '3');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    await screen.findByTestId('check-result');

    screen.getByRole('button', {name: 'Try again with new questions'}).focus();
    await userEvent.keyboard('{Enter}');
    const first = await screen.findByRole('group', {name: /Question 1 of 3/});
    expect(first).toHaveTextContent('What percentage was infected?');
    expect(screen.queryByTestId('check-result')).toBeNull();
    expect(rpc.mock.calls.filter(([name]) => name === 'start_knowledge_check')).toHaveLength(2);
    expect(screen.getByLabelText('Your answer (%)')).toHaveValue('');
    const ids = screen.getByRole('group', {name: /Question 3 of 3/});
    expect(optionLabels(ids)).toEqual(['Group', 'Hospital number', 'Postcode']);

    await userEvent.type(screen.getByLabelText('Your answer (%)'), '18,2');
    await userEvent.click(screen.getByLabelText('CC BY 4.0'));
    await userEvent.click(within(ids).getByLabelText('Hospital number'));
    await userEvent.click(within(ids).getByLabelText('Postcode'));
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    expect(rpc).toHaveBeenLastCalledWith('submit_knowledge_check', {p_attempt_id: 'attempt-2', p_answers: [18.2, [1], [1, 2]], p_token: undefined});
    expect(await screen.findByTestId('check-result')).toHaveTextContent('You scored 100% (3 of 3 correct). Passed.');
    expect(screen.getByText('CC BY makes credit a legal condition.')).toBeInTheDocument();
    expect(screen.getByText(/Correct answer: 18 \(±0.5\) %/)).toBeInTheDocument();
    // The pass completed the lesson: the progress the page shows is read again (a failed attempt did not).
    await waitFor(() => expect(progressReads()).toBe(2));
    await waitFor(() => expect(screen.getByTestId('progress-view')).toHaveTextContent('done'));
  }, INTERACTIVE);

  it('shows when the next try opens after repeated failures, and a refused start says the same', async () => {
    const at = new Date(Date.now() + 4 * 60_000 + 10_000).toISOString();
    const {client} = fakeClient({signedIn: true, retryAt: () => at, refuseStart: () => (started ? at : null)});
    let started = false;
    renderCheck(authValue('signedIn', client));
    await screen.findByRole('group', {name: /Question 1 of 3/});
    started = true;
    await userEvent.click(screen.getByLabelText('Group'));
    await userEvent.click(screen.getByLabelText('MIT'));
    await userEvent.type(screen.getByLabelText('Your answer (%)'), '3');
    await userEvent.click(screen.getByRole('button', {name: 'Submit answers'}));
    const result = await screen.findByTestId('check-result');
    const time = new Date(at).toLocaleTimeString(undefined, {hour: '2-digit', minute: '2-digit'});
    expect(result).toHaveTextContent(`You can try again at ${time} (in 4 minutes).`);

    await userEvent.click(screen.getByRole('button', {name: 'Try again with new questions'}));
    const waiting = await screen.findByTestId('check-cooldown');
    expect(waiting).toHaveTextContent(`You can try again at ${time} (in 4 minutes).`);
    expect(screen.queryByRole('group', {name: /Question 1 of 3/})).toBeNull();

    // Once the server lets the learner in again, Try again asks it afresh and shows a new draw.
    started = false;
    await userEvent.click(screen.getByRole('button', {name: 'Try again'}));
    expect(await screen.findByRole('group', {name: /Question 1 of 3/})).toBeInTheDocument();
    expect(screen.queryByTestId('check-cooldown')).toBeNull();
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
