// Product facts shared by the site config and components; one place to change them.
// The Premium plan and its price live in shared/plan.ts (shared with the functions and simulator).
export const SITE_TITLE = 'Research Methods Academy';
export const SUPPORT_EMAIL = 'support@researchmethods.academy';
