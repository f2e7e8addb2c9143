import React from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {readingMinutes, type CatalogCourse} from '@site/src/catalog/types';
import {courseWordCount} from '@site/src/catalog/filterCourses';
import {catalogDescriptions} from '@site/src/catalog/descriptions';
import {countNoun} from '@site/src/lib/learnerWording';
import styles from './styles.module.css';

export interface CourseCardProps {
  course: CatalogCourse;
  /** Show lesson count and estimated reading time. */
  showStats?: boolean;
}

export default function CourseCard({course, showStats = true}: CourseCardProps): React.JSX.Element {
  const premium = course.lessons.filter((l) => l.isPremium).length;
  return (
    <article className={styles.card}>
      <p className={styles.step}>Module {course.orderIndex}</p>
      <Heading as="h3" className={styles.title}>
        <Link to={course.permalink}>{course.title}</Link>
      </Heading>
      <p className={styles.description}>{catalogDescriptions.courses[course.slug]}</p>
      {showStats && (
        <ul className={styles.stats}>
          <li>
            {countNoun(course.lessons.length, 'lesson')}
          </li>
          <li>about {readingMinutes(courseWordCount(course))} min reading</li>
          {premium > 0 && <li>{premium} Premium</li>}
        </ul>
      )}
    </article>
  );
}
