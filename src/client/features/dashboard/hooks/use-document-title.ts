import { useEffect } from 'react';

/** The browser tab shows the board's own title, and follows it when the board is renamed. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
