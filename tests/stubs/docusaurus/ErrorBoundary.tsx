import React, {type ReactNode} from 'react';

interface Props {
  fallback: (params: {error: Error; tryAgain: () => void}) => ReactNode;
  children: ReactNode;
}

/** Docusaurus' ErrorBoundary: renders fallback({error, tryAgain}) after a render error. */
export default class ErrorBoundary extends React.Component<Props, {error: Error | null}> {
  override state = {error: null as Error | null};

  static getDerivedStateFromError(error: Error) {
    return {error};
  }

  override render() {
    const {error} = this.state;
    return error ? this.props.fallback({error, tryAgain: () => this.setState({error: null})}) : this.props.children;
  }
}
