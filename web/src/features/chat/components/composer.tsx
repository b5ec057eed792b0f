import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { shrinkPicture } from "#client/shrink-picture.ts";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { useDebounced } from "#client/use-debounced.ts";
import { CHAT_IMAGE_MAX_MB, CHAT_TEXTAREA_MAX_HEIGHT, EMOJI_TYPING_STOP_MS, MB } from "#shared/constants.ts";
import { CHAT_MSG, type ChatMessage, chatTextSchema, type WebpagePreview } from "#shared/schemas/chat.ts";
import { EmojiPicker } from "#web/components/emoji/emoji-picker.tsx";
import { webpagePreviewQueryOptions } from "../queries";
import { FileSizeDialog } from "./chat-dialogs";
import { ImageIcon, SendIcon, SmileIcon } from "./chat-icons";
import { firstLink, PreviewCard } from "./message-list";
import { ReplyBanner } from "./replies";

const PREVIEW_DEBOUNCE_MS = 600;
const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

interface Props {
  onSend: (text: string, preview: WebpagePreview | null, replyTo?: number) => void;
  /** A picture within the size limit, to upload. */
  onPicture: (file: File) => void;
  /** A picture is on its way: the picture button shows a spinner. */
  uploading: boolean;
  /** Nothing can be sent for now (a new conversation's first message is starting the thread). */
  busy?: boolean;
  onTyping: (pauseMs?: number) => void;
  onStopTyping: () => void;
  /** A refused text comes back here, so nothing the user wrote is lost. */
  restore: { text: string; n: number } | null;
  /** The message being answered (the next text replies to it), and how to stop answering. */
  replyingTo?: ChatMessage | null;
  onCancelReply?: () => void;
}

/** Text (Enter sends, Shift+Enter is a new line, 1000 at most), emoji, pictures, link previews. */
export function Composer({
  onSend,
  onPicture,
  uploading,
  busy = false,
  onTyping,
  onStopTyping,
  restore,
  replyingTo = null,
  onCancelReply,
}: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [tooLarge, setTooLarge] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const inputId = useId();

  const parsed = chatTextSchema.safeParse(text);
  const tooLong = !parsed.success && parsed.error.issues.some((i) => i.message === CHAT_MSG.tooLong);
  const link = useDebounced(firstLink(text), PREVIEW_DEBOUNCE_MS);
  const previewQuery = useQuery({
    ...webpagePreviewQueryOptions(link ?? ""),
    enabled: Boolean(link) && link !== dismissed,
  });
  const preview = link && link !== dismissed && previewQuery.data ? previewQuery.data : null;

  useEffect(() => {
    if (restore) setText((current) => (current.trim() ? current : restore.text));
  }, [restore]);

  // Choosing a message to answer puts the reader in the text box.
  useEffect(() => {
    if (replyingTo) area.current?.focus();
  }, [replyingTo]);

  const cancelReply = () => {
    onCancelReply?.();
    area.current?.focus();
  };

  // The box grows with its text up to CHAT_TEXTAREA_MAX_HEIGHT, then scrolls.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, CHAT_TEXTAREA_MAX_HEIGHT)}px`;
  }, [text]);

  const send = () => {
    if (!parsed.success || busy) return;
    onSend(parsed.data, preview, replyingTo?.id);
    if (replyingTo) onCancelReply?.();
    setText("");
    setDismissed(null);
    onStopTyping();
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape" && replyingTo) {
      event.preventDefault();
      return cancelReply();
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    if (event.target.value.trim()) onTyping();
    else onStopTyping();
  };

  const insertEmoji = (emoji: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    // Picking emoji counts as typing; it stops 1 s after the last pick.
    onTyping(EMOJI_TYPING_STOP_MS);
    requestAnimationFrame(() => el?.setSelectionRange(start + emoji.length, start + emoji.length));
  };

  const closeEmoji = () => {
    setEmojiOpen(false);
    emojiButton.current?.focus();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    const file = await shrinkPicture(chosen, CHAT_IMAGE_MAX_MB * MB);
    if (file.size > CHAT_IMAGE_MAX_MB * MB) return setTooLarge(file.size);
    showSnackbar({ message: t("Uploading started... It can take a few seconds.") });
    onPicture(file);
  };

  return (
    <div ref={root} className="border-t border-[var(--line)] p-2 md:p-3">
      {replyingTo ? <ReplyBanner message={replyingTo} onCancel={cancelReply} /> : null}
      {preview ? <PreviewCard preview={preview} onDismiss={() => setDismissed(link)} /> : null}
      {tooLong ? (
        <p id={errorId} className="field-error mb-1" role="alert">
          {t(CHAT_MSG.tooLong)}
        </p>
      ) : null}
      <div className="relative mt-1 flex items-end gap-1">
        {emojiOpen ? <EmojiPicker onPick={insertEmoji} onClose={closeEmoji} /> : null}
        <button
          ref={emojiButton}
          type="button"
          className="grid size-10 shrink-0 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
          aria-label={t("Emoji")}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((v) => !v)}
        >
          <SmileIcon />
        </button>
        <button
          type="button"
          className="grid size-10 shrink-0 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)] disabled:opacity-50"
          aria-label={t("Send a picture")}
          onClick={() => fileInput.current?.click()}
          disabled={uploading || busy}
        >
          {uploading ? <Spinner label={t("Uploading...")} size={18} /> : <ImageIcon />}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES}
          className="hidden"
          aria-label={t("Send a picture")}
          onChange={(event) => void onFile(event)}
          data-testid="chat-image-input"
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="sr-only">
            {t("Message")}
          </label>
          <textarea
            ref={area}
            id={inputId}
            rows={1}
            value={text}
            onChange={onChange}
            onKeyDown={onKeyDown}
            onBlur={(event) => {
              // Going to the emoji picker or the picture button is still composing.
              if (!root.current?.contains(event.relatedTarget as Node | null)) onStopTyping();
            }}
            placeholder={t("Write a message...")}
            aria-invalid={tooLong}
            aria-describedby={tooLong ? errorId : undefined}
            className="field block resize-none rounded-2xl py-2.5 leading-5"
            style={{ maxHeight: CHAT_TEXTAREA_MAX_HEIGHT }}
          />
        </div>
        <button
          type="button"
          className="btn btn-primary size-10 shrink-0 p-0"
          aria-label={t("Send")}
          onClick={send}
          disabled={!parsed.success || busy}
        >
          <SendIcon width={18} height={18} />
        </button>
      </div>
      {tooLarge !== null ? <FileSizeDialog bytes={tooLarge} onClose={() => setTooLarge(null)} /> : null}
    </div>
  );
}
