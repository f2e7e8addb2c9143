// Docusaurus' broken-link collector does nothing outside a build.
export default function useBrokenLinks() {
  return {collectAnchor: (_id?: string) => undefined, collectLink: (_link?: string) => undefined};
}
