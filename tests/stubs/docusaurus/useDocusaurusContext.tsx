// Minimal @docusaurus/useDocusaurusContext for unit tests: the site is served from '/' of its
// configured URL (the same as the generated config stub's).
export default function useDocusaurusContext() {
  return {siteConfig: {url: 'http://localhost:3000', baseUrl: '/', title: 'Research Methods Academy'}};
}
