// One answer to "does this URL point at the developer's own machine?", for the deploy (which must
// never push such a site URL to a hosted project) and the preflight (which reports one).

/** True for localhost, *.localhost, 127.0.0.0/8, ::1 and 0.0.0.0, the addresses GoTrue's local defaults use. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1' || host === '0.0.0.0';
}

/** True when `value` is a URL (or a redirect glob) whose host is local; a value that is no URL is not. */
export function isLocalUrl(value: string): boolean {
  try {
    return isLocalHost(new URL(value.replace(/\*+/g, 'x')).hostname);
  } catch {
    return false;
  }
}
