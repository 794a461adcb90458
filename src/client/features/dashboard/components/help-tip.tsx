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

// The tooltip library loads when help mode is first turned on, not with the board.
const HelpTooltip = lazy(() => import('./help-tooltip'));

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
