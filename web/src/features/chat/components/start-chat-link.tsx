import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_MSG } from "#shared/schemas/chat.ts";
import type { Me } from "#shared/schemas/user.ts";
import { useCreateThread } from "../mutations";
import { NewChatIcon } from "./chat-icons";
import { chatErrorText, normalizeUsername } from "./new-chat";
import { Spinner } from "./require-sign-in";

/** /chat/thread/new/{username}: the shareable link starts (or reopens) the chat with that user. */
export function StartChatFromLink({ username, me }: { username: string; me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateThread();
  const [error, setError] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const name = normalizeUsername(username);

  useEffect(() => {
    if (started.current === name) return;
    started.current = name;
    setError(null);
    if (name === me.username.toLowerCase()) return setError(CHAT_MSG.withYourself);
    create.mutate(name, {
      onSuccess: ({ public_id }) =>
        navigate({ to: "/chat/thread/$publicId", params: { publicId: public_id }, replace: true }),
      onError: (e) => setError(chatErrorText(e)),
    });
  }, [name, me.username, create, navigate]);

  if (!error)
    return (
      <div className="card grid min-h-60 place-items-center p-6" aria-busy="true">
        <div className="flex flex-col items-center gap-3">
          <Spinner label={t("Starting chat...")} />
          <p className="text-sm text-[var(--muted)]">
            {t("Opening your chat with @{{username}}...", { username: name })}
          </p>
        </div>
      </div>
    );
  return (
    <section className="card flex flex-col items-center gap-4 px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-[var(--surface-strong)] text-[var(--muted)]">
        <NewChatIcon width={28} height={28} />
      </span>
      <h1 className="text-xl font-semibold" role="alert" data-testid="start-chat-error">
        {t(error)}
      </h1>
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
