import type { Board } from '@shared/api/boards';
import { LayoutGrid } from 'lucide-react';
import { useId } from 'react';

/**
 * The board switcher in the board's header (issue 26): the company's boards in their order,
 * the one shown selected; choosing another opens its address. A native select: it costs the
 * board's first load nothing, works with a TV remote, a keyboard and a phone's own picker, and
 * takes the header's colours and size (em) like the title beside it. Absent with one board.
 */
export function BoardSwitcher({
  boards,
  currentId,
  onPick,
}: {
  boards: readonly Pick<Board, 'id' | 'name'>[];
  currentId: number;
  onPick: (boardId: number) => void;
}) {
  const id = useId();
  if (boards.length < 2) return null;
  return (
    <div className="flex min-w-0 items-center gap-[0.4em]" data-testid="board-switcher">
      <label htmlFor={id} className="flex items-center">
        <LayoutGrid aria-hidden className="size-[1.1em] opacity-80" />
        <span className="sr-only">Board</span>
      </label>
      <select
        id={id}
        value={currentId}
        onChange={(event) => onPick(Number(event.target.value))}
        className="h-[2.2em] min-w-0 max-w-full flex-1 cursor-pointer sm:max-w-[12em] sm:flex-none truncate rounded-md border border-current/30 bg-transparent px-[0.5em] text-[1em] text-inherit hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-current"
      >
        {boards.map((board) => (
          <option key={board.id} value={board.id} className="bg-popover text-popover-foreground">
            {board.name}
          </option>
        ))}
      </select>
    </div>
  );
}
