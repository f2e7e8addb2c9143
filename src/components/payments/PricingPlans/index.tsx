import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import type {DiscountQuote} from '@site/src/lib/payments';
import {PREMIUM_PLAN, formatPrice} from '@site/shared/plan';
import type {CourseCatalog} from '@site/src/catalog/types';
import {catalogCount} from '@site/src/catalog/counts';
import {countNoun} from '@site/src/lib/learnerWording';
import styles from './styles.module.css';

export interface PricingPlansProps {
  /** The course catalog: the premium lessons are listed under Premium, and every count comes from it. */
  catalog: CourseCatalog;
  /** A discount the server accepted: the Premium price shows it. */
  quote: DiscountQuote | null;
  /** What the visitor can do about Premium (sign in, checkout, or their status). */
  premiumAction: ReactNode;
  /** How many premium lessons to list by name. */
  listed?: number;
}

/**
 * Free and Premium side by side: lessons, knowledge checks and course certificates counted from
 * the catalog; the Premium price from the shared plan config.
 */
export default function PricingPlans({catalog, quote, premiumAction, listed = 6}: PricingPlansProps): React.JSX.Element {
  const lessons = catalog.courses.flatMap((c) => c.lessons);
  const premium = lessons.filter((l) => l.isPremium);
  const free = lessons.length - premium.length;
  const checks = catalogCount(catalog, 'checks');
  const freeChecks = catalogCount(catalog, 'freeChecks');
  const certificates = catalogCount(catalog, 'certificates');
  const freeCertificates = catalogCount(catalog, 'freeCertificates');
  return (
    <div className={styles.plans}>
      <section className={styles.plan} aria-labelledby="plan-free">
        <Heading as="h2" id="plan-free" className={styles.name}>
          Free
        </Heading>
        <p className={styles.price}>
          <span className={styles.amount}>$0</span> <span className={styles.per}>forever</span>
        </p>
        <ul className={styles.features}>
          <li>
            {free} of {lessons.length} lessons across every module
          </li>
          {freeChecks > 0 && <li>Knowledge checks on the {countNoun(freeChecks, 'free lesson')}, with a free account</li>}
          {freeCertificates > 0 && (
            <li>
              A verifiable certificate for {freeCertificates === 1 ? 'the module' : `each of the ${freeCertificates} modules`} whose checks are all free
            </li>
          )}
          <li>Slides for every module</li>
          <li>Progress tracking with a free account</li>
        </ul>
        <div className={styles.action}>
          <Link className="button button--secondary" to="/docs/intro">
            Start learning
          </Link>
        </div>
      </section>
      <section className={clsx(styles.plan, styles.featured)} aria-labelledby="plan-premium">
        <Heading as="h2" id="plan-premium" className={styles.name}>
          Premium
        </Heading>
        <p className={styles.price} data-testid="premium-price">
          {quote ? (
            <>
              <span className={styles.amount}>{formatPrice(quote.amount)}</span> <span className={styles.per}>/ year</span>{' '}
              <del className={styles.was}>
                <span className="sr-only">instead of </span>
                {formatPrice(PREMIUM_PLAN.priceUsd)}
              </del>{' '}
              <span className={styles.saving}>{quote.percentOff}% off with {quote.code}</span>
            </>
          ) : (
            <>
              <span className={styles.amount}>{formatPrice(PREMIUM_PLAN.priceUsd)}</span> <span className={styles.per}>/ year</span>
            </>
          )}
        </p>
        <p className={styles.billing}>Billed yearly in US dollars through PayPal autopay. Cancel any time.</p>
        <h3 className={styles.unlocks}>What Premium unlocks</h3>
        <ul className={styles.features}>
          <li>Everything in Free</li>
          <li>
            All {premium.length} advanced lesson{premium.length === 1 ? '' : 's'}
            {premium.length > 0 ? ', including:' : ''}
            {premium.length > 0 && (
              <ul className={styles.lessons}>
                {premium.slice(0, listed).map((l) => (
                  <li key={l.docId}>
                    <Link to={l.permalink}>{l.title}</Link>
                  </li>
                ))}
                {premium.length > listed && <li>…and {premium.length - listed} more</li>}
              </ul>
            )}
          </li>
          {checks > 0 && <li>Knowledge checks on all {countNoun(checks, 'lesson')}</li>}
          {certificates > 0 && <li>A verifiable certificate for every module: {countNoun(certificates, 'certificate')} to earn</li>}
          <li>Access until the end of the year you paid for, even after cancelling</li>
        </ul>
        <div className={styles.action}>{premiumAction}</div>
      </section>
    </div>
  );
}
