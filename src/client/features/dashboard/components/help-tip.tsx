import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

const HelpModeContext = createContext(false);

export const HelpModeProvider = HelpModeContext.Provider;

/** Explains the wrapped control in a tooltip, but only while help mode is on. */
export function HelpTip({ text, children }: { text: ReactNode; children: ReactElement }) {
  const enabled = useContext(HelpModeContext);
  if (!enabled) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent className="max-w-xs">{text}</TooltipContent>
    </Tooltip>
  );
}
