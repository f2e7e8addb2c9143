// The product's own facts, for every part that names it: the site, the Edge Functions (PayPal's
// brand name, cancel reasons, mail), local-supabase (its mailer, the PayPal simulator) and the
// scripts. Plain TypeScript without imports, so Deno, Node and the site bundle all load it.
export const SITE_TITLE = 'Research Methods Academy';
export const SUPPORT_EMAIL = 'support@researchmethods.academy';
/** The sender of every mail the product sends (auth mail and transactional mail alike). */
export const MAIL_SENDER = {name: SITE_TITLE, address: 'no-reply@researchmethods.academy'} as const;
