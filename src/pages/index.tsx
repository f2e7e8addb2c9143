import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import CourseCard from '@site/src/components/progress/CourseCard';
import PremiumUnlocks from '@site/src/components/payments/PremiumUnlocks';
import ContinueLearning from '@site/src/components/progress/ContinueLearning';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {SITE_TITLE} from '@site/src/config/site';
import styles from './index.module.css';

const AUDIENCES = [
  {
    title: 'Medical and health students',
    text: 'Turn a clinical question into a project you can finish: a focused question, the right design, a search you can defend.',
  },
  {
    title: 'Early-career researchers',
    text: 'Run a systematic review from protocol to PRISMA 2020 flow, appraise bias, and pool results with a meta-analysis.',
  },
  {
    title: 'Anyone writing for journals',
    text: 'Report with the EQUATOR guidelines, share data the FAIR way, choose a journal and answer reviewers.',
  },
];

export default function Home(): React.JSX.Element {
  const catalog = useCatalog();
  const {courses} = catalog;
  const first = courses[0];
  const lessonCount = courses.reduce((n, c) => n + c.lessons.length, 0);
  return (
    <Layout
      title="Learn research methods, from question to publication"
      description="Free, sourced lessons on research questions, literature and systematic reviews, data analysis, manuscript writing, open data and publishing."
    >
      <ContinueLearning catalog={catalog} />
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            {SITE_TITLE}
          </Heading>
          <p className={styles.heroLead}>
            Research methods for medicine and academia: from a vague idea to a registered systematic-review
            protocol and a submitted manuscript, in {courses.length} modules and {lessonCount} lessons with worked
            examples and primary sources.
          </p>
          <div className={styles.heroActions}>
            {first && (
              <Link className="button button--primary button--lg" to={first.permalink}>
                Start with {first.title}
              </Link>
            )}
            <Link className="button button--secondary button--lg" to="/explore">
              Explore the catalog
            </Link>
          </div>
        </div>
      </header>
      <main>
        <section className={styles.section} aria-labelledby="audiences">
          <div className="container">
            <Heading as="h2" id="audiences">
              Who it is for
            </Heading>
            <div className={styles.audiences}>
              {AUDIENCES.map((a) => (
                <div key={a.title} className={styles.audience}>
                  <Heading as="h3">{a.title}</Heading>
                  <p>{a.text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>
        <section className={styles.section} aria-labelledby="modules">
          <div className="container">
            <Heading as="h2" id="modules">
              The seven modules, in order
            </Heading>
            <p>Each module builds on the one before. A free account tracks your progress through every module.</p>
            <PremiumUnlocks courses={courses} />
            <div className={styles.grid}>
              {courses.map((course) => (
                <CourseCard key={course.slug} course={course} />
              ))}
            </div>
          </div>
        </section>
      </main>
    </Layout>
  );
}
