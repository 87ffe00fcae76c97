import { Component, type ErrorInfo, type ReactNode } from 'react';

type ChunkErrorBoundaryProps = {
  children: ReactNode;
  /**
   * How much room the message takes: 'page' in place of a screen, 'inline' as a small fixed notice
   * for a part of the app that is not a page (the toaster, a banner), leaving the page as it is.
   */
  variant?: 'page' | 'inline';
  /** Shown instead of the message; null renders nothing (for parts the screen does without). */
  fallback?: ReactNode;
};

type ChunkErrorBoundaryState = { failed: boolean };

/**
 * Around lazily loaded screens and parts: when a chunk cannot be fetched (the network dropped before
 * the service worker had it) or a screen throws, a calm message with Reload instead of a blank page.
 * Whatever lies outside the boundary (the till's cart, say) stays as it was.
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, ChunkErrorBoundaryState> {
  override state: ChunkErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ChunkErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A part of the app could not be shown', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    const reload = () => window.location.reload();
    if (this.props.variant === 'inline') {
      return (
        <div
          role="alert"
          data-testid="chunk-error"
          className="fixed right-4 bottom-4 z-[100] flex max-w-sm items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 shadow-lg"
        >
          <p className="flex-1">Part of the app could not load. Reload when you are back online.</p>
          <button
            type="button"
            onClick={reload}
            data-testid="chunk-error-reload"
            className="rounded-md border border-amber-400 bg-white px-3 py-1.5 font-medium hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none"
          >
            Reload
          </button>
        </div>
      );
    }
    return (
      <div
        role="alert"
        data-testid="chunk-error"
        className="mx-auto my-16 max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
      >
        <h2 className="text-lg font-semibold text-slate-900">This screen could not be loaded</h2>
        <p className="mt-2 text-sm text-slate-600">
          The connection may have dropped while it was loading. Nothing you saved has been lost. Reload to try again.
        </p>
        <button
          type="button"
          onClick={reload}
          data-testid="chunk-error-reload"
          className="mt-4 inline-flex h-10 items-center rounded-lg bg-rose-600 px-4 text-sm font-medium text-white hover:bg-rose-700 focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          Reload
        </button>
      </div>
    );
  }
}
