// The lesson progress panel, the course landing list and the /progress dashboard, rendered with
// a stand-in auth context and a small fake Supabase client that keeps progress in memory.
import React from 'react';
import {act, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {SupabaseClient, User} from '@supabase/supabase-js';
import {AuthContext, type AuthContextValue, type AuthState} from '../../src/lib/auth';
import {fakeAuthValue} from './helpers/fakeAuth';
import {deriveProgress} from '../../src/lib/progress';
import LessonProgress from '../../src/components/progress/LessonProgress';
import CourseProgress from '../../src/components/progress/CourseProgress';
import ContinueLearning from '../../src/components/progress/ContinueLearning';
import ProgressDashboard from '../../src/components/progress/ProgressDashboard';
import type {CatalogCourse, CourseCatalog} from '../../src/catalog/types';

const course: CatalogCourse = {
  slug: 'research-overview',
  title: 'Research Overview',
  orderIndex: 1,
  docId: 'modules/research-overview/index',
  permalink: '/docs/modules/research-overview/',
  lessons: ['research-question', 'research-design', 'primary-secondary-research'].map((slug, i) => ({
    slug,
    title: `Lesson ${i + 1}`,
    orderIndex: i + 1,
    isPremium: false,
    docId: `modules/research-overview/${slug}`,
    permalink: `/docs/modules/research-overview/${slug}`,
    wordCount: 100,
  })),
};
const catalog: CourseCatalog = {courses: [course]};

/** In-memory progress behind `rpc('track_lesson_progress')` and the four table reads. */
function fakeBackend(options: {rpcError?: string} = {}) {
  const completed = new Set<string>();
  const seconds = new Map<string, number>();
  const touched = new Map<string, string>();
  let clock = 0;
  const lessonId = (slug: string) => course.lessons.findIndex((l) => l.slug === slug) + 1;
  const rpc = vi.fn(async (_name: string, args: {p_lesson_slug: string; p_seconds: number; p_completed?: boolean}) => {
    if (options.rpcError) return {data: null, error: {message: options.rpcError, code: 'P0001'}};
    const slug = args.p_lesson_slug;
    if (args.p_completed === true) completed.add(slug);
    if (args.p_completed === false) completed.delete(slug);
    seconds.set(slug, (seconds.get(slug) ?? 0) + args.p_seconds);
    touched.set(slug, new Date(Date.UTC(2026, 0, 1, 0, 0, ++clock)).toISOString());
    const pct = Math.round((10000 * completed.size) / course.lessons.length) / 100;
    return {data: {course_id: 1, progress_percentage: pct, started_at: 's', completed_at: pct === 100 ? 'c' : null, last_accessed_at: 'l'}, error: null};
  });
  const tables: Record<string, () => unknown[]> = {
    courses: () => [{id: 1, slug: course.slug, title: course.title, order_index: 1}],
    lessons: () => course.lessons.map((l, i) => ({id: i + 1, course_id: 1, slug: l.slug, title: l.title, order_index: l.orderIndex})),
    user_course_progress: () => (touched.size ? [{course_id: 1, progress_percentage: 0, started_at: 's', completed_at: null, last_accessed_at: 'l'}] : []),
    user_lesson_progress: () =>
      [...touched.keys()].map((slug) => ({
        lesson_id: lessonId(slug),
        course_id: 1,
        time_spent: seconds.get(slug) ?? 0,
        is_completed: completed.has(slug),
        last_accessed_at: touched.get(slug),
        completed_at: null,
      })),
  };
  const from = vi.fn((table: string) => {
    const builder = {
      select: () => builder,
      order: () => builder,
      then: (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
        Promise.resolve({data: tables[table]?.() ?? [], error: null}).then(resolve, reject),
    };
    return builder;
  });
  return {client: {rpc, from} as unknown as SupabaseClient, rpc, from, completed, seconds};
}

const user = {id: 'user-1', email: 'ada@example.com', user_metadata: {}} as unknown as User;

const authValue = (status: AuthState['status'], client?: SupabaseClient): AuthContextValue => fakeAuthValue(status, user, client);

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, {status: 204})));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LessonProgress', () => {
  it('invites anonymous visitors to sign in and loads nothing', () => {
    const auth = authValue('signedOut');
    render(
      <AuthContext.Provider value={auth}>
        <LessonProgress course={course} lesson={course.lessons[1]!} index={1} />
      </AuthContext.Provider>,
    );
    expect(screen.getByText(/Sign in to track your progress/)).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: /mark as complete/i})).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(auth.getClient).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('records the visit, marks the lesson complete and undoes it', async () => {
    const backend = fakeBackend();
    render(
      <AuthContext.Provider value={authValue('signedIn', backend.client)}>
        <LessonProgress course={course} lesson={course.lessons[1]!} index={1} />
      </AuthContext.Provider>,
    );
    await waitFor(() => expect(backend.rpc).toHaveBeenCalledWith('track_lesson_progress', {p_course_slug: expect.any(String), p_lesson_slug: 'research-design', p_seconds: 0}));
    const button = await screen.findByRole('button', {name: 'Mark as complete'});
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('link', {name: /Previous lesson/})).toHaveAttribute('href', '/docs/modules/research-overview/research-question');
    expect(screen.getByRole('link', {name: /Next lesson/})).toHaveAttribute('href', '/docs/modules/research-overview/primary-secondary-research');

    await userEvent.click(button);
    const done = await screen.findByRole('button', {name: /Completed/});
    expect(done).toHaveAttribute('aria-pressed', 'true');
    expect(backend.completed.has('research-design')).toBe(true);
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33'));
    expect(screen.getByText('1 of 3 lessons completed')).toBeInTheDocument();

    await waitFor(() => expect(done).toBeEnabled());
    await userEvent.click(done);
    await screen.findByRole('button', {name: 'Mark as complete'});
    expect(backend.completed.has('research-design')).toBe(false);
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0'));
  });

  it('shows the backend error when tracking fails', async () => {
    const backend = fakeBackend({rpcError: 'Lesson not found'});
    render(
      <AuthContext.Provider value={authValue('signedIn', backend.client)}>
        <LessonProgress course={course} lesson={course.lessons[0]!} index={0} />
      </AuthContext.Provider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Lesson not found');
  });

  it('sends the time on the page with a keepalive request when the learner leaves', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const backend = fakeBackend();
    const {unmount} = render(
      <AuthContext.Provider value={authValue('signedIn', backend.client)}>
        <LessonProgress course={course} lesson={course.lessons[0]!} index={0} />
      </AuthContext.Provider>,
    );
    await screen.findByRole('button', {name: 'Mark as complete'});
    now += 12_500;
    act(() => unmount());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:54321/rest/v1/rpc/track_lesson_progress');
    expect(init).toMatchObject({keepalive: true, method: 'POST'});
    expect(init.headers).toMatchObject({Authorization: 'Bearer access-1', apikey: 'sb_publishable_test'});
    expect(JSON.parse(init.body as string)).toMatchObject({p_lesson_slug: 'research-question', p_seconds: 12});
  });
});

describe('CourseProgress', () => {
  it('lists the lessons with ticks, the percentage and Continue for a signed-in learner', async () => {
    const backend = fakeBackend();
    backend.completed.add('research-question');
    await backend.client.rpc('track_lesson_progress', {p_lesson_slug: 'research-question', p_seconds: 0, p_completed: true});
    render(
      <AuthContext.Provider value={authValue('signedIn', backend.client)}>
        <CourseProgress course={course} />
      </AuthContext.Provider>,
    );
    const cont = await screen.findByRole('link', {name: /Continue/});
    expect(cont).toHaveAttribute('href', '/docs/modules/research-overview/research-design');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('data-completed', 'true');
    expect(within(items[0]!).getByText('(completed)', {exact: false})).toBeInTheDocument();
    expect(items[1]).not.toHaveAttribute('data-completed');
  });

  it('shows the plain list and an invitation to anonymous visitors', () => {
    render(
      <AuthContext.Provider value={authValue('signedOut')}>
        <CourseProgress course={course} />
      </AuthContext.Provider>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('link', {name: /Continue/})).toBeNull();
    expect(screen.getByRole('link', {name: 'Sign in'})).toHaveAttribute('href', '/account');
  });
});

describe('one progress for the whole page', () => {
  it('views mounted together share one read of the learner’s progress', async () => {
    const backend = fakeBackend();
    await backend.client.rpc('track_lesson_progress', {p_lesson_slug: 'research-question', p_seconds: 0, p_completed: true});
    render(
      <AuthContext.Provider value={authValue('signedIn', backend.client)}>
        <ContinueLearning catalog={catalog} />
        <CourseProgress course={course} />
        <CourseProgress course={course} />
      </AuthContext.Provider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('course-continue')).toHaveLength(2));
    expect(await screen.findByTestId('continue-learning')).toHaveTextContent('Last opened');
    const reads = (table: string) => backend.from.mock.calls.filter(([name]) => name === table).length;
    expect(reads('user_lesson_progress')).toBe(1);
    expect(reads('user_course_progress')).toBe(1);
  });

  it('a lesson marked complete in the panel is ticked in the course list on the same page', async () => {
    const backend = fakeBackend();
    render(
      <AuthContext.Provider value={authValue('signedIn', backend.client)}>
        <CourseProgress course={course} />
        <LessonProgress course={course} lesson={course.lessons[1]!} index={1} />
      </AuthContext.Provider>,
    );
    const button = await screen.findByRole('button', {name: 'Mark as complete'});
    await waitFor(() => expect(button).toBeEnabled());
    const list = within(screen.getByTestId('course-progress'));
    expect(list.getAllByRole('listitem')[1]).not.toHaveAttribute('data-completed');

    await userEvent.click(button);
    await waitFor(() => expect(list.getAllByRole('listitem')[1]).toHaveAttribute('data-completed', 'true'));
    expect(list.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(list.getByRole('link', {name: /Continue/})).toHaveAttribute('href', '/docs/modules/research-overview/research-question');
  });
});

describe('ProgressDashboard', () => {
  it('shows the stats, a bar per course and Resume links', () => {
    const summary = deriveProgress({
      courses: [{id: 1, slug: course.slug, title: course.title, order_index: 1}],
      lessons: course.lessons.map((l, i) => ({id: i + 1, course_id: 1, slug: l.slug, title: l.title, order_index: i + 1})),
      courseProgress: [{course_id: 1, progress_percentage: 33.33, started_at: 's', completed_at: null, last_accessed_at: '2026-01-01T00:00:00Z'}],
      lessonProgress: [
        {lesson_id: 1, course_id: 1, time_spent: 150, is_completed: true, last_accessed_at: '2026-01-01T00:00:00Z', completed_at: 'x'},
        {lesson_id: 2, course_id: 1, time_spent: 30, is_completed: false, last_accessed_at: '2026-01-02T00:00:00Z', completed_at: null},
      ],
    });
    render(<ProgressDashboard catalog={catalog} summary={summary} loading={false} error={null} onRetry={() => undefined} />);
    expect(screen.getByTestId('stat-courses')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-started')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-completed')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-lessons')).toHaveTextContent('1 of 3');
    expect(screen.getByTestId('stat-minutes')).toHaveTextContent('3 min');
    expect(screen.getByRole('progressbar', {name: 'Research Overview progress'})).toHaveAttribute('aria-valuenow', '33');
    const resume = screen.getAllByRole('link', {name: /^Resume/});
    expect(resume.map((a) => a.getAttribute('href'))).toEqual([
      '/docs/modules/research-overview/research-design',
      '/docs/modules/research-overview/research-question',
    ]);
  });

  it('keeps the lists empty and offers Retry after a failed load', async () => {
    const onRetry = vi.fn();
    render(<ProgressDashboard catalog={catalog} summary={null} loading={false} error="Your progress could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your progress could not be loaded.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryAllByRole('link', {name: /Resume/})).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', {name: 'Retry'}));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
