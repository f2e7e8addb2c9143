// The theme's code block with Prism, in a chunk of its own (see index.tsx). The extra grammars
// (themeConfig.prism.additionalLanguages) are registered here, before the first block renders,
// instead of by theme-classic's client module on every page (plugins/code-highlighting).
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';

prismIncludeLanguages(Prism);

export default CodeBlock;
