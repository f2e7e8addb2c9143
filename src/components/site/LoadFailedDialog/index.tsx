// In place of a dialog whose code did not download: a small dialog, named as the one asked for,
// that says so and offers Retry (src/components/site/LoadFailed).
import React, {useId} from 'react';
import Dialog from '@site/src/components/site/Dialog';
import LoadFailed from '@site/src/components/site/LoadFailed';

export interface LoadFailedDialogProps {
  title: string;
  what: string;
  onRetry(): void;
  onClose(): void;
}

export default function LoadFailedDialog({title, what, onRetry, onClose}: LoadFailedDialogProps): React.JSX.Element {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      <LoadFailed what={what} onRetry={onRetry} />
    </Dialog>
  );
}
