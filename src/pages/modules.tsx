import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {useCatalog} from '@site/src/catalog/useCatalog';
import styles from './pages.module.css';

export default function Modules(): React.JSX.Element {
  const {courses} = useCatalog();
  return (
    <Layout title="Modules" description="All seven modules in course order, with their lessons.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Modules</Heading>
        <p>Work through the modules in order, or jump to the one you need. Sign in to keep track of where you are.</p>
        <ol className={styles.moduleList}>
          {courses.map((course) => (
            <li key={course.slug} className={styles.moduleItem}>
              <div className={styles.moduleHead}>
                <Heading as="h2" className={styles.moduleTitle}>
                  <Link to={course.permalink}>{course.title}</Link>
                </Heading>
                <span className={styles.badge}>
                  {course.lessons.length} {course.lessons.length === 1 ? 'lesson' : 'lessons'}
                </span>
              </div>
              <p>{course.description}</p>
              <details>
                <summary>Lessons</summary>
                <ol>
                  {course.lessons.map((lesson) => (
                    <li key={lesson.slug}>
                      <Link to={lesson.permalink}>{lesson.title}</Link>
                      {lesson.isPremium && <span className={styles.premium}> · Premium</span>}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ol>
      </main>
    </Layout>
  );
}
