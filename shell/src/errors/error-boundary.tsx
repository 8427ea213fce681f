import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Shows `fallback` instead of a subtree that threw while rendering, and says so once. */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback: ReactNode; onError: (error: unknown, info: ErrorInfo) => void },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error, info);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
