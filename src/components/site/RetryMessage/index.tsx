import React, {type ReactNode} from 'react';

export interface RetryMessageProps {
  children: ReactNode;
  onRetry(): void;
  className?: string;
}

/** A failed load the reader can try again: the message (announced), then a Retry button. */
export default function RetryMessage({children, onRetry, className}: RetryMessageProps): React.JSX.Element {
  return (
    <p className={className} role="alert">
      {children}{' '}
      <button type="button" className="button button--link button--sm" onClick={onRetry}>
        Retry
      </button>
    </p>
  );
}
