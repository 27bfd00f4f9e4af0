import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../lib/i18n';

function PageError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <section className="page" role="alert">
      <p>{t('pageError')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
  resetKey: string;
}

/** A page chunk that fails to load (offline, new deploy) shows a retry instead of a blank app. */
class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    // Navigating away from a failed page gives the next page a fresh start.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <PageError onRetry={() => window.location.reload()} />;
  }
}

export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <Boundary resetKey={location}>{children}</Boundary>;
}
