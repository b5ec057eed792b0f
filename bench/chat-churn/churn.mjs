// Chat under churn: clients (sockets) that drop and reconnect at random while they send. Each
// client numbers its messages; a message counts as acknowledged when the client's own socket gets
// it back with its client_id. A message sent on a socket that dropped before the acknowledgement
// is sent again, same client_id, on the next socket (the server answers a repeat with the stored
// message and stores nothing), so nothing is skipped. Checks after the run, from the stored
// messages: every acknowledged message stored once, no client_id stored twice, and each client's
// messages stored in the order it sent them. Used by run.mjs (100 clients) and e2e/own-servers.e2e.ts.
import { openSocket, threadMessages } from "../crash/crash.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * `clients` clients spread over `world.pairs` (each thread's two people, several tabs each), each
 * sending `messages` messages with drops every `dropMs` (random, ± half) for at most `limitMs`.
 */
export async function runChurn(
  base,
  world,
  { clients = 100, messages = 20, dropMs = 2_000, limitMs = 120_000 } = {},
) {
  const started = Date.now();
  const stats = { reconnects: 0, resends: 0, refused: 0, openFailures: 0 };
  const tag = Date.now().toString(36);
  const everyone = [];
  for (let c = 0; c < clients; c++) {
    const pair = world.pairs[c % world.pairs.length];
    const member = pair.members[Math.floor(c / world.pairs.length) % 2];
    everyone.push({ c, pair, member, acked: new Map() });
  }
  const runClient = async (client) => {
    const prefix = `ch${tag}-${client.c}-`;
    let seq = 0;
    while (seq < messages && Date.now() - started < limitMs) {
      let ws;
      try {
        ws = await openSocket(base, client.pair.publicId, client.member);
      } catch {
        stats.openFailures++;
        await sleep(200);
        continue;
      }
      const dropAt = Date.now() + dropMs / 2 + Math.random() * dropMs;
      let waiting = null;
      ws.onmessage = (event) => {
        const data = JSON.parse(String(event.data));
        if (!data.client_id?.startsWith(prefix)) return;
        if (data.message_type === "TEXT") {
          client.acked.set(data.client_id, data.id);
          if (waiting?.clientId === data.client_id) waiting.resolve("ack");
        } else if (data.message_type === "ERROR") {
          stats.refused++;
          if (waiting?.clientId === data.client_id) waiting.resolve("refused");
        }
      };
      const closed = new Promise((r) => ws.addEventListener("close", () => r("closed")));
      while (seq < messages && ws.readyState === WebSocket.OPEN && Date.now() < dropAt) {
        const clientId = `${prefix}${seq}`;
        const answer = new Promise((resolve) => {
          waiting = { clientId, resolve };
        });
        ws.send(JSON.stringify({ message_type: "TEXT", text: `churn ${clientId}`, client_id: clientId }));
        // One send in ten drops the socket at once, before any acknowledgement: the message may or
        // may not be stored, and is sent again on the next socket.
        if (Math.random() < 0.1) ws.close(4001, "churn mid-send");
        const outcome = await Promise.race([answer, closed, sleep(5_000).then(() => "timeout")]);
        if (outcome === "ack") seq++;
        else {
          stats.resends++;
          await sleep(300);
        }
        await sleep(50 + Math.random() * 150);
      }
      // The drop: half close cleanly, half the way a lost network does (no close handshake wait).
      if (Math.random() < 0.5) ws.close();
      else ws.close(4000, "churn");
      stats.reconnects++;
      await sleep(Math.random() * 300);
    }
  };
  await Promise.all(everyone.map(runClient));
  const seconds = (Date.now() - started) / 1000;

  let acked = 0;
  let missing = 0;
  let doubled = 0;
  let outOfOrder = 0;
  let unfinished = 0;
  for (const pair of world.pairs) {
    const stored = (await threadMessages(base, pair.members[0].token, pair.publicId)).filter((m) =>
      m.client_id?.startsWith(`ch${tag}-`),
    );
    const byClientId = new Map();
    for (const m of stored) byClientId.set(m.client_id, [...(byClientId.get(m.client_id) ?? []), m]);
    for (const list of byClientId.values()) if (list.length > 1) doubled++;
    for (const client of everyone.filter((x) => x.pair === pair)) {
      if (client.acked.size < messages) unfinished++;
      acked += client.acked.size;
      for (const [clientId, id] of client.acked) {
        const found = byClientId.get(clientId) ?? [];
        if (!found.some((m) => m.id === id)) missing++;
      }
      // Stored order (by id) of this client's messages against the order it sent them.
      const mine = stored
        .filter((m) => m.client_id.startsWith(`ch${tag}-${client.c}-`))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((m) => Number(m.client_id.slice(m.client_id.lastIndexOf("-") + 1)));
      for (let i = 1; i < mine.length; i++) if (mine[i] < mine[i - 1]) outOfOrder++;
    }
  }
  return { clients, messages, seconds, acked, missing, doubled, outOfOrder, unfinished, ...stats };
}
