import React, {useState} from 'react';
import Page from '@site/src/components/site/Page';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {useCatalog} from '@site/src/catalog/useCatalog';
import PricingPlans from '@site/src/components/payments/PricingPlans';
import PremiumCheckout from '@site/src/components/payments/PremiumCheckout';
import type {DiscountQuote} from '@site/src/lib/payments';
import {SITE_TITLE, SUPPORT_EMAIL} from '@site/src/config/site';
import PlanTerms from '@site/src/components/payments/PlanTerms';
import styles from './pricing.module.css';

export default function Pricing(): React.JSX.Element {
  const catalog = useCatalog();
  const [quote, setQuote] = useState<DiscountQuote | null>(null);
  return (
    <Page title="Pricing" description={`Free and Premium plans for ${SITE_TITLE}: Premium is a yearly PayPal subscription.`}>
      <p>
        Most lessons are free for everyone. Premium is a yearly plan for the advanced lessons: the methods a review team
        meets after its first review, such as meta-analysis in depth, diagnostic test accuracy reviews, network
        meta-analysis and qualitative evidence synthesis, taught through complete worked examples. What every researcher
        needs before collecting data, such as protocols, ethics and governance, stays free.
      </p>
      <PricingPlans catalog={catalog} quote={quote} premiumAction={<PremiumCheckout quote={quote} onQuote={setQuote} />} />
      <PlanTerms />
      <section aria-labelledby="pricing-help" className={styles.help}>
        <Heading as="h2" id="pricing-help">
          Questions?
        </Heading>
        <p>
          Payments are handled by PayPal; we never see your card details. Your subscription, payments and cancellation are on
          your <Link to="/account">account page</Link>. Anything else: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </Page>
  );
}
