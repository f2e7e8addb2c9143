// Old certificate addresses, `/certificates/<code>` (printed on earlier PNGs, saved on LinkedIn
// profiles), have no file behind them: every static host answers them with build/404.html. After
// the build, this puts a few bytes of script at the very top of that one file's <head>, before
// its <title>: on such an address it stops the page from loading any further and replaces it
// with the verification page, `/certificates/?code=<code>` (src/lib/certificates.ts). The 404
// page's "Page Not Found" title and text are never parsed there, so they never reach the screen
// or the DOM, and nothing waits for the site's code (which runs only after the first paint,
// plugins/paintBeforeScripts.ts). Every other page and every other missing address is untouched.
// Navigations inside the site are redirected by the NotFound swizzle (src/theme/NotFound/Content).
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {LEGACY_CERTIFICATE_PATH, certificatePath} from '../../src/lib/certificates';

/** Where the script goes: first thing after the charset, so before the title and any text (the build minifies the HTML: `<meta charset=UTF-8>`). */
const HEAD_START = /<meta charset="?utf-8"?\s*\/?>/i;

/**
 * The inline script. window.stop() aborts the parser (the rest of 404.html is discarded);
 * location.replace() then loads the verification page in its place, so Back skips the old address.
 */
export function legacyRedirectScript(baseUrl: string): string {
  const page = baseUrl + certificatePath('').slice(1);
  return (
    `(function(l){var p=l.pathname,b=${JSON.stringify(baseUrl)};if(p.indexOf(b)!==0)return;` +
    `var m=new RegExp(${JSON.stringify(LEGACY_CERTIFICATE_PATH.source)}).exec(p.slice(b.length));if(!m)return;` +
    `window.stop();l.replace(${JSON.stringify(page)}+m[1].toLowerCase());})(location)`
  );
}

/** 404.html with the script in place; fails the build if the page's head is not what it expects. */
export function withLegacyRedirect(html: string, baseUrl: string): string {
  if (!HEAD_START.test(html)) throw new Error('plugins/certificate-links: 404.html has no <meta charset=UTF-8> to put the redirect after');
  return html.replace(HEAD_START, (charset) => `${charset}<script>${legacyRedirectScript(baseUrl)}</script>`);
}

export default function certificateLinksPlugin(): Plugin {
  return {
    name: 'certificate-links',
    postBuild({outDir, siteConfig}) {
      const file = path.join(outDir, '404.html');
      fs.writeFileSync(file, withLegacyRedirect(fs.readFileSync(file, 'utf8'), siteConfig.baseUrl));
    },
  };
}
