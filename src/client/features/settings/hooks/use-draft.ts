import { useCallback, useState } from 'react';

/**
 * Text an input shows while someone types, separate from the saved value: typing may pass
 * through values that must not be saved (an empty target, a 3-digit ZIP). `null` means "show
 * the saved value", so outside changes (the footer's ZIP edit) still appear when not typing.
 */
export function useDraft(saved: string) {
  const [draft, setDraft] = useState<string | null>(null);
  const reset = useCallback(() => setDraft(null), []);
  return { text: draft ?? saved, setDraft, reset };
}
