// Swizzle of @docusaurus/core's theme-fallback Root (which renders `<>{children}</>`).
// Reason: the account system (auth state and its dialogs) must wrap every page and survive
// client-side navigation, and Root is the one component above all routes. It sits outside each
// page's Layout, so nothing here may depend on the colour mode context.
import React, {type ReactNode} from 'react';
import AccountRoot from '@site/src/components/account/AccountRoot';

export default function Root({children}: {children: ReactNode}): React.JSX.Element {
  return <AccountRoot>{children}</AccountRoot>;
}
