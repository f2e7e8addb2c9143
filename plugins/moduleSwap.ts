// Swapping one module for another at build time is how plugins here keep code out of a bundle
// (the eager Prism module, the account system in the bench's comparison build, the code-block
// loader on the server). One helper, so every swap resolves its replacement the same way.
import type {CurrentBundler} from '@docusaurus/types';

/** A bundler plugin that replaces every module whose request matches `pattern` with `file` (an absolute path). */
export function moduleSwap(bundler: CurrentBundler, pattern: RegExp, file: string): InstanceType<CurrentBundler['instance']['NormalModuleReplacementPlugin']> {
  return new bundler.instance.NormalModuleReplacementPlugin(pattern, file);
}
