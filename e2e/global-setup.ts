import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startPaymentStandIns } from "#stand-ins/payments.ts";
import { startWalletStandIns } from "#stand-ins/wallet.ts";
import { assetsDirFor, buildSpasOnce, startServer } from "../scripts/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The Stripe and PayPal stand-ins (test-support/stand-ins/) the server's payments use. */
    stripeStandInUrl: string;
    paypalStandInUrl: string;
    /** The wallet's chain sources the server talks to (test-support/stand-ins): journeys fund wallets there. */
    solanaRpcUrl: string;
    chainApisUrl: string;
    /** Where journeys take turns (e2e/lane.ts). */
    laneDir: string;
  }
}

/** A fresh database every run: the journeys start from the seeded demo data, as a newcomer does. */
export default async function setup(project: TestProject) {
  const state = mkdtempSync(join(tmpdir(), "agora-e2e-"));
  const port = Number(process.env.E2E_PORT ?? 8788);
  // Its own assets folder: a build here never reloads a `bun run dev` serving another one. Built
  // only when its sources changed (the size budget step of `bun run test` made it already).
  const assetsDir = assetsDirFor(`e2e-${port}`);
  if (!process.env.E2E_SKIP_BUILD) await buildSpasOnce({ outDir: assetsDir });
  // Stripe and PayPal: one local stand-in each, speaking its wire format, sending signed webhooks
  // to the server (the same stand-ins the worker tests intercept fetch with).
  const payments = await startPaymentStandIns({ appBase: `http://127.0.0.1:${port}` });
  // The wallet's sources, each speaking its real wire format (Solana JSON-RPC on litesvm).
  const wallet = await startWalletStandIns();
  const server = await startServer({
    port,
    persistTo: state,
    assetsDir,
    seed: true,
    quiet: !process.env.E2E_VERBOSE,
    vars: { ...payments.vars, ...wallet.vars },
  });
  project.provide("baseUrl", server.base);
  project.provide("stripeStandInUrl", payments.stripeUrl);
  project.provide("paypalStandInUrl", payments.paypalUrl);
  project.provide("solanaRpcUrl", wallet.solana.url);
  project.provide("chainApisUrl", wallet.chains.url);
  project.provide("laneDir", state);
  return async () => {
    server.stop();
    await payments.stop();
    await wallet.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
