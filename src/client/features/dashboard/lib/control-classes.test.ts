import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '../../../components/ui/button-variants';
import { HEADER_BUTTON, HEADER_BUTTON_WIDE_ONLY, REFRESH_BUTTON } from './control-classes';

/** What `<Button variant="ghost" size="icon" className={...}>` renders (lib/utils' cn). */
const ghostIconButton = (...className: ClassValue[]) =>
  twMerge(clsx(buttonVariants({ variant: 'ghost', size: 'icon', className: clsx(className) })));
const classSet = (classes: string) => new Set(classes.split(/\s+/).filter(Boolean));

// The classes these buttons had as Buttons, before they were written out (issue 27, item 8).
const ICON_BUTTON =
  'h-[2.6em] w-[2.6em] text-inherit hover:bg-white/10 hover:text-inherit [&_svg]:size-[1.3em]';

describe("the board's plain control buttons look as Button made them", () => {
  it('settings', () => {
    expect(classSet(HEADER_BUTTON)).toEqual(classSet(ghostIconButton(ICON_BUTTON)));
  });
  it('lock and help (wide screens only)', () => {
    expect(classSet(HEADER_BUTTON_WIDE_ONLY)).toEqual(
      classSet(ghostIconButton(ICON_BUTTON, 'hidden md:inline-flex')),
    );
  });
  it('refresh', () => {
    expect(classSet(REFRESH_BUTTON)).toEqual(
      classSet(
        ghostIconButton(
          'h-[2em] w-[2em] text-inherit hover:bg-white/10 hover:text-inherit [&_svg]:size-[1.1em]',
        ),
      ),
    );
  });
  it('no class of theirs conflicts with another (twMerge drops nothing)', () => {
    for (const classes of [HEADER_BUTTON, HEADER_BUTTON_WIDE_ONLY, REFRESH_BUTTON])
      expect(classSet(twMerge(classes))).toEqual(classSet(classes));
  });
});
