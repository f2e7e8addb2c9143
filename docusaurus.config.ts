import path from 'node:path';
import type {Config, PluginConfig, PluginModule} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {SITE_TITLE, SUPPORT_EMAIL} from './src/config/site';
import {colorModeFirstVisitScript} from './src/config/colorModeFirstVisit';
import {darkCodeTheme, lightCodeTheme} from './src/config/prismThemes';
import {ANNOUNCEMENT_ID, announcementResetScript} from './src/config/announcement';
import {storedSessionMarkerScript} from './src/config/storedSessionMarker';
import {publicSupabaseKey} from './src/config/supabasePublicKey';
import {docsBeforeDefaultRemarkPlugins, docsRehypePlugins} from './plugins/docsRemarkPlugins';
import remarkPremiumLesson from './plugins/premium-lessons/remarkPremiumLesson';
import remarkLessonComponents from './plugins/lesson-components/remarkLessonComponents';
import {readSiteAuthSettings} from './shared/projectSettings';
import {moduleSwap} from './plugins/moduleSwap';
import {paintBeforeScriptsTemplate} from './plugins/paintBeforeScripts';
import {LOCAL_API_URL} from './shared/localPorts';

// Build-time values for the browser. Only the publishable key may ever be listed here:
// customFields are serialised into the client bundle (src/config/supabasePublicKey.ts refuses a
// secret key, and warns about the legacy SUPABASE_ANON_KEY).
const supabaseUrl = process.env.SUPABASE_URL ?? LOCAL_API_URL;
const publicKey = publicSupabaseKey(process.env);
if (publicKey.warning) console.warn(`[WARNING] ${publicKey.warning}`);
const supabasePublishableKey = publicKey.key;
// The auth rules the forms check before asking GoTrue come from the file GoTrue reads.
const {minimumPasswordLength} = readSiteAuthSettings(path.join(__dirname, 'supabase/config.toml'));

// RMA_WITHOUT_ACCOUNTS=1 builds the site without the account system (static signed-out navbar
// buttons, no auth provider), only so `npm run bench` can compare first-visit JavaScript.
const withoutAccounts = process.env.RMA_WITHOUT_ACCOUNTS === '1';
const withoutAccountsPlugin: PluginModule = () => ({
  name: 'rma-without-accounts',
  configureWebpack(config, _isServer, {currentBundler}) {
    // The swap is invisible to the persistent cache key: keep this build's cache apart.
    const cache = (config as {experiments?: {cache?: {version?: string} | boolean}}).experiments?.cache;
    if (cache && typeof cache === 'object') cache.version = `${cache.version ?? ''}-without-accounts`;
    const swap = (pattern: RegExp, file: string) => moduleSwap(currentBundler, pattern, path.resolve(__dirname, file));
    return {
      plugins: [
        swap(/components\/account\/AccountRoot$/, 'src/components/account/AccountRoot/Passthrough.tsx'),
        swap(/components\/account\/AuthButton$/, 'src/components/account/AuthButton/SignedOutButtons.tsx'),
      ],
    };
  },
});

// Test pages (src/testPages: /crash-test, and the administrators' diagnostics /auth-test and
// /subscription-test) are a second pages-plugin instance, as Docusaurus's own
// website serves its dogfooding pages: built for the dev server and for the browser tests
// (RMA_TEST_PAGES=1, set by scripts/lib/e2eStack.ts), never for a production build.
const withTestPages = process.env.RMA_TEST_PAGES === '1' || process.env.NODE_ENV === 'development';
const testPagesPlugin: PluginConfig = ['@docusaurus/plugin-content-pages', {id: 'test-pages', path: 'src/testPages', routeBasePath: '/'}];

const config: Config = {
  title: SITE_TITLE,
  tagline: 'Research methods for medicine and academia, from question to publication',
  favicon: 'img/favicon.svg',
  url: process.env.SITE_URL ?? 'http://localhost:3000',
  baseUrl: '/',

  // future.v4 turns on Docusaurus Faster (Rspack, SWC, Lightning CSS); `faster: true` on its
  // own is rejected by 3.10 because SSG worker threads need the v4 head-attribute change.
  // Local storage keys are not namespaced so the first-visit colour script can name them.
  future: {v4: true},
  storage: {namespace: false},

  // The page paints before the site's code runs (see the module).
  ssrTemplate: paintBeforeScriptsTemplate(),

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
  },

  i18n: {defaultLocale: 'en', locales: ['en']},

  customFields: {supabaseUrl, supabasePublishableKey, supportEmail: SUPPORT_EMAIL, minimumPasswordLength},

  headTags: [
    // Must run before theme-classic's own inline theme script (which sits at the top of
    // <body>): a first visit starts light whatever the OS prefers, and later "system"
    // choices are respected. See src/config/colorModeFirstVisit.ts.
    {tagName: 'script', attributes: {}, innerHTML: colorModeFirstVisitScript},
    {tagName: 'script', attributes: {}, innerHTML: announcementResetScript},
    {tagName: 'script', attributes: {}, innerHTML: storedSessionMarkerScript(supabaseUrl)},
  ],

  plugins: [
    './plugins/course-catalog/index.ts',
    './plugins/search-index/index.ts',
    './plugins/code-highlighting/index.ts',
    // What both route chunks of a docs page use is downloaded once (see the plugin).
    './plugins/docs-shared-chunk/index.ts',
    // Old /certificates/<code> links: 404.html forwards them before rendering (see the plugin).
    './plugins/certificate-links/index.ts',
    ...(withoutAccounts ? [withoutAccountsPlugin] : []),
    ...(withTestPages ? [testPagesPlugin] : []),
  ],
  clientModules: ['./src/clientModules/installErrorFilter.ts', './src/clientModules/prefetchOnIntent.ts'],

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          // Mermaid diagrams become inline SVG at build time: no diagram library in the browser.
          beforeDefaultRemarkPlugins: docsBeforeDefaultRemarkPlugins,
          // Task-list checkboxes get an accessible name.
          rehypePlugins: docsRehypePlugins,
          showLastUpdateTime: false,
          // Premium lessons keep only their public part in the build; the body is compiled
          // apart and served from Postgres (plugins/premium-lessons/). RMA_PREMIUM_AS_FREE=1
          // builds them as free pages, only so `npm run bench` can compare the two.
          // Then lessons get the import lines of the lesson components they use (last, so a
          // component only a Premium body uses stays out of the public page).
          remarkPlugins: [...(process.env.RMA_PREMIUM_AS_FREE === '1' ? [] : [remarkPremiumLesson]), remarkLessonComponents],
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {
          // The test pages are in the dev and e2e builds only; keep them out of those sitemaps too.
          ignorePatterns: ['/crash-test', '/auth-test', '/subscription-test'],
        },
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true},
    announcementBar: {
      id: ANNOUNCEMENT_ID,
      content:
        'New: the systematic review module now walks through a full PRISMA 2020 flow. <a href="/docs/modules/systematic-review/">Start it here</a>.',
      isCloseable: true,
      // CSS variables (src/css/custom.css), so the bar follows the colour mode: theme-classic
      // writes these two into an inline style, white and black by default in both modes.
      backgroundColor: 'var(--rma-announcement-bg)',
      textColor: 'var(--rma-announcement-fg)',
    },
    docs: {sidebar: {hideable: true, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: SITE_TITLE,
      // Sized so the navbar does not shift when the image arrives (Infima draws it 2rem high).
      logo: {alt: `${SITE_TITLE} logo`, src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {to: '/explore', label: 'Explore', position: 'left'},
        {to: '/modules', label: 'Modules', position: 'left'},
        {to: '/pricing', label: 'Pricing', position: 'left'},
        // My learning for the signed in, Admin for administrators (src/components/site/RoleLinks).
        {type: 'custom-roleLinks', position: 'left'},
        {type: 'custom-search', position: 'right'},
        {type: 'custom-authButton', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Learn',
          items: [
            {label: 'Start here', to: '/docs/intro'},
            {label: 'All modules', to: '/modules'},
            {label: 'Explore the catalog', to: '/explore'},
            {label: 'Slides', to: '/slides'},
          ],
        },
        {
          title: 'Account',
          items: [
            {label: 'Pricing', to: '/pricing'},
            {label: 'My progress', to: '/progress'},
            {label: 'Account', to: '/account'},
          ],
        },
        {
          title: 'Help',
          items: [
            {label: 'Contact support', href: `mailto:${SUPPORT_EMAIL}`},
            {label: 'Academic writing guide', to: '/docs/academic-writing'},
          ],
        },
      ],
      copyright: `Copyright © 2025 ${SITE_TITLE}`,
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // Only what prism-react-renderer's bundled Prism lacks (it has Python): each grammar here
      // is in the code-block chunk every page with code loads (plugins/code-highlighting).
      additionalLanguages: ['r', 'bash'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
