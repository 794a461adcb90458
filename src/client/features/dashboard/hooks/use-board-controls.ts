import { useEffect, useState } from 'react';
import type * as BoardControlsModule from '../components/board-controls';

/** The board's clickable parts (components/board-controls.tsx), loaded on their own. */
export type BoardControls = typeof BoardControlsModule;

let loaded: BoardControls | null = null;
let loading: Promise<BoardControls> | undefined;

/** Starts loading the board's controls (the board's page calls it as early as it can). */
export function loadBoardControls(): Promise<BoardControls> {
  loading ??= import('../components/board-controls').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // the next board to mount tries again
      throw error;
    },
  );
  return loading;
}

/**
 * The board's controls once loaded, or null: until then (a moment on a first visit) the board
 * shows its title and ZIP code as plain text and no buttons. Not `wanted` (a paired screen),
 * they are never loaded.
 */
export function useBoardControls(wanted: boolean): BoardControls | null {
  const [controls, setControls] = useState(loaded);
  useEffect(() => {
    if (!wanted || controls) return;
    let mounted = true;
    loadBoardControls().then(
      (module) => mounted && setControls(module),
      () => undefined, // a chunk that failed to load: the board stays readable without controls
    );
    return () => {
      mounted = false;
    };
  }, [wanted, controls]);
  return wanted ? controls : null;
}
