/** A written notification as the live updates carry it: from a feature's batch or a moderation card. */
export interface NotificationRow {
  id: number;
  userId: number;
  kind: string;
  actorId: number | null;
  link: string | null;
  text: string | null;
  createdAt: number;
}
