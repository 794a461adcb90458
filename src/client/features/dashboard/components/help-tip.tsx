import {
  createContext,
  lazy,
  Suspense,
  useContext,
  type ReactElement,
  type ReactNode,
} from 'react';

const HelpModeContext = createContext(false);

export const HelpModeProvider = HelpModeContext.Provider;

// The tooltip library stays out of the board's first load. The board's controls (where help mode
// is turned on) load it a moment after the board shows, so that it is there when help mode is
// turned on: a pointer already resting on a control when the library arrived would show no
// tooltip until it moved. A paired screen, with no help mode, never loads it.
export const loadHelpTooltip = () => import('./help-tooltip');
const HelpTooltip = lazy(loadHelpTooltip);

/** Explains the wrapped control in a tooltip, but only while help mode is on. */
export function HelpTip({ text, children }: { text: ReactNode; children: ReactElement }) {
  const enabled = useContext(HelpModeContext);
  if (!enabled) return children;
  return (
    <Suspense fallback={children}>
      <HelpTooltip text={text}>{children}</HelpTooltip>
    </Suspense>
  );
}
