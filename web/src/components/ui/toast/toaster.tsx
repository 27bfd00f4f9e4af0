import { useEffect } from 'react';
import type { Toast } from './toast-store';
import { useToastStore } from './toast-store';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [dismiss, toast.id, toast.durationMs]);
  return <div className="toast">{toast.message}</div>;
}

/** Live region announcing toasts to screen readers as they appear. */
export function Toaster({ label }: { label: string }) {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-label={label}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
