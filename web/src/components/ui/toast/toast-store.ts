import { create } from 'zustand';

export interface Toast {
  id: number;
  message: string;
  durationMs: number;
}

interface ToastState {
  toasts: readonly Toast[];
  show: (message: string, durationMs: number) => number;
  dismiss: (id: number) => void;
}

/** Queue of short messages; `Toaster` renders them and removes each after its duration. */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (message, durationMs) => {
    const id = (get().toasts.at(-1)?.id ?? 0) + 1;
    set((state) => ({ toasts: [...state.toasts, { id, message, durationMs }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export function showToast(message: string, durationMs: number): number {
  return useToastStore.getState().show(message, durationMs);
}
