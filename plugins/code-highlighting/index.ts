// Prism and its grammars are about 28 KiB gzip. theme-classic loads them up front, from a client
// module in every page's main.js, although most lessons show no code at all. This plugin swaps
// that client module for an empty one: src/theme/CodeBlock loads Prism with the code-block
// component itself, when a block is about to be seen, and registers the extra grammars there.
// For the server build it also swaps that component's loader for one that imports it outright.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {moduleSwap} from '../moduleSwap';

/** The client module theme-classic lists in getClientModules() (not the swizzlable theme file). */
const EAGER_PRISM_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

/** src/theme/CodeBlock's loader, as webpack resolves it. */
const HIGHLIGHTED_LOADER = /src[\\/]theme[\\/]CodeBlock[\\/]highlightedLoader\.ts$/;

export default function codeHighlightingPlugin(): Plugin {
  return {
    name: 'code-highlighting',
    configureWebpack(_config, isServer, {currentBundler}) {
      const swap = (pattern: RegExp, file: string) => moduleSwap(currentBundler, pattern, file);
      return {
        plugins: [
          swap(EAGER_PRISM_MODULE, path.join(__dirname, 'noEagerPrism.ts')),
          ...(isServer ? [swap(HIGHLIGHTED_LOADER, path.join(__dirname, '../../src/theme/CodeBlock/highlightedLoader.server.ts'))] : []),
        ],
      };
    },
  };
}
