// Stand-in for Docusaurus's generated site config in unit tests.
const siteConfig = {
  title: 'Research Methods Academy',
  url: 'http://localhost:3000',
  baseUrl: '/',
  customFields: {supabaseUrl: 'http://127.0.0.1:54321', supabasePublishableKey: 'sb_publishable_test', supportEmail: 'support@researchmethods.academy', minimumPasswordLength: 6},
};
export default siteConfig;
