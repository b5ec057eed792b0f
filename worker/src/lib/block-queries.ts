/**
 * Whether a person and the one acting towards them blocked each other, as two columns of the outer
 * statement: `blocking` (the person blocked the actor) and `blocked` (the actor blocked the person),
 * both 0 for one's own. `personExpr` and `actorExpr` are the outer statement's (a column or a bound
 * parameter), written in the code. What a vote, a comment, a reply and a reaction check first.
 */
export const BLOCK_COLUMNS_SQL = (personExpr: string, actorExpr: string) =>
  `EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${personExpr} AND b.blocked_id = ${actorExpr} AND ${personExpr} <> ${actorExpr}) AS blocking,
  EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${actorExpr} AND b.blocked_id = ${personExpr} AND ${personExpr} <> ${actorExpr}) AS blocked`;
