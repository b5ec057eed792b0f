import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { GROUP_MEMBERS_MAX, GROUP_NAME_MAX } from "#shared/constants.ts";
import { type ChatThread, createChatThreadSchema, renameGroupSchema } from "#shared/schemas/chat.ts";
import type { Me } from "#shared/schemas/user.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import {
  groupMembersQueryOptions,
  useAddMember,
  useLeaveGroup,
  useRemoveMember,
  useRenameGroup,
  useSetGroupRole,
} from "../groups";
import { useDeleteThread } from "../mutations";
import { displayName } from "../people";
import { chatErrorText } from "./new-chat";

/**
 * A group's members: everyone sees who is in it, who manages it, and may leave; the maker and admins
 * also rename it, add people by username, remove members and make them admins or take it back
 * (never the maker's); the maker may delete it for everyone.
 */
export function GroupMembersDialog({
  thread,
  me,
  onClose,
  onDeleted,
}: {
  thread: ChatThread;
  me: Me;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const publicId = thread.public_id;
  const members = useQuery(groupMembersQueryOptions(publicId));
  const remove = useRemoveMember(publicId);
  const setRole = useSetGroupRole(publicId);
  const leave = useLeaveGroup(publicId);
  const deleteThread = useDeleteThread();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const list = members.data?.list ?? [];
  const iAmMaker = list.some((m) => m.is_maker && m.username === me.username);
  const admin = thread.is_admin;
  const memberCount = members.data?.total_list ?? thread.total_members;

  return (
    <Dialog title={t("Members")} onClose={onClose} size="md" testId="group-members-dialog">
      {admin ? <RenameForm thread={thread} /> : null}
      {admin ? <AddForm publicId={publicId} full={thread.total_members >= GROUP_MEMBERS_MAX} /> : null}

      <h3 className="mt-4 mb-2 text-sm font-semibold">
        {t(memberCount === 1 ? "{{count}} member" : "{{count}} members", { count: memberCount })}
      </h3>
      {members.isPending ? (
        <div className="grid place-items-center py-4">
          <Spinner label={t("Loading...")} size={20} />
        </div>
      ) : (
        <ul aria-label={t("Members")} className="flex max-h-72 flex-col gap-1 overflow-y-auto">
          {list.map((member) => {
            const isMe = member.username === me.username;
            const removable = admin && !isMe && (!member.is_maker || iAmMaker);
            // The maker stays an admin; any other member's role is the admins' to give or take.
            const roleChangeable = admin && !member.is_maker;
            const name = displayName(member);
            return (
              <li
                key={member.username}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-1 py-1.5"
              >
                <Avatar src={member.profile_image} name={member.username} size={36} />
                <span className="min-w-0 flex-1 basis-40">
                  <Link
                    to="/user/$username"
                    params={{ username: member.username }}
                    className="block wrap-anywhere font-semibold hover:underline"
                  >
                    {displayName(member)}
                    {isMe ? ` (${t("you")})` : ""}
                  </Link>
                  <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-[var(--muted)]">
                    <span>@{member.username}</span>
                    {member.is_maker ? <span>· {t("Made the group")}</span> : null}
                    {member.is_admin ? (
                      <span
                        className="rounded-full border border-[var(--accent)] px-1.5 py-px font-semibold text-[var(--text)]"
                        data-testid="admin-badge"
                      >
                        {t("Admin")}
                      </span>
                    ) : null}
                  </span>
                </span>
                <div className="ml-auto flex shrink-0 gap-1">
                  {roleChangeable ? (
                    <button
                      type="button"
                      className="btn btn-ghost shrink-0 px-2.5 py-1 text-sm"
                      disabled={setRole.isPending}
                      aria-label={
                        member.is_admin
                          ? t("Remove admin: {{name}}", { name })
                          : t("Make admin: {{name}}", { name })
                      }
                      onClick={() =>
                        setRole.mutate(
                          { username: member.username, role: member.is_admin ? "MEMBER" : "ADMIN" },
                          {
                            onSuccess: (result) =>
                              showSnackbar({
                                message: result.is_admin
                                  ? t("{{name}} is an admin now", { name })
                                  : t("{{name}} is no longer an admin", { name }),
                                variant: "success",
                              }),
                            onError: (error) =>
                              showSnackbar({ message: t(chatErrorText(error)), variant: "error" }),
                          },
                        )
                      }
                    >
                      {member.is_admin ? t("Remove admin") : t("Make admin")}
                    </button>
                  ) : null}
                  {removable ? (
                    <button
                      type="button"
                      className="btn btn-ghost px-2.5 py-1 text-sm text-[var(--danger)]"
                      disabled={remove.isPending}
                      aria-label={t("Remove {{name}}", { name })}
                      onClick={() =>
                        remove.mutate(member.username, {
                          onSuccess: () =>
                            showSnackbar({
                              message: t("{{name}} was removed", { name }),
                              variant: "success",
                            }),
                        })
                      }
                    >
                      {t("Remove")}
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-5 flex flex-wrap justify-end gap-2 border-t border-[var(--line)] pt-4">
        {iAmMaker ? (
          <button
            type="button"
            className="btn btn-ghost text-[var(--danger)]"
            disabled={deleteThread.isPending}
            onClick={() =>
              deleteThread.mutateAsync(publicId).then(
                () => {
                  showSnackbar({ message: t("It was deleted"), variant: "success" });
                  onDeleted();
                },
                () => {},
              )
            }
          >
            {t("Delete group")}
          </button>
        ) : null}
        {confirmLeave ? (
          <>
            <span className="self-center text-sm" role="alert">
              {t("Leave this group? You will no longer get its messages.")}
            </span>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmLeave(false)}>
              {t("Cancel")}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={leave.isPending}
              onClick={() => leave.mutate(undefined, { onSuccess: onClose })}
              data-testid="confirm-leave"
            >
              {t("Leave")}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => setConfirmLeave(true)}>
            {t("Leave group")}
          </button>
        )}
      </div>
    </Dialog>
  );
}

function RenameForm({ thread }: { thread: ChatThread }) {
  const { t } = useTranslation();
  const rename = useRenameGroup(thread.public_id);
  const [name, setName] = useState(thread.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = renameGroupSchema.safeParse({ public_id: thread.public_id, name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Required");
    setError(null);
    rename.mutate(parsed.data.name, {
      onSuccess: () => showSnackbar({ message: t("The group was renamed"), variant: "success" }),
      onError: (e) => setError(chatErrorText(e)),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mb-3">
      <label htmlFor={id} className="field-label">
        {t("Group name")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          maxLength={GROUP_NAME_MAX + 20}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field min-w-0 flex-1"
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={rename.isPending}>
          {t("Rename")}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </form>
  );
}

function AddForm({ publicId, full }: { publicId: string; full: boolean }) {
  const { t } = useTranslation();
  const add = useAddMember(publicId);
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createChatThreadSchema.safeParse({ username });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Required");
    setError(null);
    add.mutate(parsed.data.username, {
      onSuccess: () => {
        setUsername("");
        showSnackbar({ message: t("Added to the group"), variant: "success" });
      },
      onError: (e) => setError(chatErrorText(e)),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="field-label">
        {t("Add someone by username")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field min-w-0 flex-1"
          data-testid="group-add-username"
        />
        <button type="submit" className="btn btn-outline shrink-0" disabled={add.isPending || full}>
          {t("Add")}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </form>
  );
}
