import { useLayoutEffect, useRef, useState } from 'react';

/** How far a long list (twenty job types) may shrink to fit its box before the box scrolls. */
export const FIT_MIN_SCALE = 0.5;

/**
 * Shrinks em-sized content until it fits the height of its box: on a TV, where nobody scrolls,
 * twenty job types stay visible with their totals. Short lists keep their size (growing them
 * would crowd the column headings). Where the box grows with its content (phones, tablets) the
 * scale stays at 1.
 *
 * `content` is laid out at `font-size: {scale}em`. The scale is aimed by proportion from one
 * measurement and corrected once or twice by the observer for what does not scale (borders),
 * all before paint, so nothing flickers.
 */
export function useFitHeight<Box extends HTMLElement, Content extends HTMLElement>() {
  const boxRef = useRef<Box>(null);
  const contentRef = useRef<Content>(null);
  const [scale, setScale] = useState(1);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const content = contentRef.current;
    if (!box || !content || typeof ResizeObserver === 'undefined') return;
    let current = 1;
    const fit = () => {
      // A box that grows with its content is not height-bound: nothing to fit.
      const bound = getComputedStyle(box).overflowY !== 'visible' && box.clientHeight > 0;
      const height = content.offsetHeight;
      let next = 1;
      if (bound && height > 0) {
        // Borders and icons do not scale with the text, so aim by proportion and let the
        // observer correct the last pixels; floor to 1/100 so it settles without rocking.
        next = Math.floor(current * (box.clientHeight / height) * 100) / 100;
        if (height > box.clientHeight + 1 && next >= current) next = current - 0.01;
        next = Math.min(1, Math.max(FIT_MIN_SCALE, next));
      }
      if (next !== current) {
        current = next;
        setScale(next);
      }
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  return { boxRef, contentRef, scale };
}
