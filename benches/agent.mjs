// An agent over `noveler mcp` that does what the replies tell it (stdio, raw JSON-RPC lines,
// so that servers the TypeScript SDK refuses can be measured too), counting real BPE tokens
// (cl100k_base via gpt-tokenizer, offline): per call, the arguments the model writes plus the
// reply text it reads.
//
// - writing run: episode 4 of a copy of the sample, from the plot prompt to stage 10;
// - check run: the 12-step check of episode 1.
// Each reply's hint is followed: a stage's `submit` (its placeholder filled from
// fixtures/writing), a step's `submit` (fixtures/progressive), else `next_action`,
// `suggested_actions[0]`, `next_actions[0]`. Every `artifact:` a prompt lists under
// 「この段階で読む資料」 (a check step: every one it names) is fetched once per run, following
// the fetch's own pages. A call the replies did not offer is a "hint miss" (the script
// makes it anyway, so that an older server can be measured).
// Each run is made by reference and with NOVELER_DISABLE_ARTIFACTS=1, and the prompts of the
// two are compared (the seed 003 measure, on whole prompts). Then the generic `noveler`
// tool's `check` against the CLI's text, tools/list, and (sixth argument) the project-wide
// tools on a project of many episodes, following their pages.
//
// usage: node benches/agent.mjs <npm-dir> <noveler> <sample-dir> <profile> <fixtures-dir> [big-project]
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";

const [npmDir, bin, sample, profile, fixtures, bigRoot] = process.argv.slice(2);
const mod = (p) => import(pathToFileURL(join(npmDir, "node_modules", p)).href);
const { encode } = await mod("gpt-tokenizer/esm/encoding/cl100k_base.js");
const tokens = (s) => encode(s).length;
const json = (p) => JSON.parse(readFileSync(join(fixtures, p), "utf8"));
const plotYaml = readFileSync(join(fixtures, "writing/plot_ep004.yaml"), "utf8");
const pad2 = (n) => String(n).padStart(2, "0");
const dump = process.env.AGENT_BENCH_DUMP;

async function connect(projectRoot, env = {}) {
  const child = spawn(bin, ["mcp", "--project-root", projectRoot, "-q", "--tools", profile], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, ...env },
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
    callTool: async (name, args) => {
      const r = await request("tools/call", { name, arguments: args });
      if (r.error) {
        return { content: [{ type: "text", text: JSON.stringify(r.error) }], isError: true, rpcError: r.error };
      }
      return r.result;
    },
    close: async () => child.stdin.end(),
  };
}

/// A fresh copy of the sample project.
function copyOfSample() {
  const dir = mkdtempSync(join(tmpdir(), "noveler-agent-"));
  cpSync(sample, dir, { recursive: true });
  return dir;
}

/// One run: `first` is the first call; `fill(call)` completes a hint's placeholders; `done(sc)`
/// ends the run; `fallback(state)` is the call to make when the reply offers none.
async function run(label, client, { first, fill, done, fallback, quiet }) {
  const stats = { label, calls: 0, tokens: 0, misses: 0, fetches: 0, errors: 0, largest: 0, prompts: [] };
  const fetched = new Set();
  // What this agent sent (its stage outputs, its manuscript): in its context already.
  const sent = new Set();
  const say = (s) => quiet || console.log(s);
  say(`\n${label}`);
  const call = async (tool, args, note = "") => {
    const sent = tokens(JSON.stringify(args));
    const r = await client.callTool(tool, args);
    const text = r.content?.find((c) => c.type === "text")?.text ?? "";
    const got = tokens(text);
    stats.calls += 1;
    stats.tokens += sent + got;
    stats.largest = Math.max(stats.largest, got);
    const sc = r.structuredContent ?? {};
    let flag = "";
    if (r.isError) {
      stats.errors += 1;
      flag = ` ERROR ${sc?.error?.code ?? ""} ${(sc?.error?.message ?? text).slice(0, 90)}`;
    }
    say(`  ${tool.padEnd(24)} in ${String(sent).padStart(6)}  out ${String(got).padStart(6)}${note}${flag}`);
    if (dump) {
      // AGENT_BENCH_DUMP=<dir>: every call and reply as the agent saw it, to read where tokens go.
      const dir = join(dump, label.replace(/[^A-Za-z0-9=]+/g, "_"));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${pad2(stats.calls)}_${tool}.txt`), `${JSON.stringify(args, null, 1)}\n----\n${text}`);
    }
    return sc;
  };
  const fetchAll = async (ids) => {
    for (const id of ids) {
      if (fetched.has(id)) continue;
      fetched.add(id);
      stats.fetches += 1;
      let sc = await call("fetch_artifact", { artifact_id: id }, "  (read)");
      // A long artifact comes in pages: read them all.
      for (let hop = 0; hop < 50; hop++) {
        const next = pageNext(sc);
        if (!next) break;
        sc = await call(next.tool, next.arguments, "  (page)");
      }
    }
  };
  let sc = null;
  let good = null;
  let next = first;
  const made = new Set();
  for (let i = 0; i < 80 && next; i++) {
    const args = fill(next);
    made.add(JSON.stringify([next.tool, args]));
    sc = await call(next.tool, args);
    if (sc?.success !== false) good = sc;
    for (const id of submittedIds(sc)) sent.add(id);
    const prompt = promptOf(sc);
    if (prompt) {
      stats.prompts.push({ key: prompt.key, tokens: tokens(prompt.text) });
      await fetchAll(artifactsToRead(prompt));
      // Said to be in hand but never sent by this agent: it must fetch it (a miss).
      const claimed = artifactsYouHave(prompt).filter((id) => !fetched.has(id) && !sent.has(id));
      if (claimed.length) {
        stats.misses += claimed.length;
        say(`    (hint miss: ${claimed.join(", ")} said to be the agent's own, but it never sent them)`);
        await fetchAll(claimed);
      }
    }
    if (done(sc)) break;
    next = hintOf(sc);
    // A hint that repeats a call already made goes nowhere (the same prompt again).
    const why = !next ? "the reply offered no call" : made.has(JSON.stringify([next.tool, fill(next)])) ? `${next.tool} repeats a call already made` : null;
    if (why) {
      next = fallback(good);
      if (next) {
        stats.misses += 1;
        say(`    (hint miss: ${why}; the script calls ${next.tool})`);
      }
    }
  }
  say(`  ${label}: ${stats.calls} calls (${stats.fetches} artifact reads), ${stats.tokens} tokens, largest reply ${stats.largest}, hint misses ${stats.misses}, errors ${stats.errors}`);
  return stats;
}

/// The prompt a reply carries, with a key saying which stage or step it is.
function promptOf(sc) {
  const r = sc?.result ?? {};
  if (typeof r.stage?.prompt === "string") return { key: `stage ${r.stage.step}`, text: r.stage.prompt, kind: "stage" };
  if (typeof r.prompt === "string" && sc.command === "plot") return { key: "plot", text: r.prompt, kind: "stage" };
  if (typeof r.llm_instruction === "string" && r.step_id) return { key: `step ${r.step_id}`, text: r.llm_instruction, kind: "step" };
  return null;
}

/// The artifact ids of a prompt's section `### <heading>…` (to the next heading).
function idsUnder(text, heading) {
  const start = text.indexOf(`### ${heading}`);
  if (start < 0) return [];
  text = text.slice(start);
  const end = text.indexOf("\n##", 5);
  if (end > 0) text = text.slice(0, end);
  return [...new Set(text.match(/artifact:[0-9a-f]{12}/g) ?? [])];
}

/// The artifacts a prompt asks to read: a stage's 「この段階で読む資料」, every one a step names.
function artifactsToRead(p) {
  if (p.kind === "stage") return idsUnder(p.text, "この段階で読む資料");
  return [...new Set(p.text.match(/artifact:[0-9a-f]{12}/g) ?? [])];
}

/// What a stage prompt says the agent already has (「あなたが提出したもの」: its own
/// submissions). The agent relies on its memory only for what it really sent.
const artifactsYouHave = (p) => (p.kind === "stage" ? idsUnder(p.text, "あなたが提出したもの") : []);

/// The artifacts a reply says were made of what the agent sent (its stage output, its manuscript).
function submittedIds(sc) {
  const s = sc?.result?.submitted ?? {};
  return [s.artifact_id, s.manuscript?.artifact_id].filter((x) => typeof x === "string");
}

const isCall = (v) => v && typeof v === "object" && typeof v.tool === "string" && v.arguments && typeof v.arguments === "object";

/// The next page of a paged reply.
function pageNext(sc) {
  if (isCall(sc?.page?.next)) return sc.page.next;
  if (isCall(sc?.result?.next)) return sc.result.next;
  const cut = (sc?.truncated ?? []).find((t) => isCall(t.next));
  return cut ? cut.next : null;
}

/// The call a reply tells the agent to make next.
function hintOf(sc) {
  const r = sc?.result ?? {};
  const submit = r.stage?.submit ?? r.submit;
  if (submit) {
    if (isCall(submit)) return submit;
    if (submit.mcp_tool) return { tool: submit.mcp_tool, arguments: submit.mcp_arguments ?? {} };
  }
  for (const v of [r.next_action, sc?.next, sc?.error?.suggested_action]) {
    const c = asCall(v);
    if (c) return c;
  }
  for (const list of [r.suggested_actions, r.next_actions, r.submitted?.suggested_actions]) {
    for (const v of list ?? []) {
      const c = asCall(v);
      if (c) return c;
    }
  }
  return null;
}

/// A call object, or the seed profile's text form of one: `tool {json} — why`.
function asCall(v) {
  if (isCall(v)) return v;
  if (typeof v !== "string") return null;
  const m = v.trim().match(/^([a-z0-9_]+)(?:\s*(\{.*?\}))?(?:\s+—\s.*)?$/s);
  if (!m) return null;
  try {
    const args = m[2] ? JSON.parse(m[2]) : {};
    return args && typeof args === "object" && !Array.isArray(args) ? { tool: m[1], arguments: args } : null;
  } catch {
    return null;
  }
}

/// A placeholder an agent fills: `"<…>"`.
const placeholder = (v) => typeof v === "string" && /^<.*>$/s.test(v.trim());

function stageOf(call) {
  const m = /^write_step_(\d+)$/.exec(call.tool);
  return m ? Number(m[1]) : call.arguments.stage ?? call.arguments.step_id;
}

const writingFill = (call) => {
  const args = { ...call.arguments };
  for (const [k, v] of Object.entries(args)) {
    if (!placeholder(v)) continue;
    if (k === "submission") args[k] = json(`writing/stage${pad2(stageOf(call))}.json`);
    else if (k === "content") args[k] = plotYaml;
  }
  return args;
};

const checkFill = (call) => {
  const args = { ...call.arguments };
  for (const [k, v] of Object.entries(args)) {
    if (placeholder(v) && k === "llm_result") {
      // The judgment names the text it judged, as the placeholder says (issue 32 item 5).
      const judged = json(`progressive/step${pad2(args.step_id)}.json`);
      const sha = v.match(/[0-9a-f]{64}/);
      if (sha) judged.manuscript_sha256 = sha[0];
      args[k] = judged;
    }
  }
  return args;
};

const seedNames = profile !== "default";
const writeCall = (n, sc, withSubmission) => {
  const args = { episode: 4 };
  const sid = sc?.result?.session_id;
  if (sid) args.session_id = sid;
  if (withSubmission) args.submission = "<出力>";
  return seedNames ? { tool: `write_step_${n}`, arguments: args } : { tool: "write_stage", arguments: { ...args, stage: n } };
};

const writing = {
  first: { tool: "noveler_plot", arguments: { episode: 4 } },
  fill: writingFill,
  done: (sc) => sc?.result?.status === "completed" || sc?.result?.submitted?.step === 10,
  fallback: (sc) => {
    const r = sc?.result ?? {};
    if (sc?.command === "plot" && r.status === "prompt") return { tool: "noveler_plot", arguments: { episode: 4, content: "<YAML>" } };
    if (sc?.command === "plot") return writeCall(1, sc, false);
    const n = r.stage?.step;
    return n ? writeCall(n, sc, true) : null;
  },
};

const check = {
  first: { tool: "get_check_tasks", arguments: { episode: 1 } },
  fill: checkFill,
  done: (sc) => sc?.result?.step_id === 12 && sc?.result?.llm_pending === false,
  fallback: (sc) => {
    const r = sc?.result ?? {};
    if (sc?.command === "progressive_tasks") return { tool: "execute_check_step", arguments: { episode: 1, step_id: 1 } };
    if (r.llm_pending) return { tool: "execute_check_step", arguments: { episode: 1, step_id: r.step_id, llm_result: "<判断>" } };
    if (r.next_step) return { tool: "execute_check_step", arguments: { episode: 1, step_id: r.next_step } };
    return null;
  },
};

async function flow(label, spec, env, quiet = false) {
  const root = copyOfSample();
  const client = await connect(root, env);
  try {
    return await run(label, client, { ...spec, quiet });
  } finally {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  }
}

// tools/list
{
  const root = copyOfSample();
  const client = await connect(root);
  const listed = await client.listTools();
  const visible = listed.tools
    .map((t) => tokens(t.name + (t.description ?? "") + JSON.stringify(t.inputSchema)))
    .reduce((a, b) => a + b, 0);
  console.log(`profile ${profile}: ${listed.tools.length} tools; names+descriptions+input schemas ${visible} tokens (cl100k); tools/list on the wire ${tokens(JSON.stringify(listed))} tokens`);
  await client.close();

  // The generic tool's `check` against the CLI's own text, on the sample.
  const cli = spawnSync(bin, ["check"], { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  const generic = await connect(root);
  const r = await generic.callTool("noveler", { command: "check" });
  const text = r.content?.find((c) => c.type === "text")?.text ?? "";
  console.log(`generic \`noveler {"command": "check"}\` reply ${tokens(text)} tokens; CLI \`noveler check\` text ${tokens(cli.stdout)} tokens`);
  await generic.close();
  rmSync(root, { recursive: true, force: true });
}

const off = { NOVELER_DISABLE_ARTIFACTS: "1" };
const w = await flow("writing run by reference (episode 4: plot, 10 stages)", writing, {});
const wOff = await flow("writing run, NOVELER_DISABLE_ARTIFACTS=1", writing, off);
const c = await flow("check run by reference (episode 1, 12 steps)", check, {});
const cOff = await flow("check run, NOVELER_DISABLE_ARTIFACTS=1", check, off);

function reduction(byRef, embedded) {
  const ref = new Map(byRef.prompts.map((p) => [p.key, p.tokens]));
  let a = 0, b = 0;
  const rows = [];
  for (const p of embedded.prompts) {
    if (!ref.has(p.key)) continue;
    a += ref.get(p.key);
    b += p.tokens;
    rows.push(`${p.key} ${ref.get(p.key)}/${p.tokens}`);
  }
  const pct = b ? (100 * (1 - a / b)).toFixed(1) : "n/a";
  return { pct, a, b, rows };
}
const rw = reduction(w, wOff);
const rc = reduction(c, cOff);
console.log(`\nprompts by reference / embedded (tokens): ${rw.rows.join(", ")}`);
console.log(`  writing prompts ${rw.a} by reference vs ${rw.b} embedded: ${rw.pct}% smaller`);
console.log(`  check prompts ${rc.a} by reference vs ${rc.b} embedded: ${rc.pct}% smaller`);
console.log(`\nTOTAL writing ${w.tokens} tokens by reference (${w.calls} calls), ${wOff.tokens} without artifacts (${wOff.calls} calls)`);
console.log(`TOTAL check ${c.tokens} tokens by reference (${c.calls} calls), ${cOff.tokens} without artifacts (${cOff.calls} calls)`);
console.log(`hint misses: writing ${w.misses}/${wOff.misses}, check ${c.misses}/${cOff.misses}; largest reply ${Math.max(w.largest, wOff.largest, c.largest, cOff.largest)} tokens`);

if (bigRoot && !seedNames) {
  // The project-wide tools on a big project, each followed through its pages.
  const client = await connect(bigRoot);
  let largest = 0;
  console.log(`\nproject-wide tools on ${bigRoot.split("/").pop()}`);
  const starts = [
    ["status", {}],
    ["noveler_check", {}],
    ["noveler_check", { detail: "summary" }],
    ["noveler_check", { detail: "full" }],
    ["noveler_check", { episode: 1, full: true }],
    ["check_file_changes", {}],
    ["backup_management", { action: "list" }],
    ["noveler_complete", { episode: 1, dry_run: true }],
    ["check_fix", { episode: 1, dry_run: true }],
    ["noveler", { command: "rules" }],
    ["noveler", { command: "check" }],
  ];
  for (const [tool, args] of starts) {
    let call = { tool, arguments: args };
    const seen = new Set();
    let hops = 0, items = 0, sum = 0, max = 0, empty = 0, loop = false;
    while (call && hops < 60) {
      const key = JSON.stringify(call);
      if (seen.has(key)) { loop = true; break; }
      seen.add(key);
      const r = await client.callTool(call.tool, call.arguments);
      const text = r.content?.find((c) => c.type === "text")?.text ?? "";
      const t = tokens(text) + tokens(JSON.stringify(call.arguments));
      sum += t;
      max = Math.max(max, t);
      const sc = r.structuredContent ?? {};
      const shown = sc?.page?.shown ?? (Array.isArray(sc?.result?.page) ? sc.result.page.length : null);
      if (shown === 0) empty += 1;
      items += shown ?? 0;
      hops += 1;
      call = pageNext(sc);
    }
    largest = Math.max(largest, max);
    console.log(`  ${tool} ${JSON.stringify(args).padEnd(34)} ${hops} call(s), ${sum} tokens, largest ${max}${empty ? `, ${empty} empty page(s)` : ""}${loop ? ", LOOPS" : ""}`);
  }
  console.log(`BIG largest reply ${largest} tokens`);
  await client.close();
}
