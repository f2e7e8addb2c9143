import React, {useId, useState} from 'react';
import Page from '@site/src/components/site/Page';
import CourseCard from '@site/src/components/progress/CourseCard';
import PremiumUnlocks from '@site/src/components/payments/PremiumUnlocks';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {filterCourses} from '@site/src/catalog/filterCourses';
import {catalogDescriptions} from '@site/src/catalog/descriptions';
import styles from './pages.module.css';

export default function Explore(): React.JSX.Element {
  const {courses} = useCatalog();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const shown = filterCourses(courses, query, catalogDescriptions);
  return (
    <Page title="Explore courses" description="The full catalog of research-methods courses, with lesson counts and reading time." heading="Explore the catalog">
      <p>Every course, its lessons and roughly how long it takes to read. Filter by a topic such as “PRISMA” or “sample size”.</p>
      <PremiumUnlocks courses={courses} />
      <div className={styles.filter}>
        <label htmlFor={inputId}>Filter courses</label>
        <input
          id={inputId}
          type="search"
          value={query}
          placeholder="e.g. meta-analysis"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p role="status" className={styles.count}>
        {shown.length === courses.length ? `${courses.length} courses` : `${shown.length} of ${courses.length} courses match`}
      </p>
      <div className={styles.grid}>
        {shown.map((course) => (
          <CourseCard key={course.slug} course={course} />
        ))}
      </div>
      {shown.length === 0 && <p>No course matches “{query}”. Try a broader word.</p>}
    </Page>
  );
}
