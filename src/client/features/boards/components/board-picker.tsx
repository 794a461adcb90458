import type { Board } from '@shared/api/boards';
import { Label } from '@/components/ui/label';
import { NATIVE_SELECT } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

/**
 * Which board a page about one board shows (History, Alerts): the company's boards in order,
 * absent when there is only one (issue 26: no switcher for a single board).
 */
export function BoardPicker({
  id,
  boards,
  value,
  onChange,
  className,
}: {
  /** The select's id (its label points at it): unique on the page. */
  id: string;
  boards: readonly Pick<Board, 'id' | 'name'>[];
  value: number | undefined;
  onChange: (boardId: number) => void;
  className?: string;
}) {
  if (boards.length < 2) return null;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>Board</Label>
      <select
        id={id}
        className={NATIVE_SELECT}
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {boards.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </div>
  );
}
