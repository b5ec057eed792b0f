import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import type { WebpagePreview } from "#shared/schemas/chat.ts";
import type { Me } from "#shared/schemas/user.ts";
import { ApiError } from "#web/lib/api.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { openModal } from "#web/modals.tsx";
import { handOverFirstMessage } from "../first-message";
import { useCreateThread, useSendImage } from "../mutations";
import { displayName } from "../people";
import { personalThreadQueryOptions } from "../queries";
import { newClientId, type PendingText } from "../socket";
import { NewChatIcon } from "./chat-icons";
import { Composer } from "./composer";
import { ConversationHeader } from "./conversation-header";
import { MessageList } from "./message-list";
import { chatErrorText, normalizeUsername } from "./new-chat";

const noop = () => {};

/**
 * /chat/thread/new/{username}: a conversation with that person that does not exist yet (ADR 044).
 * The first text or picture creates the thread and the page becomes it; leaving creates nothing.
 * A pair that already has a thread goes straight to it.
 */
export function NewConversation({ username, me }: { username: string; me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = normalizeUsername(username);
  const lookup = useQuery(personalThreadQueryOptions(name));
  const create = useCreateThread();
  const sendImage = useSendImage();
  const [first, setFirst] = useState<PendingText | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [restore, setRestore] = useState<{ text: string; n: number } | null>(null);

  // Back from the thread must not land here again: the thread replaces this page in history.
  const openThread = useCallback(
    (publicId: string) => navigate({ to: "/chat/thread/$publicId", params: { publicId }, replace: true }),
    [navigate],
  );
  const existing = lookup.data?.public_id;
  // Once this page has started the thread, its own send opens it (after handing the text over).
  const starting = !create.isIdle;
  useEffect(() => {
    if (existing && !starting) void openThread(existing);
  }, [existing, starting, openThread]);

  /** Starting failed: a refusal takes the view's place; anything else leaves the text to retry. */
  const failed = (error: unknown, text?: string) => {
    setFirst(null);
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      return setRefusal(chatErrorText(error));
    handleApiError(error);
    if (text) setRestore((r) => ({ text, n: (r?.n ?? 0) + 1 }));
  };

  const sendFirst = (text: string, preview: WebpagePreview | null) => {
    const pending: PendingText = { client_id: newClientId(), text, webpage_preview: preview };
    setFirst(pending);
    create.mutate(name, {
      onSuccess: ({ public_id }) => {
        handOverFirstMessage(public_id, pending);
        void openThread(public_id);
      },
      onError: (error) => failed(error, text),
    });
  };

  // Described first, as in a started thread: the thread is made only once the picture is sent.
  const sendFirstPicture = (file: File) =>
    openModal("PICTURE_DESCRIPTION", {
      fileName: file.name,
      required: me.settings.REQUIRE_ALT_TEXT !== false,
      onSend: (alt: string) =>
        create.mutate(name, {
          onSuccess: ({ public_id }) =>
            sendImage.mutate(
              { publicId: public_id, file, clientId: newClientId(), alt },
              { onSettled: () => void openThread(public_id) },
            ),
          onError: (error) => failed(error),
        }),
    });

  const error = refusal ?? (lookup.error ? chatErrorText(lookup.error) : null);
  if (error) return <StartRefused error={error} />;
  const user = lookup.data?.user ?? null;
  if (!user || (existing && !starting))
    return (
      <>
        <ConversationHeader user={null} />
        <div className="grid flex-1 place-items-center" aria-busy="true">
          <Spinner label={t("Opening your chat with @{{username}}...", { username: name })} />
        </div>
      </>
    );
  return (
    <>
      <ConversationHeader user={user} />
      <MessageList
        data={undefined}
        hasOlder={false}
        loadingOlder={false}
        loadOlder={noop}
        lines={[]}
        pending={first ? [first] : []}
        typing={[]}
        myUsername={me.username}
        other={user}
        onDelete={noop}
        note={t("{{name}} sees this chat once you send your first message.", { name: displayName(user) })}
      />
      <Composer
        onSend={sendFirst}
        onPicture={sendFirstPicture}
        uploading={sendImage.isPending || (create.isPending && !first)}
        busy={create.isPending || sendImage.isPending}
        onTyping={noop}
        onStopTyping={noop}
        restore={restore}
      />
    </>
  );
}

/** Why a chat with this person cannot start, in the conversation's place. */
function StartRefused({ error }: { error: string }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-[var(--surface-strong)] text-[var(--muted)]">
        <NewChatIcon width={28} height={28} />
      </span>
      <h2 className="text-xl font-semibold" role="alert" data-testid="start-chat-error">
        {t(error)}
      </h2>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/chat/thread/new" className="btn btn-primary">
          {t("Find someone else")}
        </Link>
        <Link to="/chat" className="btn btn-outline">
          {t("Back to chats")}
        </Link>
      </div>
    </section>
  );
}
