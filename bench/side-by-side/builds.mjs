// Two or more builds of Agora on copies of one state, for the side-by-side benchmarks (run.mjs, writes.mjs):
// the builds named on the command line (`name=checkout`), the data made once with the first build's
// migrations and demo data and bench/feed's posts, then each build's server (`scripts/server.mjs`, as
// `bun run dev` serves it, without the assets router) on its own copy, migrated by its own migrations.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { killTree } from "../crash/crash.mjs";
import { d1File, loadFeedData } from "../feed/load.mjs";
import { workerdUnder } from "../profile/proc.mjs";

/** The builds `name=checkout` among the arguments, each checkout as an absolute path. */
export function buildsOf(argv) {
  return Object.fromEntries(
    argv
      .filter((a) => a.includes("=") && !a.startsWith("--"))
      .map((a) => {
        const at = a.indexOf("=");
        return [a.slice(0, at), resolve(a.slice(at + 1))];
      }),
  );
}

/**
 * Starts every build on its own copy of one state: the data made once (`posts` posts), `prepare(db)`
 * run on it before the copies (its answer is returned as `prepared`). Each server is `{ base, pid,
 * pids }` (`pids`: its workerd processes, for /proc). `stop()` ends them and removes the state.
 */
export async function startBuilds(builds, { posts, label, prepare = () => null, port = 8841 }) {
  const say = (text) => console.error(`[${label}] ${text}`);
  const state = mkdtempSync(join(tmpdir(), `agora-${label.replaceAll(" ", "-")}-`));
  const servers = {};
  const stop = async () => {
    for (const server of Object.values(servers)) await killTree(server.pid);
    rmSync(state, { recursive: true, force: true });
  };
  try {
    const [firstName, firstTree] = Object.entries(builds)[0];
    const { startServer: startFirst } = await import(join(firstTree, "scripts/server.mjs"));
    const source = join(state, "source");
    say(`${firstName}: migrations and demo data, then ${posts.toLocaleString()} posts`);
    const seeding = await startFirst({ port, persistTo: source, assetsDir: null, seed: true, quiet: true });
    await killTree(seeding.pid);
    loadFeedData(d1File(source), { posts, log: () => {} });
    const db = new DatabaseSync(d1File(source));
    const prepared = prepare(db);
    db.close();
    let next = port + 1;
    for (const [name, tree] of Object.entries(builds)) {
      const { startServer } = await import(join(tree, "scripts/server.mjs"));
      const dir = join(state, name);
      cpSync(source, dir, { recursive: true });
      say(`${name}: starting ${tree} (its own migrations run on its copy)`);
      const server = await startServer({
        port: next++,
        persistTo: dir,
        assetsDir: null,
        seed: false,
        quiet: true,
      });
      servers[name] = { ...server, pids: workerdUnder(server.pid) };
    }
    return { servers, prepared, stop, say };
  } catch (error) {
    await stop();
    throw error;
  }
}
