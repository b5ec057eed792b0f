import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startPaymentStandIns } from "#stand-ins/payments.ts";
import { startWalletStandIns } from "#stand-ins/wallet.ts";
import { assetsDirFor, buildSpasOnce, startServer } from "../scripts/server.mjs";
import { LANES, type Lane } from "./lane";

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per lane (e2e/lane.ts), each with its own database and stand-ins. */
    lanes: Lane[];
    /** Where files take their lanes. */
    laneDir: string;
  }
}

/** One lane: a fresh database seeded with the demo data, as a newcomer finds it, and its stand-ins. */
async function startLane(port: number, assetsDir: string, state: string) {
  // Stripe and PayPal: one local stand-in each, speaking its wire format, sending signed webhooks
  // to this lane's server (the same stand-ins the worker tests intercept fetch with).
  const payments = await startPaymentStandIns({ appBase: `http://127.0.0.1:${port}` });
  // The wallet's sources, each speaking its real wire format (Solana JSON-RPC on litesvm).
  const wallet = await startWalletStandIns();
  const server = await startServer({
    port,
    persistTo: join(state, `lane-${port}`),
    assetsDir,
    seed: true,
    quiet: !process.env.E2E_VERBOSE,
    vars: { ...payments.vars, ...wallet.vars },
  });
  const lane: Lane = {
    baseUrl: server.base,
    stripeStandInUrl: payments.stripeUrl,
    paypalStandInUrl: payments.paypalUrl,
    solanaRpcUrl: wallet.solana.url,
    chainApisUrl: wallet.chains.url,
  };
  const stop = async () => {
    server.stop();
    await payments.stop();
    await wallet.stop();
  };
  return { lane, stop };
}

export default async function setup(project: TestProject) {
  // The lanes' databases live in memory-backed /dev/shm where the machine has it: local D1 syncs its
  // log to disk on every write, which is the journeys' largest wait after Chromium (ADR 161).
  const state = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "agora-e2e-"));
  const port = Number(process.env.E2E_PORT ?? 8788);
  // Its own assets folder: a build here never reloads a `bun run dev` serving another one. Built
  // only when its sources changed (the size budget step of `bun run test` made it already).
  const assetsDir = assetsDirFor(`e2e-${port}`);
  if (!process.env.E2E_SKIP_BUILD) await buildSpasOnce({ outDir: assetsDir });
  // The lanes' servers share the built SPAs; each has its own port (E2E_PORT, the next ones up).
  const lanes = await Promise.all(
    Array.from({ length: LANES }, (_, i) => startLane(port + i, assetsDir, state)),
  );
  project.provide(
    "lanes",
    lanes.map((l) => l.lane),
  );
  project.provide("laneDir", state);
  return async () => {
    await Promise.all(lanes.map((l) => l.stop()));
    rmSync(state, { recursive: true, force: true });
  };
}
