// The knowledge-check parts of /progress, a course landing page and the admin page, with a
// stand-in auth context and stubbed Supabase client.
import React from 'react';
import {render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Session, SupabaseClient, User} from '@supabase/supabase-js';
import {AuthContext, type AuthContextValue} from '../../src/lib/auth';
import ProgressDashboard from '../../src/components/ProgressDashboard';
import CourseCertificateNote from '../../src/components/CourseCertificateNote';
import AdminCertificates from '../../src/components/AdminCertificates';
import {deriveProgress} from '../../src/lib/progress';
import type {CatalogCourse} from '../../src/catalog/types';

const lessonOf = (slug: string, isPremium = false, hasKnowledgeCheck = true) => ({
  slug,
  title: `Lesson ${slug}`,
  orderIndex: 1,
  isPremium,
  docId: `modules/c/${slug}`,
  permalink: `/docs/modules/c/${slug}`,
  wordCount: 1,
  hasKnowledgeCheck,
});
const courseWith = (lessons: ReturnType<typeof lessonOf>[]): CatalogCourse => ({
  slug: 'c',
  title: 'Course C',
  orderIndex: 1,
  docId: 'modules/c/index',
  permalink: '/docs/modules/c/',
  lessons,
});

afterEach(() => vi.restoreAllMocks());

describe('course landing page', () => {
  it('says the certificate needs Premium only when a lesson with a check is Premium', () => {
    const {rerender} = render(<CourseCertificateNote course={courseWith([lessonOf('a'), lessonOf('b')])} />);
    expect(screen.getByTestId('course-certificate-note')).toHaveTextContent('pass the knowledge check at the end of each of the 2 lessons');
    expect(screen.queryByRole('link', {name: 'Premium'})).toBeNull();
    rerender(<CourseCertificateNote course={courseWith([lessonOf('a'), lessonOf('b', true)])} />);
    expect(screen.getByTestId('course-certificate-note')).toHaveTextContent('One of these lessons is Premium, so the certificate needs Premium.');
    expect(screen.getByRole('link', {name: 'Premium'})).toHaveAttribute('href', '/pricing');
    rerender(<CourseCertificateNote course={courseWith([lessonOf('a', false, false)])} />);
    expect(screen.queryByTestId('course-certificate-note')).toBeNull();
  });
});

describe('/progress', () => {
  it('says "n of m checks passed" on the course bar and lists each check with its best score', () => {
    const course = courseWith([lessonOf('a'), lessonOf('b')]);
    const summary = deriveProgress({
      courses: [{id: 1, slug: 'c', title: 'Course C', order_index: 1}],
      lessons: [
        {id: 1, course_id: 1, slug: 'a', title: 'Lesson a', order_index: 1},
        {id: 2, course_id: 1, slug: 'b', title: 'Lesson b', order_index: 2},
      ],
      courseProgress: [],
      lessonProgress: [],
    });
    render(
      <ProgressDashboard
        catalog={{courses: [course]}}
        summary={summary}
        loading={false}
        error={null}
        onRetry={() => undefined}
        checks={[
          {courseSlug: 'c', lessonSlug: 'a', bestScore: 100, passed: true, attempts: 2},
          {courseSlug: 'c', lessonSlug: 'b', bestScore: 40, passed: false, attempts: 1},
        ]}
      />,
    );
    const item = screen.getByTestId('progress-course-c');
    expect(item).toHaveTextContent('0 of 2 lessons completed · 1 of 2 checks passed');
    expect(within(item).getByTestId('check-status-c-a')).toHaveTextContent('✓ Passed · best score 100%');
    expect(within(item).getByTestId('check-status-c-b')).toHaveTextContent('Not passed yet · best score 40%');
  });
});

describe('admin certificates', () => {
  it('lists certificates and revokes one through revoke_certificate after confirmation', async () => {
    let revoked: string | null = null;
    const rows = () => [{code: 'a'.repeat(32), course_title: 'Course C', full_name: 'Ada', issued_at: '2026-11-23T00:00:00Z', revoked_at: revoked}];
    const rpc = vi.fn(async (_name: string, args: {p_code: string}) => {
      revoked = '2026-11-24T00:00:00Z';
      return {data: {code: args.p_code, revoked_at: revoked}, error: null};
    });
    const from = vi.fn(() => {
      const builder = {select: () => builder, order: () => Promise.resolve({data: rows(), error: null})};
      return builder;
    });
    const client = {rpc, from} as unknown as SupabaseClient;
    const user = {id: 'admin', app_metadata: {role: 'admin'}} as unknown as User;
    const auth = {
      state: {status: 'signedIn', loading: false, user, session: {access_token: 'x', user} as unknown as Session, profile: null},
      getClient: () => Promise.resolve(client),
    } as unknown as AuthContextValue;
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(
      <AuthContext.Provider value={auth}>
        <AdminCertificates />
      </AuthContext.Provider>,
    );
    const revoke = await screen.findByRole('button', {name: /^Revoke/});
    expect(revoke).toHaveTextContent('Revoke the certificate of Ada for Course C');
    await userEvent.click(revoke);
    expect(rpc).toHaveBeenCalledWith('revoke_certificate', {p_code: 'a'.repeat(32)});
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Revoked the Course C certificate of Ada.'));
    expect(screen.getByRole('cell', {name: 'Revoked'})).toBeInTheDocument();
    expect(screen.queryByRole('button', {name: /Revoke/})).toBeNull();
  });
});
