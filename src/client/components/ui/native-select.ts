const NATIVE_SELECT_LOOK =
  'rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** The look of a native <select> beside the Input fields (screens, boards, alerts). */
export const NATIVE_SELECT = `h-9 w-full ${NATIVE_SELECT_LOOK}`;

/** The same inside a list's row: as wide as its words. */
export const NATIVE_SELECT_IN_ROW = `h-8 w-auto max-w-full ${NATIVE_SELECT_LOOK}`;
