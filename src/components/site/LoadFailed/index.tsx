// What a visitor sees when the code for something they asked for did not download (offline, or a
// new deploy replaced the file their tab knew): said where they asked, with Retry, instead of the
// page's "This page crashed".
import React from 'react';
import RetryMessage from '@site/src/components/site/RetryMessage';

export default function LoadFailed({what, onRetry}: {what: string; onRetry(): void}): React.JSX.Element {
  return <RetryMessage onRetry={onRetry}>{`Could not load ${what}. Check your connection and try again.`}</RetryMessage>;
}
