import React, {type ReactNode} from 'react';

/** Stands in for AccountRoot in the comparison build without the account system (bench). */
export default function AccountRootPassthrough({children}: {children: ReactNode}): React.JSX.Element {
  return <>{children}</>;
}
