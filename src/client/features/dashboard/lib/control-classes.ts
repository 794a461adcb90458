/**
 * The board's header and footer buttons: Button's ghost icon look (components/ui/button-variants)
 * with the board's sizes and colours, written out already merged. Button merges a `className`
 * with tailwind-merge, which these plain buttons keep out of the board's first load (issue 27,
 * item 8); control-classes.test.ts checks each equals what Button would give.
 */
const GHOST_ICON =
  'items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 cursor-pointer text-inherit hover:bg-white/10 hover:text-inherit';
const HEADER_SIZE = 'h-[2.6em] w-[2.6em] [&_svg]:size-[1.3em]';

/** The header's settings and menu buttons. */
export const HEADER_BUTTON = `inline-flex ${GHOST_ICON} ${HEADER_SIZE}`;
/** The header's lock and help buttons: shown from the `md` width up. */
export const HEADER_BUTTON_WIDE_ONLY = `${GHOST_ICON} ${HEADER_SIZE} hidden md:inline-flex`;
/** The footer's Refresh button. */
export const REFRESH_BUTTON = `inline-flex ${GHOST_ICON} h-[2em] w-[2em] [&_svg]:size-[1.1em]`;
