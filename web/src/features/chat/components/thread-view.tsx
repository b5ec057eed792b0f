import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { handleApiError } from "#web/lib/errors.ts";
import { openModal } from "#web/modals.tsx";
import { useDeleteThread, useSendImage } from "../mutations";
import { displayName, otherParticipant } from "../people";
import { messageListQueryOptions, threadQueryOptions } from "../queries";
import { newClientId } from "../socket";
import { useChatThread } from "../use-chat-thread";
import { DeleteThreadDialog } from "./chat-dialogs";
import { TrashIcon } from "./chat-icons";
import { Composer } from "./composer";
import { ConversationHeader } from "./conversation-header";
import { MessageList } from "./message-list";
import { Spinner } from "./require-sign-in";

/** One conversation: header, messages over the thread's socket, composer. */
export function ThreadView({ publicId, me }: { publicId: string; me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const threadQuery = useQuery(threadQueryOptions(publicId));
  const messages = useInfiniteQuery(messageListQueryOptions(publicId));
  const [restore, setRestore] = useState<{ text: string; n: number } | null>(null);
  const onRefused = useCallback((text: string) => setRestore((r) => ({ text, n: (r?.n ?? 0) + 1 })), []);
  const chat = useChatThread(publicId, me.username, onRefused);
  const [confirming, setConfirming] = useState(false);
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
  return (
    <>
      <ConversationHeader
        user={other}
        typing={typing}
        actions={
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="grid size-9 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--danger)]"
            aria-label={t("Delete chat")}
            title={t("Delete chat")}
          >
            <TrashIcon />
          </button>
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
      ) : chat.opened && other && messages.data ? (
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
            other={other}
            onDelete={chat.deleteMessage}
            threadId={publicId}
          />
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
          />
        </>
      ) : (
        // Connecting: nothing is shown yet, only told to screen readers.
        <div className="flex-1" aria-busy="true">
          <span className="sr-only" role="status">
            {t("Connecting...")}
          </span>
        </div>
      )}

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
