import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Page } from "#shared/api.ts";
import type { ChatMessage, ChatThread } from "#shared/schemas/chat.ts";
import { addMessage, addReader, dropThread, removeMessage } from "./cache";
import { chatKeys } from "./queries";

const user = (username: string) => ({ username, profile_name: null, profile_image: null });
const thread = (public_id: string, text: string | null): ChatThread => ({
  public_id,
  chat_thread_type: "PERSONAL",
  chat_thread_user_list: [user("ana"), user("bo")],
  kind: "DIRECT",
  name: null,
  total_members: 2,
  is_admin: false,
  left: false,
  total_unread_messages: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  last_message: text ? { message_type: "TEXT", text, created_at: "2026-01-01T00:00:00.000Z" } : null,
  updated_at: "2026-01-01T00:00:00.000Z",
});
const message = (id: number, text: string): ChatMessage => ({
  id,
  message_type: "TEXT",
  message_sender: user("ana"),
  text,
  media: null,
  alt: null,
  webpage_preview: null,
  readers: ["ana"],
  created_at: `2026-01-02T00:00:0${id}.000Z`,
  updated_at: `2026-01-02T00:00:0${id}.000Z`,
  client_id: null,
  reactions: [],
});
const pages = <T>(...lists: T[][]): InfiniteData<Page<T>, number> => ({
  pages: lists.map((list) => ({ list, total_list: lists.flat().length, total_pages: lists.length })),
  pageParams: lists.map((_, i) => i),
});

function setup() {
  const client = new QueryClient();
  client.setQueryData(chatKeys.threads(), pages([thread("t1", "older")], [thread("t2", "oldest")]));
  client.setQueryData(chatKeys.messages("t2"), pages([message(2, "two"), message(1, "one")]));
  const threads = () =>
    client
      .getQueryData<InfiniteData<Page<ChatThread>, number>>(chatKeys.threads())!
      .pages.map((p) => p.list.map((t) => `${t.public_id}:${t.last_message?.text ?? "-"}`));
  const messages = () =>
    client.getQueryData<InfiniteData<Page<ChatMessage>, number>>(chatKeys.messages("t2"))!.pages[0]!;
  return { client, threads, messages };
}

describe("the chat cache", () => {
  it("puts a new message first and its thread at the top of the list, once", () => {
    const { client, threads, messages } = setup();
    addMessage(client, "t2", message(3, "three"));
    addMessage(client, "t2", message(3, "three"));
    expect(messages().list.map((m) => m.id)).toEqual([3, 2, 1]);
    expect(messages().total_list).toBe(3);
    expect(threads()).toEqual([["t2:three", "t1:older"], []]);
  });

  it("drops a deleted message and shows the previous one as the preview, without moving the thread", () => {
    const { client, threads, messages } = setup();
    removeMessage(client, "t2", 2, {
      message_type: "TEXT",
      text: "one",
      created_at: "2026-01-02T00:00:01.000Z",
    });
    expect(messages().list.map((m) => m.id)).toEqual([1]);
    expect(threads()).toEqual([["t1:older"], ["t2:one"]]);
    removeMessage(client, "t2", 1, null);
    expect(threads()).toEqual([["t1:older"], ["t2:-"]]);
  });

  it("marks a newcomer as a reader of every message", () => {
    const { client, messages } = setup();
    addReader(client, "t2", "bo");
    expect(messages().list.every((m) => m.readers.includes("bo"))).toBe(true);
  });

  it("forgets a deleted thread", () => {
    const { client, threads } = setup();
    dropThread(client, "t2");
    expect(threads()).toEqual([["t1:older"], []]);
    expect(client.getQueryData(chatKeys.messages("t2"))).toBeUndefined();
  });
});
