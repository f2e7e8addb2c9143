// One wording for progress on every page (issue 27): plurals that agree, Start/Continue/Completed
// by one rule, the certificate note on a one-lesson course, and one date format.
import React from 'react';
import {render, screen} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import {countNoun, courseStep, lessonsCompleted, premiumCheckedLessons} from '../../src/lib/learnerWording';
import {formatLocalDate} from '../../src/lib/subscription';
import CourseCertificateNote from '../../src/components/certificates/CourseCertificateNote';
import type {CatalogCourse} from '../../src/catalog/types';

describe('progress wording', () => {
  it('puts the noun in the number of its count', () => {
    expect(countNoun(1, 'lesson')).toBe('1 lesson');
    expect(countNoun(0, 'lesson')).toBe('0 lessons');
    expect(lessonsCompleted(0, 1)).toBe('0 of 1 lesson completed');
    expect(lessonsCompleted(2, 5)).toBe('2 of 5 lessons completed');
  });

  it('says Start until a lesson is opened, Continue after, Completed at the end', () => {
    expect(courseStep(undefined)).toBe('Start');
    expect(courseStep({started: false, completedLessons: 0, totalLessons: 4})).toBe('Start');
    expect(courseStep({started: true, completedLessons: 0, totalLessons: 4})).toBe('Continue');
    expect(courseStep({started: true, completedLessons: 4, totalLessons: 4})).toBe('Completed');
  });

  it('never says "One of these lessons" when there is one lesson', () => {
    expect(premiumCheckedLessons(1, 1)).toBe('This lesson is');
    expect(premiumCheckedLessons(2, 2)).toBe('All 2 of these lessons are');
    expect(premiumCheckedLessons(1, 3)).toBe('One of these lessons is');
    const course = {
      slug: 'solo',
      title: 'Solo',
      lessons: [{slug: 'only', title: 'Only', isPremium: true, hasKnowledgeCheck: true}],
    } as unknown as CatalogCourse;
    render(<CourseCertificateNote course={course} />);
    expect(screen.getByTestId('course-certificate-note')).toHaveTextContent('This lesson is Premium, so the certificate needs Premium.');
  });

  it('prints subscription and transaction dates in the site-wide long form', () => {
    expect(formatLocalDate('2026-11-26T10:00:00Z')).toBe('26 November 2026');
    expect(formatLocalDate(null)).toBe('—');
    expect(formatLocalDate('garbage')).toBe('—');
  });
});
