import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../../../i18n/index.ts';
import { injectStyles } from '../../../lib/dom/later-styles.ts';
import fallbackStyles from './error-boundary.scss?inline';

// The build never renders the fallback: its rules arrive with the island (error-boundary.scss).
injectStyles('island-error', fallbackStyles);

export interface ErrorBoundaryProps {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Catches a rendering failure inside one island and shows `문제가 발생했습니다.` in its place,
 * so the rest of the page (pre-rendered HTML and other islands) stays usable.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[island]', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="island-error" role="alert">
        <h2 className="island-error-title">{t('error.title')}</h2>
        <p>{t('error.body')}</p>
      </div>
    );
  }
}
