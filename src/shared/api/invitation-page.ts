/**
 * The page where a person invited by several companies, or while in one, chooses (decision
 * 019). No dependencies: the client's route table loads with the first page.
 */
export const INVITATIONS_PAGE = '/invitations';
