// textlint-ja's rule test suites against noveler (issue 30 item 10): reads each suite's test
// file from a local mirror of its repository (fetched by the caller; nothing is copied into
// this repository), writes every case as one file of a temp dir, checks them all in one
// `noveler check` run and prints, per family, how many invalid cases raise one of the
// family's codes and how many valid cases do. Cases with rule options are left out: the goal
// is the rules' published behaviour on their defaults.
//
//   node scripts/textlint-suites.mjs [-v] [family …]
//   MIRROR=/work/.mirror BIN=target/debug/noveler
//
// A mirror is MIRROR/textlint-ja+<repo>/repo (a bare git directory: the test file is read
// with `git show HEAD:<file>`).
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { execFileSync } from "node:child_process";

const MIRROR = process.env.MIRROR || "/work/.mirror";
const BIN = path.resolve(process.env.BIN || "target/debug/noveler");
const SUITES = [
  { family: "abusage", repo: "textlint-rule-ja-no-abusage",
    files: ["test/no-variable-test.ts", "test/no-confusing-adjust-and-apply-test.ts"],
    codes: ["WORD_MISUSE", "HOMOPHONE_MISCONVERSION", "IDIOM_MISUSE", "OKURIGANA_ERROR", "TYPO"] },
  { family: "redundant", repo: "textlint-rule-ja-no-redundant-expression",
    files: ["test/index-test.ts"], codes: ["REDUNDANT_EXPRESSION", "TAUTOLOGY"] },
  { family: "doubled particles", repo: "textlint-rule-no-doubled-joshi",
    files: ["test/no-doubled-joshi-test.ts"], codes: ["REPEATED_CASE_PARTICLE", "DOUBLED_WORD", "DOUBLED_GA"] },
  { family: "double negatives", repo: "textlint-rule-no-double-negative-ja",
    files: ["test/no-doubled-negative-ja-test.js"], codes: ["DOUBLE_NEGATIVE"] },
  { family: "mixed styles", repo: "textlint-rule-no-mix-dearu-desumasu",
    files: ["test/no-mix-dearu-desumasu-test.js"], codes: ["POLITE_STYLE_MIXED"] },
];

/** The valid and invalid cases of one test file: the file is run with a stand-in tester. */
function load(repo, file) {
  const dir = path.join(MIRROR, `textlint-ja+${repo}`, "repo");
  const src = execFileSync("git", ["-C", dir, "show", `HEAD:${file}`], { encoding: "utf8" });
  const body = src.split("\n").filter((l) => !/^\s*import\s/.test(l) && !/require\(/.test(l)).join("\n");
  const specs = [];
  class TextLintTester { run(_name, _rule, spec) { specs.push(spec); } }
  new Function("TextLintTester", "rule", body)(TextLintTester, null);
  const norm = (c) => (typeof c === "string" ? { text: c } : c);
  return {
    valid: specs.flatMap((s) => (s.valid || []).map(norm)),
    invalid: specs.flatMap((s) => (s.invalid || []).map(norm)),
  };
}

/** Findings of each text, checked as one file each in one run. */
function check(texts) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "textlint-suites-"));
  try {
    fs.writeFileSync(path.join(dir, ".novelerrc.yaml"), "{}\n");
    fs.mkdirSync(path.join(dir, "p"));
    const name = (i) => `p${String(i).padStart(3, "0")}`;
    texts.forEach((t, i) => fs.writeFileSync(path.join(dir, "p", `${name(i)}.md`), t));
    let out;
    try {
      out = execFileSync(BIN, ["check", "p", "--format", "json", "--no-save", "--no-cache"],
        { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
    } catch (e) {
      out = e.stdout; // exit 1: findings at the gate
    }
    const by = {};
    for (const f of JSON.parse(out).result.files) by[path.basename(f.path, ".md")] = f.findings;
    return texts.map((_, i) => by[name(i)] || []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const verbose = process.argv.includes("-v");
const only = process.argv.slice(2).filter((a) => a !== "-v");
const total = { inv: 0, caught: 0, val: 0, alarms: 0 };
for (const s of SUITES.filter((s) => only.length === 0 || only.includes(s.family))) {
  const cases = s.files.map((f) => load(s.repo, f));
  const inv = cases.flatMap((c) => c.invalid).filter((c) => !c.options);
  const val = cases.flatMap((c) => c.valid).filter((c) => !c.options);
  const got = check([...inv, ...val].map((c) => c.text));
  const ours = (fs) => fs.filter((f) => s.codes.includes(f.code));
  let caught = 0;
  let alarms = 0;
  inv.forEach((c, i) => {
    const hit = ours(got[i]).length > 0;
    caught += hit;
    if (verbose) console.log(`${hit ? "caught" : "MISSED"} ${JSON.stringify(c.text).slice(0, 80)} ${ours(got[i]).map((f) => f.code).join(" ")}`);
  });
  val.forEach((c, j) => {
    const hits = ours(got[inv.length + j]);
    alarms += hits.length > 0;
    if (verbose && hits.length) console.log(`FALSE ALARM ${JSON.stringify(c.text).slice(0, 80)} ${hits.map((f) => `${f.code}:${f.excerpt}`).join(" ")}`);
  });
  console.log(`${s.family}: ${caught}/${inv.length} invalid cases caught; ${alarms}/${val.length} valid cases with a finding`);
  total.inv += inv.length; total.caught += caught; total.val += val.length; total.alarms += alarms;
}
console.log(`total: ${total.caught}/${total.inv} caught (${(100 * total.caught / Math.max(1, total.inv)).toFixed(0)}%); ${total.alarms}/${total.val} valid cases with a finding`);
