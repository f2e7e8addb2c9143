// Product facts shared by the site config and components; one place to change them.
export const SITE_TITLE = 'Research Methods Academy';
export const SUPPORT_EMAIL = 'support@researchmethods.academy';
export const PREMIUM_PRICE_USD = 49;
export const PAYPAL_AUTOPAY_URL = 'https://www.paypal.com/myaccount/autopay/';
