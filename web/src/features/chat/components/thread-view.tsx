import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import type { ChatMessage } from "#shared/schemas/chat.ts";
import type { Me } from "#shared/schemas/user.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { openModal } from "#web/modals.tsx";
import { useDeleteThread, useSendImage } from "../mutations";
import { displayName, isGroup, otherParticipant } from "../people";
import { messageListQueryOptions, threadQueryOptions } from "../queries";
import { newClientId } from "../socket";
import { useChatThread } from "../use-chat-thread";
import { DeleteThreadDialog } from "./chat-dialogs";
import { GroupIcon, TrashIcon } from "./chat-icons";
import { Composer } from "./composer";
import { ConversationHeader } from "./conversation-header";
import { MessageList } from "./message-list";

/** The members dialog is its own chunk: only groups need it. */
const GroupMembersDialog = lazy(() =>
  import("./group-members-dialog").then((m) => ({ default: m.GroupMembersDialog })),
);

/** One conversation: header, messages over the thread's socket, composer. */
export function ThreadView({ publicId, me }: { publicId: string; me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const threadQuery = useQuery(threadQueryOptions(publicId));
  const messages = useInfiniteQuery(messageListQueryOptions(publicId));
  const [restore, setRestore] = useState<{ text: string; n: number } | null>(null);
  const onRefused = useCallback((text: string) => setRestore((r) => ({ text, n: (r?.n ?? 0) + 1 })), []);
  const group = threadQuery.data ? isGroup(threadQuery.data) : false;
  const chat = useChatThread(publicId, me.username, onRefused, group);
  const [confirming, setConfirming] = useState(false);
  const [membersOpen, setMembersOpen] = useState(false);
  const [replyingTo, setReplyingTo] = useState<ChatMessage | null>(null);
  const deleteThread = useDeleteThread();
  const sendImage = useSendImage();

  // Thread data that cannot be loaded goes through the generic handler, then to chat home.
  const loadError = threadQuery.error ?? messages.error;
  const reported = useRef(false);
  useEffect(() => {
    if (!loadError || reported.current) return;
    reported.current = true;
    handleApiError(loadError);
    void navigate({ to: "/chat" });
  }, [loadError, navigate]);

  const thread = threadQuery.data;
  const other = thread ? otherParticipant(thread, me.username) : null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const confirmDelete = () => {
    chat.markDeleting();
    // The promise, not mutate's callbacks: the thread's own socket may report the deletion and take
    // the page to /chat before the answer arrives, and callbacks of an unmounted view never run.
    deleteThread.mutateAsync(publicId).then(
      () => {
        setConfirming(false);
        showSnackbar({ message: t("It was deleted"), variant: "success" });
        void navigate({ to: "/chat" });
      },
      () => {}, // the generic handler has shown the failure
    );
  };

  const typing = chat.typing.length > 0;
  const left = Boolean(thread?.left);
  const groupInfo = thread && group ? { name: thread.name ?? "", total_members: thread.total_members } : null;
  // A group has no one "other": the empty state greets the group by its name.
  const counterpart = groupInfo ? { username: "", profile_name: groupInfo.name, profile_image: null } : other;
  return (
    <>
      <ConversationHeader
        user={other}
        group={groupInfo}
        typing={typing}
        actions={
          group && left ? null : group ? (
            <button
              type="button"
              onClick={() => setMembersOpen(true)}
              className="btn btn-outline gap-1.5 px-3 py-1.5 text-sm"
              data-testid="group-members-button"
            >
              <GroupIcon width={16} height={16} /> {t("Members")}
            </button>
          ) : (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="grid size-9 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--danger)]"
              aria-label={t("Delete chat")}
              title={t("Delete chat")}
            >
              <TrashIcon />
            </button>
          )
        }
      />

      {chat.reconnecting ? (
        <p
          role="status"
          className="bg-[var(--surface-strong)] px-4 py-1.5 text-center text-xs text-[var(--muted)]"
        >
          {t("Reconnecting...")}
        </p>
      ) : null}

      {chat.state === "closing" ? (
        <div className="grid flex-1 place-items-center">
          <Spinner label={t("Closing...")} />
        </div>
      ) : (chat.opened || left) && counterpart && messages.data ? (
        <>
          <MessageList
            data={messages.data}
            hasOlder={Boolean(hasNextPage)}
            loadingOlder={isFetchingNextPage}
            loadOlder={loadOlder}
            lines={chat.lines}
            pending={chat.pending}
            typing={chat.typing}
            myUsername={me.username}
            other={counterpart}
            onDelete={chat.deleteMessage}
            onReply={left ? undefined : setReplyingTo}
            group={group}
            threadId={publicId}
          />
          {left ? (
            <p
              className="border-t border-[var(--line)] p-4 text-center text-sm text-[var(--muted)]"
              data-testid="left-group"
            >
              {t("You are no longer in this group. You can read what was said until then.")}
            </p>
          ) : (
            <Composer
              onSend={chat.sendText}
              onPicture={(file) =>
                openModal("PICTURE_DESCRIPTION", {
                  fileName: file.name,
                  required: me.settings.REQUIRE_ALT_TEXT !== false,
                  onSend: (alt: string) => sendImage.mutate({ publicId, file, clientId: newClientId(), alt }),
                })
              }
              uploading={sendImage.isPending}
              onTyping={chat.notifyTyping}
              onStopTyping={chat.stopTyping}
              restore={restore}
              replyingTo={replyingTo}
              onCancelReply={() => setReplyingTo(null)}
            />
          )}
        </>
      ) : (
        // Connecting: nothing is shown yet, only told to screen readers.
        <div className="flex-1" aria-busy="true">
          <span className="sr-only" role="status">
            {t("Connecting...")}
          </span>
        </div>
      )}

      {membersOpen && thread ? (
        <Suspense fallback={null}>
          <GroupMembersDialog
            thread={thread}
            me={me}
            onClose={() => setMembersOpen(false)}
            onDeleted={() => {
              chat.markDeleting();
              void navigate({ to: "/chat" });
            }}
          />
        </Suspense>
      ) : null}
      {confirming && other ? (
        <DeleteThreadDialog
          name={displayName(other)}
          pending={deleteThread.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
