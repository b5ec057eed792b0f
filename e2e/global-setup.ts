import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { assetsDirFor, buildSpasOnce, startServer } from "../scripts/server.mjs";
import { providerVars, startProviderStandIn } from "./stand-ins/providers";
import { startWalletStandIns } from "./stand-ins/wallet";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The Stripe and PayPal stand-in (e2e/stand-ins/providers.ts) the server's payments use. */
    paymentsStandInUrl: string;
    /** The wallet's chain sources the server talks to (e2e/stand-ins): journeys fund wallets there. */
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
  // Stripe and PayPal: a local stand-in speaking their wire format, sending webhooks to the server.
  const payments = await startProviderStandIn({ appBase: `http://127.0.0.1:${port}` });
  // The wallet's sources, each speaking its real wire format (Solana JSON-RPC on litesvm).
  const wallet = await startWalletStandIns();
  const server = await startServer({
    port,
    persistTo: state,
    assetsDir,
    seed: true,
    quiet: !process.env.E2E_VERBOSE,
    vars: { ...providerVars(payments), ...wallet.vars },
  });
  project.provide("baseUrl", server.base);
  project.provide("paymentsStandInUrl", payments.url);
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
