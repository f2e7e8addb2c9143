// The knowledge-check parts of /progress, and a course landing page (the admin page: adminCertificates.test.tsx), with a
// stand-in auth context and stubbed Supabase client.
import React from 'react';
import {render, screen, within} from '@testing-library/react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import ProgressDashboard from '../../src/components/progress/ProgressDashboard';
import CourseCertificateNote from '../../src/components/certificates/CourseCertificateNote';
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
