import type { ItemGroup, ItemType } from '@shared/api/item-groups';
import { groupNameSchema } from '@shared/api/item-groups';
import type { ItemPreference } from '@shared/api/preferences';
import type { NamedItem } from '@shared/api/providers';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { INLINE_EDITOR_BOX, INLINE_EDITOR_INPUT, InlineEditor } from '@/components/inline-editor';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useCreateGroup, useDeleteGroup, useRenameGroup } from '../api/item-config-api';
import { useItemKindWords } from '../lib/item-kinds';

/** A group name as the server will accept it (trimmed, non-empty), or null. */
const parseGroupName = (draft: string) => {
  const parsed = groupNameSchema.safeParse(draft);
  return parsed.success ? parsed.data : null;
};

/** "Manage Groups" (seed sections 2 and 4): create, rename and delete the company's groups. */
export function ManageGroupsCard({
  type,
  groups,
  preferences,
  items,
  readOnlyReason,
  companyId,
}: {
  type: ItemType;
  groups: ItemGroup[];
  preferences: ItemPreference[];
  items: NamedItem[];
  readOnlyReason: string | null;
  /** The company a master admin supports (undefined: the person's own). */
  companyId: number | undefined;
}) {
  const words = useItemKindWords(type, companyId);
  const editable = readOnlyReason === null;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ItemGroup | null>(null);
  const createGroup = useCreateGroup(type, companyId);
  const renameGroup = useRenameGroup(type, companyId);
  const deleteGroup = useDeleteGroup(type, companyId);

  // Members are counted among the items the provider lists now.
  const listed = new Set(items.map((i) => i.id));
  const memberCount = (groupId: number) =>
    preferences.filter((p) => p.groupId === groupId && listed.has(p.itemId)).length;

  return (
    <Card data-testid="manage-groups">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0 pb-3">
        <CardTitle as="h2" className="text-lg">
          Manage Groups
        </CardTitle>
        {!creating && (
          <Button
            size="sm"
            onClick={() => setCreating(true)}
            disabled={!editable}
            title={readOnlyReason ?? undefined}
          >
            <Plus aria-hidden /> Create New Group
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {creating && editable && (
          <InlineEditor
            initial=""
            editable
            startEditing
            saveOnBlur={false}
            parse={parseGroupName}
            onSave={(name) => createGroup.mutateAsync(name)}
            onClose={() => setCreating(false)}
            buttons={{ save: 'Save group', cancel: 'Cancel' }}
            testId="new-group-input"
            className={cn(INLINE_EDITOR_BOX, 'w-full max-w-md')}
            inputProps={{
              'aria-label': 'New group name',
              placeholder: 'Enter group name',
              maxLength: 100,
              className: cn(INLINE_EDITOR_INPUT, 'h-9 flex-1'),
            }}
            renderDisplay={() => null}
          />
        )}
        {groups.length === 0 && !creating && (
          <p className="text-sm text-muted-foreground">
            No groups yet. Items of one group show as a single row on the board.
          </p>
        )}
        {groups.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-medium">Existing Groups:</h3>
            <ul className="divide-y rounded-md border" data-testid="group-list">
              {groups.map((group) => (
                <li
                  key={group.id}
                  data-testid="group-row"
                  className="flex min-h-11 items-center justify-between gap-2 px-3 py-1.5"
                >
                  <InlineEditor
                    initial={group.name}
                    editable={editable}
                    parse={(draft) => {
                      const name = parseGroupName(draft);
                      return name === group.name ? null : name;
                    }}
                    onSave={(name) => renameGroup.mutateAsync({ id: group.id, name })}
                    buttons={{ save: 'Save group name', cancel: 'Cancel' }}
                    testId="group-name-input"
                    className={cn(INLINE_EDITOR_BOX, 'flex-1')}
                    inputProps={{
                      'aria-label': `Name of group ${group.name}`,
                      maxLength: 100,
                      className: cn(INLINE_EDITOR_INPUT, 'h-9 flex-1'),
                    }}
                    renderDisplay={(edit) => (
                      <div className="flex min-w-0 flex-1 items-center gap-2">
                        <span className="truncate font-medium" data-testid="group-name">
                          {group.name}
                        </span>
                        <span className="shrink-0 text-sm text-muted-foreground">
                          {words.count(memberCount(group.id))}
                        </span>
                        {editable && (
                          <Button
                            variant="ghost"
                            size="icon"
                            className="h-8 w-8"
                            aria-label={`Rename group ${group.name}`}
                            onClick={edit}
                          >
                            <Pencil aria-hidden />
                          </Button>
                        )}
                      </div>
                    )}
                  />
                  {editable && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="h-8 w-8 text-destructive hover:text-destructive"
                      aria-label={`Delete group ${group.name}`}
                      onClick={() => setDeleting(group)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete group “{deleting?.name}”?</AlertDialogTitle>
            <AlertDialogDescription>{words.deleteConfirmation}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => deleting && deleteGroup.mutate(deleting.id)}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
