// Minimal @docusaurus/useBaseUrl for unit tests: the site is served from '/'.
export function useBaseUrlUtils() {
  return {withBaseUrl: (url: string) => url};
}

export default function useBaseUrl(url: string): string {
  return url;
}
