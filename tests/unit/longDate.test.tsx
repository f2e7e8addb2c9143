// The hand-written long date must read exactly as en-GB's Intl long date in UTC, which it replaces.
import React from 'react';
import {describe, expect, it, vi} from 'vitest';
import {formatLongDate} from '../../src/lib/longDate';

const intl = (date: Date) => date.toLocaleDateString('en-GB', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'});

describe('formatLongDate', () => {
  it('matches en-GB in UTC on every day of a leap year and at the edges of a day', () => {
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2028, 0, 1 + day, 12));
      expect(formatLongDate(date)).toBe(intl(date));
    }
    for (const iso of ['2026-11-23T00:00:00Z', '2026-11-23T23:59:59.999Z', '1999-12-31T23:30:00-05:00']) {
      expect(formatLongDate(new Date(iso))).toBe(intl(new Date(iso)));
    }
    expect(formatLongDate(new Date('2026-03-05T00:00:00Z'))).toBe('5 March 2026');
  });

  it('gives nothing for an invalid date', () => {
    expect(formatLongDate(new Date('not a date'))).toBe('');
  });
});

describe('the lesson review date', () => {
  it('is printed without touching Intl, whose first use loads ICU data while the lesson hydrates', async () => {
    const {render, screen} = await import('@testing-library/react');
    const {default: LastReviewed} = await import('../../src/components/lesson/LastReviewed');
    const toLocaleDateString = vi.spyOn(Date.prototype, 'toLocaleDateString');
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    render(<LastReviewed value="2026-11-23" />);
    expect(screen.getByText('23 November 2026').getAttribute('datetime')).toBe('2026-11-23');
    expect(toLocaleDateString).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();
    toLocaleDateString.mockRestore();
    dateTimeFormat.mockRestore();
  });
});
