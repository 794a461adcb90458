import {
  createContext,
  lazy,
  Suspense,
  useContext,
  type ReactElement,
  type ReactNode,
} from 'react';
import type * as HelpTooltipModule from './help-tooltip';

const HelpModeContext = createContext(false);

export const HelpModeProvider = HelpModeContext.Provider;

// The tooltip library stays out of the board's first load. The board's controls (where help mode
// is turned on) load it a moment after the board shows, and turning help mode on waits for it
// (board.tsx): a pointer already resting on a control when the library arrived would show no
// tooltip until it moved. A paired screen, with no help mode, never loads it.
type HelpTooltipComponent = typeof HelpTooltipModule.default;
let loaded: HelpTooltipComponent | null = null;
let loading: Promise<HelpTooltipComponent> | undefined;
export function loadHelpTooltip(): Promise<HelpTooltipComponent> {
  loading ??= import('./help-tooltip').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined; // asked again next time
      throw error;
    },
  );
  return loading;
}
const LazyHelpTooltip = lazy(() => loadHelpTooltip().then((component) => ({ default: component })));

/** Explains the wrapped control in a tooltip, but only while help mode is on. */
export function HelpTip({ text, children }: { text: ReactNode; children: ReactElement }) {
  const enabled = useContext(HelpModeContext);
  if (!enabled) return children;
  // Loaded already (the usual case): the tooltip wraps the control in the same render that turns
  // help mode on, so the control under the pointer is never swapped for another element.
  if (loaded) {
    const HelpTooltip = loaded;
    return <HelpTooltip text={text}>{children}</HelpTooltip>;
  }
  return (
    <Suspense fallback={children}>
      <LazyHelpTooltip text={text}>{children}</LazyHelpTooltip>
    </Suspense>
  );
}
