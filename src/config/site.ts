// The product's facts live in shared/site.ts (the functions and local-supabase name the product
// too); the site's components import them from here. The Premium plan is shared/plan.ts.
export {SITE_TITLE, SUPPORT_EMAIL} from '../../shared/site';
