import * as React from 'react';
import { dismissToast, subscribeToToasts, toast, toastState, type ToastState } from '@/lib/toast';

export { toast, toastReducer, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/lib/toast';
export type { ToastInput, ToasterToast } from '@/lib/toast';

/** The toasts to show, kept current (the toast store lives in lib/toast.ts). */
export function useToast() {
  const [state, setState] = React.useState<ToastState>(toastState);
  React.useEffect(() => subscribeToToasts(setState), []);
  return { ...state, toast, dismiss: dismissToast };
}
