// Client module (docusaurus.config.ts `clientModules`): installs the error filter in the
// browser. Client modules are also evaluated during static generation, hence the guard.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {installErrorFilter} from '@site/src/lib/errorFilter';

if (ExecutionEnvironment.canUseDOM) installErrorFilter(window);
