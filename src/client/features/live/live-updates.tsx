import { useBoardStream } from './use-board-stream';

/** The signed-in board's live connection, as a component a page mounts beside its board. */
export function LiveUpdates({
  companyId,
  boardId,
}: {
  companyId?: number | undefined;
  boardId?: number | undefined;
}) {
  useBoardStream({ enabled: true, companyId, boardId });
  return null;
}
