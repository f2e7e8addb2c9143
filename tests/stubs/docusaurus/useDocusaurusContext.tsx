// Minimal @docusaurus/useDocusaurusContext for unit tests: the site is served from '/'.
export default function useDocusaurusContext() {
  return {siteConfig: {baseUrl: '/', title: 'Research Methods Academy'}};
}
