import type { Board } from '@shared/api/boards';
import type { ItemType } from '@shared/api/item-groups';

/**
 * What a configuration page says of boards that measure technician hours (issue 35): they need
 * no typed targets, since their targets are the crew's hours from the platform. When every board
 * of the page's kind measures hours the page asks for no targets at all (`targets: false`).
 */
export function hoursTargetsNote(
  boards: readonly Pick<Board, 'name' | 'viewType' | 'measure'>[] | undefined,
  type: ItemType,
  provider: string,
): { note: string | null; targets: boolean } {
  if (!boards || type !== 'businessUnit') return { note: null, targets: true };
  const ofKind = boards.filter((b) => b.viewType === 'businessUnit');
  const hours = ofKind.filter((b) => b.measure === 'hours');
  if (hours.length === 0) return { note: null, targets: true };
  if (hours.length === ofKind.length) {
    return {
      note: `No typed targets are needed: ${ofKind.length === 1 ? 'the business-unit board measures' : 'every business-unit board measures'} technician hours, so its targets are the hours the crew on shift has in ${provider}. Choose here which business units show and how they are grouped.`,
      targets: false,
    };
  }
  const names = hours.map((b) => b.name).join(', ');
  return {
    note: `${hours.length === 1 ? 'The board' : 'The boards'} ${names} ${hours.length === 1 ? 'measures' : 'measure'} technician hours and ${hours.length === 1 ? 'needs' : 'need'} no typed targets: ${hours.length === 1 ? 'its' : 'their'} targets are the hours the crew on shift has in ${provider}. The targets below are for the boards that count jobs.`,
    targets: true,
  };
}
