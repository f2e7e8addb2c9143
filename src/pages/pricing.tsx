import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import clsx from 'clsx';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {PREMIUM_PRICE_USD} from '@site/src/config/site';
import styles from './pages.module.css';

export default function Pricing(): React.JSX.Element {
  const {courses} = useCatalog();
  const lessons = courses.flatMap((c) => c.lessons);
  const premium = lessons.filter((l) => l.isPremium);
  return (
    <Layout title="Pricing" description="Free and Premium plans for Research Methods Academy.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Pricing</Heading>
        <p>Most lessons are free for everyone. Premium is a yearly plan for the advanced lessons and features.</p>
        <div className={styles.plans}>
          <section className={styles.plan} aria-labelledby="plan-free">
            <Heading as="h2" id="plan-free">
              Free
            </Heading>
            <p className={styles.price}>$0</p>
            <ul>
              <li>
                {lessons.length - premium.length} of {lessons.length} lessons, all seven modules
              </li>
              <li>Slides for every module</li>
              <li>Progress tracking with a free account</li>
            </ul>
            <Link className="button button--secondary" to="/docs/intro">
              Start learning
            </Link>
          </section>
          <section className={clsx(styles.plan, styles.planFeatured)} aria-labelledby="plan-premium">
            <Heading as="h2" id="plan-premium">
              Premium
            </Heading>
            <p className={styles.price}>
              ${PREMIUM_PRICE_USD} <small>/ year</small>
            </p>
            <ul>
              <li>Everything in Free</li>
              <li>The {premium.length} advanced lessons, including:</li>
              <ul>
                {premium.slice(0, 5).map((l) => (
                  <li key={l.docId}>
                    <Link to={l.permalink}>{l.title}</Link>
                  </li>
                ))}
              </ul>
              <li>Yearly PayPal autopay; cancel any time, access until the end of the year paid</li>
            </ul>
            <p>
              <strong>Payments are not open yet.</strong> Premium lessons are readable by everyone until checkout opens.
            </p>
          </section>
        </div>
      </main>
    </Layout>
  );
}
