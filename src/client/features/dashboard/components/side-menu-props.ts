/** What the board tells its side menu (side-menu.tsx, and its panel side-menu-sheet.tsx). */
export interface SideMenuProps {
  signedIn: boolean;
  /** Lock and help belong to the live board, not the preview. */
  boardControls: boolean;
  isMasterAdmin: boolean;
  locked: boolean;
  /** Why this person cannot unlock the board; the item is shown disabled with it. */
  lockDenial: string | null;
  onToggleLock: () => void;
  helpMode: boolean;
  onToggleHelp: () => void;
  onOpenSettings: () => void;
  /**
   * The company whose board a master admin is looking at (absent: the person's own) and the
   * board named in the address: History, Alerts, Boards and the configuration pages open on them.
   */
  companyId?: number | undefined;
  boardId?: number | undefined;
}
