// The highlighted code block, fetched as a chunk of its own in the browser. The server build
// swaps this module for highlightedLoader.server.ts (plugins/code-highlighting), which has the
// component at hand: the static HTML is always rendered highlighted.
import type {ComponentType} from 'react';
import type {Props} from '@theme/CodeBlock';

export type HighlightedCodeBlock = ComponentType<Props>;

let loaded: HighlightedCodeBlock | null = null;

/** The component, if its chunk has already arrived. */
export const loadedHighlighted = (): HighlightedCodeBlock | null => loaded;

export const loadHighlighted = (): Promise<HighlightedCodeBlock> =>
  import('./Highlighted').then((module) => (loaded = module.default));
