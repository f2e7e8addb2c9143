// Minimal @docusaurus/router for unit tests: the location is read from jsdom's window.
export function useLocation() {
  return {pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, key: 'test', state: undefined};
}

export function useHistory() {
  return {push: (to: string) => window.history.pushState(null, '', to), replace: (to: string) => window.history.replaceState(null, '', to)};
}
