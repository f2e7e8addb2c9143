// Which PayPal the functions talk to (PAYPAL_API_BASE), and where a subscriber manages a
// subscription there: live and sandbox have their own autopay pages; the local simulator shows
// the subscription on its own page. Plain TypeScript without imports (Deno, Node and the site).
export type PayPalEnvironment = 'live' | 'sandbox' | 'simulator';

const LIVE_API_HOSTS = ['api-m.paypal.com', 'api.paypal.com'];
const SANDBOX_API_HOSTS = ['api-m.sandbox.paypal.com', 'api.sandbox.paypal.com'];

export function paypalEnvironment(apiBase: string): PayPalEnvironment {
  let host: string;
  try {
    host = new URL(apiBase).hostname;
  } catch {
    return 'live';
  }
  if (LIVE_API_HOSTS.includes(host)) return 'live';
  if (SANDBOX_API_HOSTS.includes(host)) return 'sandbox';
  return 'simulator';
}

export const LIVE_AUTOPAY_URL = 'https://www.paypal.com/myaccount/autopay/';
const SANDBOX_AUTOPAY_URL = 'https://www.sandbox.paypal.com/myaccount/autopay/';

/** Where "Manage on PayPal" leads for this API base (live's autopay page when it is unknown). */
export function paypalManageUrl(apiBase: string | null, subscriptionId: string | null): string {
  if (!apiBase) return LIVE_AUTOPAY_URL;
  switch (paypalEnvironment(apiBase)) {
    case 'live':
      return LIVE_AUTOPAY_URL;
    case 'sandbox':
      return SANDBOX_AUTOPAY_URL;
    case 'simulator': {
      const base = apiBase.replace(/\/+$/, '');
      return subscriptionId ? `${base}/checkout/${encodeURIComponent(subscriptionId)}` : `${base}/checkout/`;
    }
  }
}
