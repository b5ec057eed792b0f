import type { ReportCause } from "#shared/enums.ts";
import type {
  AppealDecision,
  AppealStatus,
  ModerationAction,
  ModerationTarget,
} from "#shared/schemas/moderation.ts";

// A moderation decision and its appeal as their rows read: the moderation feature writes them, the
// admin site's appeals read them (docs/decisions/138: shared shapes live below the features).

export interface ModerationRow {
  id: number;
  user_id: number;
  report_group_id: number | null;
  action: ModerationAction;
  target_type: ModerationTarget;
  target_id: number;
  cause: ReportCause | null;
  note: string;
  admin_username: string | null;
  reversed_at: number | null;
  created_at: number;
  /** The community's name when one of its moderators decided it. */
  community: string | null;
}

export interface AppealRow {
  id: number;
  moderation_id: number;
  user_id: number;
  text: string;
  status: AppealStatus;
  decision: AppealDecision | null;
  note: string;
  decided_by_username: string | null;
  decided_at: number | null;
  created_at: number;
}
