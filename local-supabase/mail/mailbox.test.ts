// @vitest-environment jsdom
// (The preview is checked as a browser parses it.)
import {describe, expect, it} from 'vitest';
import {createMailboxApp} from './mailbox';
import {Outbox} from './outbox';

// A link clicked in the mailbox's preview must open the site in a new, unsandboxed tab: followed
// inside the frame it never loads but still spends the mail's one-time token.
async function previewOf(html: string): Promise<{frame: HTMLIFrameElement; mail: Document}> {
  const outbox = new Outbox({log: false});
  const message = await outbox.send({to: 'ana@example.com', subject: 'Confirm your signup', text: 'Confirm: http://x', html});
  const response = await createMailboxApp(outbox).request(`/view/${message.ID}`);
  expect(response.status).toBe(200);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const frame = page.querySelector('iframe');
  if (!frame) throw new Error('no preview frame');
  return {frame, mail: new DOMParser().parseFromString(frame.srcdoc, 'text/html')};
}

describe('mailbox preview', () => {
  it('opens the links of a full HTML mail in a new tab, outside the sandbox', async () => {
    const {frame, mail} = await previewOf(
      '<!doctype html><html><head><title>Confirm</title></head><body><a href="http://127.0.0.1:54321/auth/v1/verify?token=abc">Confirm</a></body></html>',
    );
    const sandbox = frame.getAttribute('sandbox')?.split(/\s+/) ?? [];
    expect(sandbox).toEqual(expect.arrayContaining(['allow-popups', 'allow-popups-to-escape-sandbox']));
    expect(sandbox).not.toContain('allow-top-navigation-by-user-activation');
    expect(mail.querySelector('head base')?.getAttribute('target')).toBe('_blank');
    expect(mail.compatMode).toBe('CSS1Compat');
    expect(mail.querySelector('a')?.href).toBe('http://127.0.0.1:54321/auth/v1/verify?token=abc');
  });

  it('opens the links of a bare HTML fragment in a new tab too', async () => {
    const {mail} = await previewOf('<p><a href="http://localhost:3000/reset?code=1">Reset</a></p>');
    expect(mail.querySelector('base')?.getAttribute('target')).toBe('_blank');
    expect(mail.querySelector('a')?.textContent).toBe('Reset');
  });
});
