import {
  MAX_BOARDS_PER_COMPANY,
  type Board,
  type BoardItemId,
  type BoardMeasure,
} from '@shared/api/boards';
import type { ItemType } from '@shared/api/item-groups';
import type { Platform } from '@shared/providers/platforms';
import { ArrowDown, ArrowUp, ExternalLink, ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { CompanySelect } from '@/components/company-select';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { boardAddress, boardsOf } from '@/config/paths';
import { useItemKindWords } from '@/features/item-config/lib/item-kinds';
import { useAuth } from '@/hooks/use-auth';
import { useChosenCompany } from '@/hooks/use-chosen-company';
import { useCompanyList } from '@/hooks/use-company-list';
import { usePlatform } from '@/hooks/use-platform';
import { fieldMessage, formMessage } from '@/lib/form-errors';
import { NATIVE_SELECT, NATIVE_SELECT_IN_ROW } from '@/components/ui/native-select';
import { reportError } from '@/lib/report-error';
import { useBoards, useCreateBoard, useDeleteBoard, useUpdateBoard } from '../api/boards-api';
import { ItemPicker } from './item-picker';

function ViewTypeSelect({
  id,
  value,
  onChange,
  companyId,
}: {
  id: string;
  value: ItemType;
  onChange: (value: ItemType) => void;
  companyId: number | undefined;
}) {
  const platform = usePlatform(companyId);
  return (
    <select
      id={id}
      className={NATIVE_SELECT}
      value={value}
      onChange={(e) => onChange(e.target.value as ItemType)}
    >
      <option value="businessUnit">{platform.views.businessUnit.plural}</option>
      <option value="jobType">{platform.views.jobType.plural}</option>
    </select>
  );
}

/**
 * "Measure by" (issue 35): what a business-unit board's numbers are. Hours come from a platform
 * that measures them (the registry says which, and what their source is called); elsewhere the
 * choice says so and cannot be made (a board that already measures hours keeps it).
 */
function MeasureSelect({
  id,
  platform,
  value,
  onChange,
  label,
  disabled = false,
  inRow = false,
}: {
  id?: string;
  platform: Platform;
  value: BoardMeasure;
  onChange: (value: BoardMeasure) => void;
  /** The accessible name when no visible label points at it. */
  label?: string;
  disabled?: boolean;
  inRow?: boolean;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      className={inRow ? NATIVE_SELECT_IN_ROW : NATIVE_SELECT}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as BoardMeasure)}
    >
      <option value="jobs">Jobs — targets you set</option>
      <option value="hours" disabled={!platform.hours && value !== 'hours'}>
        {platform.hours
          ? `Hours — from ${platform.hours.source}`
          : `Hours — not measured on ${platform.name}`}
      </option>
    </select>
  );
}

function CreateCard({ count, companyId }: { count: number; companyId: number | undefined }) {
  const create = useCreateBoard(companyId);
  const platform = usePlatform(companyId);
  const [name, setName] = useState('');
  const [viewType, setViewType] = useState<ItemType>('businessUnit');
  const [measure, setMeasure] = useState<BoardMeasure>('jobs');
  const full = count >= MAX_BOARDS_PER_COMPANY;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Hours are measured per business unit: a job-type board counts jobs.
    const measured = viewType === 'businessUnit' ? measure : 'jobs';
    create.mutate({ name, viewType, measure: measured }, { onSuccess: () => setName('') });
  };
  const problem = formMessage(create.error);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          New board
        </CardTitle>
        <CardDescription>
          A board of its own for a branch, a trade or the install team: its own title, look, days
          and items. It starts with the first board&apos;s settings and every item.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3 sm:grid-cols-[1fr_12rem_14rem_auto] sm:items-end"
          onSubmit={submit}
        >
          <TextField
            label="Name"
            placeholder="Install"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldMessage(create.error, 'name')}
          />
          <div className="grid content-start gap-1.5">
            <Label htmlFor="new-board-view-type">Shows</Label>
            <ViewTypeSelect
              id="new-board-view-type"
              value={viewType}
              onChange={setViewType}
              companyId={companyId}
            />
          </div>
          {viewType === 'businessUnit' ? (
            <div className="grid content-start gap-1.5">
              <Label htmlFor="new-board-measure">Measure by</Label>
              <MeasureSelect
                id="new-board-measure"
                platform={platform}
                value={measure}
                onChange={setMeasure}
              />
            </div>
          ) : (
            <p className="self-center text-sm text-muted-foreground">Counts jobs</p>
          )}
          <Button type="submit" disabled={create.isPending || full}>
            <Plus aria-hidden /> Create board
          </Button>
        </form>
        {(problem || full) && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
            {full ? `A company has at most ${MAX_BOARDS_PER_COMPANY} boards.` : problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function RenameForm({ board, onDone }: { board: Board; onDone: () => void }) {
  const update = useUpdateBoard();
  const [name, setName] = useState(board.name);
  const error = fieldMessage(update.error, 'name');
  return (
    <form
      className="grid gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ id: board.id, name }, { onSuccess: onDone });
      }}
    >
      <div className="flex items-center gap-2">
        <Input
          aria-label={`New name for ${board.name}`}
          value={name}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && onDone()}
          aria-invalid={error ? true : undefined}
          className="h-8 max-w-64"
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}

function PickItemsDialog({
  board,
  open,
  onOpenChange,
  companyId,
}: {
  board: Board;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: number | undefined;
}) {
  const update = useUpdateBoard();
  const [itemIds, setItemIds] = useState<BoardItemId[] | null>(
    board.itemIds as BoardItemId[] | null,
  );
  const words = useItemKindWords(board.viewType, companyId);
  const error = fieldMessage(update.error, 'itemIds') ?? formMessage(update.error);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {words.plural} on {board.name}
          </DialogTitle>
          <DialogDescription>
            Targets, names and groups stay the company&apos;s (the configuration pages); a board
            chooses which of them it shows.
          </DialogDescription>
        </DialogHeader>
        <ItemPicker
          type={board.viewType}
          value={itemIds}
          onChange={setItemIds}
          companyId={companyId}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={update.isPending || (itemIds !== null && itemIds.length === 0)}
            onClick={() =>
              update.mutate({ id: board.id, itemIds }, { onSuccess: () => onOpenChange(false) })
            }
          >
            Save items
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  board,
  others,
  open,
  onOpenChange,
}: {
  board: Board;
  others: Board[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteBoard();
  const [target, setTarget] = useState<string>(String(others[0]?.id ?? ''));
  const hasScreens = board.screenCount > 0;
  const error = fieldMessage(remove.error, 'moveScreensTo') ?? formMessage(remove.error);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete &quot;{board.name}&quot;?</DialogTitle>
          <DialogDescription>
            Its title, look and chosen items go with it.{' '}
            {hasScreens
              ? `${board.screenCount} ${board.screenCount === 1 ? 'screen shows' : 'screens show'} it: choose the board they show from now on.`
              : 'No screen shows it.'}
          </DialogDescription>
        </DialogHeader>
        {hasScreens && (
          <div className="grid gap-1.5">
            <Label htmlFor={`move-screens-${board.id}`}>Move its screens to</Label>
            <select
              id={`move-screens-${board.id}`}
              className={NATIVE_SELECT}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            >
              {others.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                {
                  id: board.id,
                  name: board.name,
                  ...(hasScreens && target ? { moveScreensTo: Number(target) } : {}),
                },
                { onSuccess: () => onOpenChange(false) },
              )
            }
          >
            Delete board
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function BoardRow({
  board,
  index,
  boards,
  companyId,
}: {
  board: Board;
  index: number;
  boards: Board[];
  /** The company a master admin chose; undefined: the person's own. */
  companyId: number | undefined;
}) {
  const update = useUpdateBoard();
  const [renaming, setRenaming] = useState(false);
  const [picking, setPicking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const words = useItemKindWords(board.viewType, companyId);
  const platform = usePlatform(companyId);
  const move = (position: number) =>
    update.mutate({ id: board.id, position }, { onError: (e) => reportError(e) });
  const items =
    board.itemIds === null
      ? `every ${words.singularLower}`
      : `${board.itemIds.length} picked ${board.itemIds.length === 1 ? words.singularLower : words.pluralLower}`;
  return (
    <li
      className="grid gap-2 rounded-md border p-3 md:grid-cols-[1fr_auto] md:items-center"
      data-testid="board-row"
      aria-label={board.name}
    >
      <div className="grid min-w-0 gap-1">
        {renaming ? (
          <RenameForm board={board} onDone={() => setRenaming(false)} />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium" data-testid="board-name">
              {board.name}
            </span>
            {index === 0 && <Badge variant="secondary">First board</Badge>}
            <Badge variant="outline">{words.plural}</Badge>
          </div>
        )}
        <p className="text-sm text-muted-foreground">
          Shows {items} ·{' '}
          {board.viewType === 'businessUnit' && board.measure === 'hours'
            ? `technician hours from ${platform.hours?.source ?? platform.name}, no typed targets`
            : 'jobs against the targets you set'}{' '}
          · {board.screenCount} {board.screenCount === 1 ? 'screen' : 'screens'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="icon"
          variant="outline"
          className="size-8"
          aria-label={`Move ${board.name} up`}
          disabled={index === 0 || update.isPending}
          onClick={() => move(index - 1)}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="outline"
          className="size-8"
          aria-label={`Move ${board.name} down`}
          disabled={index === boards.length - 1 || update.isPending}
          onClick={() => move(index + 1)}
        >
          <ArrowDown aria-hidden />
        </Button>
        <select
          aria-label={`What ${board.name} shows`}
          className={NATIVE_SELECT_IN_ROW}
          value={board.viewType}
          disabled={update.isPending}
          // Items are of one kind: another kind starts from every item.
          onChange={(e) =>
            update.mutate(
              { id: board.id, viewType: e.target.value as ItemType, itemIds: null },
              { onError: (error) => reportError(error) },
            )
          }
        >
          <option value="businessUnit">{platform.views.businessUnit.plural}</option>
          <option value="jobType">{platform.views.jobType.plural}</option>
        </select>
        {board.viewType === 'businessUnit' && (
          <MeasureSelect
            platform={platform}
            label={`Measure ${board.name} by`}
            value={board.measure}
            disabled={update.isPending}
            inRow
            onChange={(measure) =>
              update.mutate({ id: board.id, measure }, { onError: (error) => reportError(error) })
            }
          />
        )}
        <Button size="sm" variant="outline" onClick={() => setPicking(true)}>
          <ListChecks aria-hidden /> Items
        </Button>
        <Button size="sm" variant="outline" onClick={() => setRenaming(true)}>
          <Pencil aria-hidden /> Rename
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={boardAddress(board.id, companyId)}>
            <ExternalLink aria-hidden /> Open
          </Link>
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={boards.length < 2}
          title={boards.length < 2 ? 'A company always has one board.' : undefined}
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
      {picking && (
        <PickItemsDialog
          board={board}
          open={picking}
          onOpenChange={setPicking}
          companyId={companyId}
        />
      )}
      {deleting && (
        <DeleteDialog
          board={board}
          others={boards.filter((b) => b.id !== board.id)}
          open={deleting}
          onOpenChange={setDeleting}
        />
      )}
    </li>
  );
}

/**
 * A master admin's choice of whose boards the page manages (`?companyId=`; the API takes the
 * same parameter). Absent for everyone else: their own company's boards.
 */
/**
 * `/admin/boards` (issue 26): the company's boards for those holding `boards.manage`: create,
 * rename, reorder, choose what each shows (the configuration pages' rows and search), and delete
 * one, its screens moved to another board. A master admin chooses the company (`?companyId=`,
 * else their own when they have one).
 */
export function BoardsPage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  // The company whose boards are listed: a master admin's choice, else the person's own.
  const { master, chosen, companyId } = useChosenCompany();
  const companies = useCompanyList(master);
  const companyName =
    chosen === undefined
      ? (user?.companyName ?? 'your company')
      : (companies.data?.find((c) => c.id === chosen)?.name ?? 'this company');
  const boards = useBoards(chosen, { enabled: companyId !== undefined });
  const list = boards.data?.boards ?? [];
  return (
    <PageShell
      title="Boards"
      description={`The boards of ${companyName}: each wall TV shows one, and everyone in the company can open any of them.`}
    >
      <div className="grid gap-6">
        {master && (
          <CompanySelect
            id="boards-company"
            className="max-w-sm"
            value={companyId}
            onChange={(id) => navigate(boardsOf(id === user?.companyId ? undefined : id))}
          />
        )}
        {companyId === undefined ? (
          <p className="text-sm text-muted-foreground">Choose a company to manage its boards.</p>
        ) : (
          <>
            <CreateCard key={companyId} count={list.length} companyId={chosen} />
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="text-xl">
                  Boards ({list.length})
                </CardTitle>
                <CardDescription>
                  In the order the board switcher lists them. A request that names no board (an
                  older TV, a bookmark of /) shows the first.
                </CardDescription>
              </CardHeader>
              <CardContent>
                {boards.isPending ? (
                  <p className="text-sm text-muted-foreground">Loading boards...</p>
                ) : boards.isError ? (
                  <p className="text-sm text-muted-foreground">
                    The boards could not be loaded: {boards.error.message}
                  </p>
                ) : (
                  <ul className="grid gap-2">
                    {list.map((board, index) => (
                      <BoardRow
                        key={board.id}
                        board={board}
                        index={index}
                        boards={list}
                        companyId={chosen}
                      />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </>
        )}
      </div>
    </PageShell>
  );
}
