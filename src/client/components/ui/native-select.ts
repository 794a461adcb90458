/** The look of a native <select> beside the Input fields (screens, alerts). */
export const NATIVE_SELECT =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
