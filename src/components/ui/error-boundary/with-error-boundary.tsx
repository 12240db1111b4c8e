import type { ComponentType } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/** Wraps an island's root component so a render failure stays inside that island. */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Guarded(props: P) {
    return (
      <ErrorBoundary>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Guarded.displayName = `WithErrorBoundary(${Inner.displayName ?? Inner.name ?? 'Island'})`;
  return Guarded;
}
