import {describe, expect, it} from 'vitest';
import {paypalEnvironment, paypalManageUrl} from './paypalEnvironment';

describe('PayPal environment', () => {
  it('tells live, sandbox and the simulator apart by the API base', () => {
    expect(paypalEnvironment('https://api-m.paypal.com')).toBe('live');
    expect(paypalEnvironment('https://api-m.sandbox.paypal.com/')).toBe('sandbox');
    expect(paypalEnvironment('http://127.0.0.1:54321/paypal-sim')).toBe('simulator');
  });

  it('"Manage on PayPal" leads to the autopay page of the PayPal in use, or the simulator’s subscription page', () => {
    expect(paypalManageUrl('https://api-m.paypal.com', 'I-ABC')).toBe('https://www.paypal.com/myaccount/autopay/');
    expect(paypalManageUrl('https://api-m.sandbox.paypal.com', 'I-ABC')).toBe('https://www.sandbox.paypal.com/myaccount/autopay/');
    expect(paypalManageUrl('http://127.0.0.1:54321/paypal-sim/', 'I-ABC')).toBe('http://127.0.0.1:54321/paypal-sim/checkout/I-ABC');
    expect(paypalManageUrl(null, 'I-ABC')).toBe('https://www.paypal.com/myaccount/autopay/');
  });
});
