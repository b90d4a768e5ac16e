// A scripted agent over `noveler mcp` (stdio, raw JSON-RPC lines, so that servers the
// TypeScript SDK refuses — e.g. main before issue 15 — can be measured too): the ten writing
// stages of episode 4 and the 12-step check of episode 1 on a copy of the sample, with the
// submissions of fixtures/writing and fixtures/progressive. Prints calls, BPE tokens per
// call (o200k_base via gpt-tokenizer, offline), the largest reply and the totals.
// Tokens per call = the arguments the model writes + the reply it reads.
//
// A JSON-RPC error reply counts its error text. Tokenizer: gpt-tokenizer (npm).
// With a sixth argument (a project of many episodes, e.g. 200: benches/agent.sh makes one),
// it also calls every default-profile tool that reads the whole project there and prints
// each reply's tokens (issue 15: every reply ≤ 10,000 tokens on any project).
// usage: node benches/agent.mjs <npm-dir> <noveler> <project-copy> <profile> <fixtures-dir> [big-project]
//   profile: default (write_stage) or seed/full (write_step_N, as the seeds named them)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [npmDir, bin, root, profile, fixtures, bigRoot] = process.argv.slice(2);
const mod = (p) => import(pathToFileURL(join(npmDir, "node_modules", p)).href);
const { encode } = await mod("gpt-tokenizer/esm/encoding/o200k_base.js");
const tokens = (s) => encode(s).length;

const { spawn } = await import("node:child_process");
const { createInterface } = await import("node:readline");
async function connect(projectRoot) {
  const child = spawn(bin, ["mcp", "--project-root", projectRoot, "-q", "--tools", profile], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = new Map();
  createInterface({ input: child.stdout }).on("line", (line) => {
    const msg = JSON.parse(line);
    if (msg.id !== undefined && waiting.has(msg.id)) {
      waiting.get(msg.id)(msg);
      waiting.delete(msg.id);
    }
  });
  let nextId = 1;
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  await request("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "noveler-bench", version: "1" },
  });
  child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  return {
    listTools: async () => (await request("tools/list", {})).result,
    callTool: async ({ name, arguments: args }) => {
      const r = await request("tools/call", { name, arguments: args });
      if (r.error) throw new Error(JSON.stringify(r.error));
      return r.result;
    },
    close: async () => child.stdin.end(),
  };
}
let client = await connect(root);
const listed = await client.listTools();
const readTokens = listed.tools
  .map((t) => tokens(t.name + (t.description ?? "") + JSON.stringify(t.inputSchema)))
  .reduce((a, b) => a + b, 0);
console.log(`profile ${profile}: ${listed.tools.length} tools; names+descriptions+inputs ${readTokens} tokens; tools/list on the wire ${tokens(JSON.stringify(listed))} tokens`);

const json = (p) => JSON.parse(readFileSync(join(fixtures, p), "utf8"));
const seedNames = profile !== "default";

async function run(label, steps) {
  let total = 0, calls = 0, largest = { tokens: 0, what: "" };
  console.log(`\n${label}`);
  const state = {};
  for (const step of steps) {
    const [tool, args] = step(state);
    const sent = tokens(JSON.stringify(args));
    let r;
    try {
      r = await client.callTool({ name: tool, arguments: args });
    } catch (e) {
      r = { content: [{ type: "text", text: String(e?.message ?? e) }], isError: true, structuredContent: {} };
    }
    const text = r.content?.find((c) => c.type === "text")?.text ?? "";
    const got = tokens(text);
    const sc = r.structuredContent ?? {};
    state.last = sc;
    const sid = sc?.result?.session_id ?? sc?.result?.execution_result?.session_id;
    if (sid) state.session = sid;
    calls += 1;
    total += sent + got;
    if (got > largest.tokens) largest = { tokens: got, what: tool };
    const flag = r.isError ? ` ERROR ${sc?.error?.code ?? ""} ${(sc?.error?.message ?? text).slice(0, 80)}` : "";
    console.log(`  ${tool.padEnd(24)} in ${String(sent).padStart(6)}  out ${String(got).padStart(6)}${flag}`);
  }
  console.log(`  ${label}: ${calls} calls, ${total} tokens, largest reply ${largest.tokens} (${largest.what})`);
  return { total, largest: largest.tokens };
}

const stage = (n, withSubmission) => (s) => {
  const args = { episode: 4 };
  if (s.session) args.session_id = s.session;
  if (withSubmission) args.submission = json(`writing/stage${String(n).padStart(2, "0")}.json`);
  if (seedNames) return [`write_step_${n}`, args];
  return ["write_stage", { ...args, stage: n }];
};
const writing = [
  () => ["noveler_plot", { episode: 4, content: readFileSync(join(fixtures, "writing/plot_ep004.yaml"), "utf8") }],
  stage(1, false),
  ...Array.from({ length: 10 }, (_, i) => stage(i + 1, true)),
];
const check = [
  () => ["get_check_tasks", { episode: 1 }],
  ...Array.from({ length: 12 }, (_, i) => [
    () => ["execute_check_step", { episode: 1, step_id: i + 1 }],
    () => ["execute_check_step", { episode: 1, step_id: i + 1, llm_result: json(`progressive/step${String(i + 1).padStart(2, "0")}.json`) }],
  ]).flat(),
];
const w = await run("writing run (episode 4, 10 stages)", writing);
const c = await run("check run (episode 1, 12 steps)", check);
console.log(`\nTOTAL writing ${w.total} tokens, check ${c.total} tokens, largest reply ${Math.max(w.largest, c.largest)} tokens`);
await client.close();

if (bigRoot && !seedNames) {
  // The project-wide tools on a big project, then the pages they point to.
  client = await connect(bigRoot);
  const page = (s) => s.last?.page?.next;
  const next = (fallback) => (s) => {
    const n = page(s);
    return n ? [n.tool, n.arguments] : fallback;
  };
  const big = [
    () => ["status", {}],
    next(["status", { cursor: 30 }]),
    () => ["noveler_check", {}],
    next(["noveler_check", { cursor: 20 }]),
    () => ["noveler_check", { detail: "summary" }],
    () => ["noveler_check", { detail: "full" }],
    () => ["noveler_check", { episode: 1, full: true }],
    () => ["check_file_changes", {}],
    () => ["backup_management", { action: "list" }],
    () => ["noveler_complete", { episode: 1, dry_run: true }],
    () => ["check_fix", { episode: 1, dry_run: true }],
    () => ["noveler", { command: "rules" }],
    () => ["check_file_changes", {}],
  ];
  const b = await run(`project-wide tools (${bigRoot.split("/").pop()})`, big);
  console.log(`\nBIG largest reply ${b.largest} tokens`);
  await client.close();
}
