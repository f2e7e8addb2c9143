import React from 'react';
import Link from '@docusaurus/Link';
import type {CatalogCourse} from '@site/src/catalog/types';
import {PREMIUM_PLAN, formatPrice} from '@site/shared/plan';
import styles from './styles.module.css';

/**
 * What Premium unlocks, read from the catalog (the docs' `premium: true` lessons) — the same
 * front matter the build gates on, so the sales copy and the gate cannot disagree.
 */
export default function PremiumUnlocks({courses}: {courses: CatalogCourse[]}): React.JSX.Element | null {
  const withPremium = courses.map((c) => ({course: c, lessons: c.lessons.filter((l) => l.isPremium)})).filter((c) => c.lessons.length > 0);
  const total = courses.reduce((n, c) => n + c.lessons.length, 0);
  const premium = withPremium.reduce((n, c) => n + c.lessons.length, 0);
  if (premium === 0) return null;
  return (
    <aside className={styles.unlocks} aria-label="What Premium unlocks">
      <p className={styles.summary}>
        {total - premium} of {total} lessons are free to read. <Link to="/pricing">Premium</Link> ({formatPrice(PREMIUM_PLAN.priceUsd)} a year) opens the other{' '}
        {premium}:
      </p>
      <ul className={styles.list}>
        {withPremium.map(({course, lessons}) => (
          <li key={course.slug}>
            <span className={styles.course}>{course.title}:</span>{' '}
            {lessons.map((l, i) => (
              <React.Fragment key={l.docId}>
                {i > 0 && ', '}
                <Link to={l.permalink}>{l.title}</Link>
              </React.Fragment>
            ))}
          </li>
        ))}
      </ul>
    </aside>
  );
}
