import type { Screen } from '@shared/api/screens';
import { can } from '@shared/permissions';
import { groupPairingCode, normalizePairingCode } from '@shared/screens/pairing-code';
import { Link2, Pencil, RefreshCw, Trash2, Tv } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyField } from '@/components/copy-field';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { CompanySelect } from '@/components/company-select';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { describeAge } from '@/features/dashboard/lib/describe-age';
import { useNow } from '@/features/dashboard/hooks/use-now';
import { useAuth } from '@/hooks/use-auth';
import { fieldMessage, formMessage } from '@/lib/form-errors';
import { NATIVE_SELECT, NATIVE_SELECT_IN_ROW } from '@/components/ui/native-select';
import { useBoards } from '@/features/boards/api/boards-api';
import {
  useCreateScreenLink,
  useMoveScreen,
  usePairScreen,
  useRegenerateScreenLink,
  useRenameScreen,
  useRevokeScreen,
  useScreens,
} from '../api/screens-api';

/**
 * Which board a screen shows (issue 26): the company's boards in order; '' is the first board
 * (what a screen paired without one shows). A master admin's list is the chosen company's.
 */
function BoardSelect({
  id,
  companyId,
  value,
  onChange,
  error,
  label = 'Board',
}: {
  id: string;
  /** The company whose boards are listed; undefined: the signed-in person's own. */
  companyId: number | undefined;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  const boards = useBoards(companyId);
  const list = boards.data?.boards ?? [];
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={NATIVE_SELECT}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
      >
        {list.length === 0 && <option value="">The company&apos;s first board</option>}
        {list.map((board, index) => (
          <option key={board.id} value={index === 0 ? '' : board.id}>
            {board.name}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The board a form chose: none means the company's first. */
const boardChoice = (value: string) => (value ? { boardId: Number(value) } : {});

function PairCard({ master, initialCode }: { master: boolean; initialCode: string }) {
  const pair = usePairScreen();
  const [code, setCode] = useState(initialCode);
  const [name, setName] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [boardId, setBoardId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pair.mutate(
      {
        code,
        name,
        ...boardChoice(boardId),
        ...(master && companyId ? { companyId: Number(companyId) } : {}),
      },
      {
        onSuccess: () => {
          setCode('');
          setName('');
        },
      },
    );
  };
  const fields = ['code', 'name', 'companyId', 'boardId'];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <Tv className="h-5 w-5" aria-hidden /> Pair a TV
        </CardTitle>
        <CardDescription>
          Open <span className="font-mono">/tv</span> on the TV. Enter the code it shows and name
          the screen; the TV shows the board within seconds and stays signed in for good.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <TextField
            label="Code on the TV"
            name="code"
            autoComplete="off"
            placeholder="K7Q-M4P"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={fieldMessage(pair.error, 'code')}
            className="font-mono uppercase"
          />
          <TextField
            label="Screen name"
            name="name"
            placeholder="Dispatch wall"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldMessage(pair.error, 'name')}
          />
          {master && (
            <CompanySelect
              id="pair-company"
              value={companyId ? Number(companyId) : undefined}
              onChange={(id) => {
                setCompanyId(id === undefined ? '' : String(id));
                setBoardId('');
              }}
              error={fieldMessage(pair.error, 'companyId')}
            />
          )}
          {(!master || companyId) && (
            <BoardSelect
              id="pair-board"
              companyId={master ? Number(companyId) : undefined}
              value={boardId}
              onChange={setBoardId}
              error={fieldMessage(pair.error, 'boardId')}
            />
          )}
          <div className="flex items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={pair.isPending}>
              Pair screen
            </Button>
            {formMessage(pair.error, fields) && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {formMessage(pair.error, fields)}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** A link is shown once, where it was made; only regenerating shows a new one. */
function LinkShownOnce({ url }: { url: string }) {
  return (
    <div className="grid gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
      <p className="text-sm font-medium">
        Copy this link into the signage player now: it is shown only once.
      </p>
      <CopyField value={url} noun="link" aria-label="Screen link" data-testid="screen-link-url" />
    </div>
  );
}

function LinkCard({ master, onLink }: { master: boolean; onLink: (url: string) => void }) {
  const create = useCreateScreenLink();
  const [name, setName] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [boardId, setBoardId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name,
        ...boardChoice(boardId),
        ...(master && companyId ? { companyId: Number(companyId) } : {}),
      },
      {
        onSuccess: (link) => {
          setName('');
          onLink(link.url);
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <Link2 className="h-5 w-5" aria-hidden /> Screen link for a signage player
        </CardTitle>
        <CardDescription>
          For players that open a web address and cannot show a code. Anyone with the link sees the
          board, so keep it in the player only; revoke or regenerate it here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <TextField
            label="Screen name"
            name="link-name"
            placeholder="Lobby signage"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldMessage(create.error, 'name')}
          />
          {master && (
            <CompanySelect
              id="link-company"
              value={companyId ? Number(companyId) : undefined}
              onChange={(id) => {
                setCompanyId(id === undefined ? '' : String(id));
                setBoardId('');
              }}
              error={fieldMessage(create.error, 'companyId')}
            />
          )}
          {(!master || companyId) && (
            <BoardSelect
              id="link-board"
              companyId={master ? Number(companyId) : undefined}
              value={boardId}
              onChange={setBoardId}
              error={fieldMessage(create.error, 'boardId')}
            />
          )}
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" disabled={create.isPending}>
              Create screen link
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function RenameForm({ screen, onDone }: { screen: Screen; onDone: () => void }) {
  const rename = useRenameScreen();
  const [name, setName] = useState(screen.name);
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ id: screen.id, name }, { onSuccess: onDone });
      }}
    >
      <Input
        aria-label={`New name for ${screen.name}`}
        value={name}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        className="h-8 max-w-64"
      />
      <Button type="submit" size="sm" disabled={rename.isPending || name.trim() === ''}>
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

/** The board a screen shows, and moving it to another (the TV follows within a second). */
function ScreenBoard({ screen, master }: { screen: Screen; master: boolean }) {
  const move = useMoveScreen();
  const boards = useBoards(master ? screen.companyId : undefined);
  const list = boards.data?.boards ?? [];
  const current = screen.boardId ?? list[0]?.id;
  const id = `screen-board-${screen.id}`;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="screen-board">
      <Label htmlFor={id} className="font-normal text-muted-foreground">
        Shows board
      </Label>
      <select
        id={id}
        className={NATIVE_SELECT_IN_ROW}
        value={current ?? ''}
        disabled={move.isPending || list.length < 2}
        onChange={(e) => move.mutate({ id: screen.id, boardId: Number(e.target.value) })}
      >
        {list.map((board) => (
          <option key={board.id} value={board.id}>
            {board.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function ScreenRow({
  screen,
  showCompany,
  now,
  onLink,
}: {
  screen: Screen;
  showCompany: boolean;
  now: Date;
  onLink: (url: string) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const revoke = useRevokeScreen();
  const regenerate = useRegenerateScreenLink();
  return (
    <li
      className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-center"
      data-testid="screen-row"
      aria-label={screen.name}
    >
      <div className="grid min-w-0 gap-1">
        {renaming ? (
          <RenameForm screen={screen} onDone={() => setRenaming(false)} />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium" data-testid="screen-name">
              {screen.name}
            </span>
            <Badge variant="outline">{screen.kind === 'link' ? 'Screen link' : 'Paired TV'}</Badge>
            {showCompany && <Badge variant="secondary">{screen.companyName}</Badge>}
            <Badge
              data-testid="screen-online"
              className={
                screen.online
                  ? 'border-transparent bg-green-700 text-white'
                  : 'border-transparent bg-slate-500 text-white'
              }
            >
              {screen.online ? 'Online now' : 'Offline'}
            </Badge>
          </div>
        )}
        <p className="text-sm text-muted-foreground">
          {screen.kind === 'link' ? 'Created' : 'Paired'}{' '}
          {describeAge(new Date(screen.pairedAt), now)}
          {' · '}
          {screen.lastSeenAt
            ? `last seen ${describeAge(new Date(screen.lastSeenAt), now)}`
            : 'not seen yet'}
          {' · '}
          {/* In words: the build's hash means nothing to an admin (issue 33); it stays in the
              tooltip for whoever supports them. */}
          <span title={screen.boardVersion ? `Build ${screen.boardVersion}` : undefined}>
            {screen.boardVersion
              ? screen.current
                ? 'up to date'
                : 'showing an older version of the board; it updates when it next reloads'
              : 'version not reported yet'}
          </span>
        </p>
        <ScreenBoard screen={screen} master={showCompany} />
      </div>
      {!renaming && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden /> Rename
          </Button>
          {screen.kind === 'link' && (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" disabled={regenerate.isPending}>
                  <RefreshCw aria-hidden /> New link
                </Button>
              }
              title={`New link for "${screen.name}"?`}
              description="The current link stops working at once; put the new link into the signage player."
              confirmLabel="Make a new link"
              onConfirm={() => regenerate.mutate(screen.id, { onSuccess: (l) => onLink(l.url) })}
            />
          )}
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="destructive" disabled={revoke.isPending}>
                <Trash2 aria-hidden /> Revoke
              </Button>
            }
            title={`Revoke "${screen.name}"?`}
            description="The screen stops showing the board within seconds and shows a pairing code again. To show the board there again, pair it anew."
            confirmLabel="Revoke"
            onConfirm={() => revoke.mutate(screen.id)}
          />
        </div>
      )}
    </li>
  );
}

/**
 * `/admin/screens` (decision 010): pair a TV with its code (the TV's QR code opens this page
 * with `?code=`), make screen links for signage players, and the company's screens (the master
 * admin: every company's) with their last sign of life.
 */
export function ScreensPage() {
  const { actor, user } = useAuth();
  const master = can(actor, 'companies.manage');
  const search = useSearch();
  const initialCode = normalizePairingCode(new URLSearchParams(search).get('code') ?? '');
  const screens = useScreens();
  const now = useNow(15_000);
  const [shownLink, setShownLink] = useState<string | null>(null);
  const list = screens.data?.screens ?? [];
  return (
    <PageShell
      title="Screens"
      description={
        master
          ? 'Wall TVs and signage players of every company.'
          : `Wall TVs and signage players showing the board of ${user?.companyName ?? 'your company'}.`
      }
    >
      <div className="grid gap-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <PairCard
            master={master}
            initialCode={initialCode ? groupPairingCode(initialCode) : ''}
          />
          <LinkCard master={master} onLink={setShownLink} />
        </div>
        {shownLink && <LinkShownOnce url={shownLink} />}
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-xl">
              Screens ({list.length})
            </CardTitle>
            <CardDescription>
              A screen is online when it was seen in the last 2 minutes. A revoked screen shows a
              pairing code again within seconds.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {screens.isPending ? (
              <p className="text-sm text-muted-foreground">Loading screens...</p>
            ) : screens.isError ? (
              <p className="text-sm text-muted-foreground">
                The screens could not be loaded: {screens.error.message}
              </p>
            ) : list.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No screens yet. Open /tv on a TV and pair it above.
              </p>
            ) : (
              <ul className="grid gap-2">
                {list.map((screen) => (
                  <ScreenRow
                    key={screen.id}
                    screen={screen}
                    showCompany={master}
                    now={now}
                    onLink={setShownLink}
                  />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
