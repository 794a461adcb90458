import { useLayoutEffect, useRef, useState } from 'react';

/** How far a long list (twenty job types) may shrink to fit its box before the box scrolls. */
export const FIT_MIN_SCALE = 0.5;
/** How far a short list (five business units) may grow to fill a TV's card. */
export const FIT_MAX_SCALE = 1.5;

/**
 * Sizes em-sized content to the height of its box: on a TV, where nobody scrolls, twenty job
 * types shrink to stay visible with their totals, and five business units grow to fill the card
 * and read from across the room. Growth stops before any text marked `data-fit-text` (the row
 * names) would be cut off: a bigger name that ends in "..." reads worse than a smaller whole one.
 * Where the box grows with its content (phones, tablets) the scale stays at 1.
 *
 * `content` is laid out at `font-size: {scale}em`. Heights and text widths are proportional to
 * the scale, so the scale is aimed by proportion from one measurement and corrected once or twice
 * by the observer for what does not scale (borders), all before paint, so nothing flickers.
 */
export function useFitHeight<Box extends HTMLElement, Content extends HTMLElement>(
  /** Changes when the text changes in ways that may not change any size (a renamed row). */
  textKey: string,
) {
  const boxRef = useRef<Box>(null);
  const contentRef = useRef<Content>(null);
  const fitRef = useRef<() => void>(null);
  const [scale, setScale] = useState(1);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const content = contentRef.current;
    if (!box || !content || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      // The scale the measured layout has: what the page shows, not the last one asked for. A
      // second call before React has shown the first answer (a font arriving, the box and the
      // content both resizing) would otherwise apply the same proportion twice and overshoot.
      const current = Number.parseFloat(content.style.fontSize) || 1;
      // A box that grows with its content is not height-bound: nothing to fit.
      const bound = getComputedStyle(box).overflowY !== 'visible' && box.clientHeight > 0;
      const height = content.offsetHeight;
      let next = 1;
      if (bound && height > 0) {
        // Borders and icons do not scale with the text, so aim by proportion and let the
        // observer correct the last pixels; floor to 1/100 so it settles without rocking.
        next = Math.floor(current * (box.clientHeight / height) * 100) / 100;
        if (height > box.clientHeight + 1 && next >= current) next = current - 0.01;
        if (next > 1) next = Math.max(1, Math.min(next, widthLimit(content, current)));
        next = Math.min(FIT_MAX_SCALE, Math.max(FIT_MIN_SCALE, next));
      }
      if (next !== current) {
        setScale(next);
        // Checked again once the new scale is on screen: the observer may not report it (a
        // notification skipped by the browser's ResizeObserver loop limit is not always
        // delivered), and a card must not stay cut off on a wall TV.
        requestAnimationFrame(() => fitRef.current === fit && fit());
      }
    };
    fitRef.current = fit;
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    observer.observe(content);
    // A web font arriving (the board's own, or one picked in settings) widens text in cells
    // whose boxes keep their size, which the observer does not see.
    const fonts = typeof document.fonts === 'undefined' ? undefined : document.fonts;
    fonts?.addEventListener('loadingdone', fit);
    void fonts?.ready.then(() => fitRef.current === fit && fit());
    return () => {
      observer.disconnect();
      fonts?.removeEventListener('loadingdone', fit);
      fitRef.current = null;
    };
  }, []);

  useLayoutEffect(() => fitRef.current?.(), [textKey]);

  return { boxRef, contentRef, scale };
}

/** The largest scale at which every `data-fit-text` element still shows its whole text. */
function widthLimit(content: HTMLElement, current: number): number {
  let limit = Number.POSITIVE_INFINITY;
  const range = document.createRange();
  for (const el of content.querySelectorAll<HTMLElement>('[data-fit-text]')) {
    const style = getComputedStyle(el);
    const room =
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    // The laid-out text, whole even where the cell cuts it off with an ellipsis.
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect().width;
    // Less a pixel: widths are rounded, and a text short by a fraction still gets "...".
    if (text > 0) limit = Math.min(limit, (current * (room - 1)) / text);
  }
  range.detach();
  return Math.floor(limit * 100) / 100;
}
