// The page template (Docusaurus's `ssrTemplate`): the built HTML paints before the site's code runs.
//
// Docusaurus puts its entry scripts in <head> with `defer`. When they are already there (a cached
// visit, a fast network), the browser runs them, 130 KiB gzip of React and the site, before it
// paints the server-rendered page, so a phone shows nothing while they run. Lighthouse reads that
// order from its trace and counts main.js toward Largest Contentful Paint: LCP came out about a
// second after First Contentful Paint on every page.
//
// Here the scripts are preloaded (the download starts as early as before) and run, in order, once
// the first contentful paint has been recorded. A hidden tab, or a browser without paint timing
// (PerformanceObserver.supportedEntryTypes lacks 'paint'), runs them at once, and after 3 s they
// run whatever happened.
import {createRequire} from 'node:module';

/** The loader, inline at the end of <body>, called with the list of the entry scripts' URLs. */
const LOADER_FUNCTION = `(function(urls){var started=false;function run(){if(started)return;started=true;urls.forEach(function(url){var s=document.createElement('script');s.src=url;s.async=false;document.body.appendChild(s);});}
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;
if(document.visibilityState==='hidden'||!types||types.indexOf('paint')<0){run();return;}
try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(run,0);}).observe({type:'paint',buffered:true});}catch(e){run();return;}
setTimeout(run,3000);})`;

const DEFER_SCRIPTS = `<% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>`;

const PRELOAD_SCRIPTS = `<% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>`;

const LOADER = `<script>${LOADER_FUNCTION}(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>);</script>
  </body>`;

/**
 * Docusaurus's own template with its deferred scripts swapped for preloads and the loader. Fails
 * the build when a Docusaurus upgrade changes the lines it swaps, rather than silently keeping them.
 */
export function paintBeforeScriptsTemplate(): string {
  const require = createRequire(__filename);
  const template = (require('@docusaurus/core/lib/ssg/ssgTemplate.html') as {default: string}).default;
  if (!template.includes(DEFER_SCRIPTS) || !template.includes('</body>')) {
    throw new Error("plugins/paintBeforeScripts.ts: Docusaurus's page template changed; update the lines it replaces");
  }
  return template.replace(DEFER_SCRIPTS, PRELOAD_SCRIPTS).replace('</body>', LOADER);
}
