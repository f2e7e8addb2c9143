import React from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {PREMIUM_PLAN, formatPrice} from '@site/shared/plan';
import styles from './styles.module.css';

/**
 * How renewals, discounts and cancelling work, as the payment code does them:
 * create-subscription overrides the PayPal plan's regular billing cycle (total_cycles 0, i.e.
 * every renewal) with the discounted price, so a code lowers every year of that subscription;
 * a code counts once per account (migration 20261129000000), so a new subscription started
 * later pays the full price; a renewal adds a year; a cancelled plan keeps its paid year.
 */
export default function PlanTerms(): React.JSX.Element {
  return (
    <section aria-labelledby="plan-terms" data-testid="plan-terms" className={styles.terms}>
      <Heading as="h2" id="plan-terms">
        Renewals and discounts
      </Heading>
      <ul>
        <li>
          Premium renews automatically once a year through PayPal, at the price you subscribed at ({formatPrice(PREMIUM_PLAN.priceUsd)}{' '}
          without a code). Each renewal adds a year of access.
        </li>
        <li>
          A discount code lowers the price of the subscription you start with it, for the first year and for every automatic
          renewal of that subscription.
        </li>
        <li>
          A code counts once per account: if you cancel and subscribe again later, the new subscription is at the full price.
        </li>
        <li>
          Cancel any time on your <Link to="/account">account page</Link>: PayPal will not charge you again, and you keep Premium
          until the end of the year you paid for.
        </li>
      </ul>
    </section>
  );
}
