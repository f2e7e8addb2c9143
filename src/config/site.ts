// Product facts shared by the site config and components; one place to change them.
// The Premium price lives with the PayPal functions that charge it (supabase/functions/_shared/plan.ts).
export {PREMIUM_PRICE_USD} from '../../supabase/functions/_shared/plan';
export const SITE_TITLE = 'Research Methods Academy';
export const SUPPORT_EMAIL = 'support@researchmethods.academy';
export const PAYPAL_AUTOPAY_URL = 'https://www.paypal.com/myaccount/autopay/';
