//! Every hint is a call that works (issue 33): an agent that does only what replies tell it
//! walks the writing flow, the 12-step check, the fix loop, status and complete in each
//! profile, through rmcp's client over the built binary. At every reply it calls every hint
//! the reply gives — literally, with only the `"<…>"` placeholders filled with what an agent
//! writes (a stage's output, a step's judgment, a plot) — and follows every page to its
//! end. It fails on a hint naming a tool the profile does not list (in a call or in any text
//! of the reply), on missing or invalid arguments, and on a page that is empty, repeats or
//! goes past the reply budget.

use noveler::next::NextStep;
use rmcp::model::{CallToolRequestParams, Tool};
use rmcp::service::RunningService;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Map, Value};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

mod common;
use common::BIN;

type Client = RunningService<RoleClient, ()>;
/// A call: tool and arguments.
type Call = (String, Map<String, Value>);

/// One agent on one project in one profile.
struct Agent {
    client: Client,
    tools: HashMap<String, Tool>,
    /// Names of the full table no reply may mention unless listed.
    table: Vec<String>,
    profile: &'static str,
    calls: usize,
    problems: Vec<String>,
    /// The agent's writing plan (STEP7 output) when not the fixture's.
    plan: Option<Value>,
    /// Calls made at the end of a walk (where its main hint stops), before that reply's side
    /// hints, their own hints called in turn.
    at_end: Vec<Call>,
    /// The call is meant to fail (the error flow): its own U001 is not a problem.
    provoking: bool,
}

fn fixture(p: &str) -> Value {
    let path = common::manifest().join("fixtures").join(p);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{p}: {e}"));
    if p.ends_with(".json") {
        serde_json::from_str(&text).unwrap()
    } else {
        Value::String(text)
    }
}

/// The first 64-hex-digit word of a text.
fn sha256_in(text: &str) -> Option<&str> {
    text.split(|c: char| !c.is_ascii_hexdigit())
        .find(|w| w.len() == 64)
}

fn is_placeholder(v: &Value) -> bool {
    v.as_str()
        .is_some_and(|s| s.trim().starts_with('<') && s.trim().ends_with('>'))
}

/// The tool-like words of a text (`[a-z0-9_]+` containing `_`).
fn words(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
        .filter(|w| w.contains('_') && !w.starts_with('_') && !w.ends_with('_'))
        .collect()
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(m) => m.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

// Keys whose strings are the author's text, printed output, echoed arguments or paths:
// quoted as they are (the renderer's own list, so the check and the renderer agree on what
// prose is).
use noveler::mcp::hints::NOT_PROSE;

/// The command lines (`noveler` and a subcommand) quoted in a reply's prose (outside
/// `NOT_PROSE`): an MCP agent needs the profile's call instead.
fn cli_lines(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => {
            for (i, _) in s.match_indices("noveler ") {
                let before = s[..i].chars().next_back();
                let after = s[i + "noveler ".len()..].chars().next();
                let word =
                    before.is_some_and(|c| c.is_ascii_alphanumeric() || "_-/.\\".contains(c));
                if !word && after.is_some_and(|c| c.is_ascii_lowercase()) {
                    out.push(s[i..].chars().take(48).collect());
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| cli_lines(x, out)),
        Value::Object(m) => m
            .iter()
            .filter(|(k, _)| !NOT_PROSE.contains(&k.as_str()))
            .for_each(|(_, x)| cli_lines(x, out)),
        _ => {}
    }
}

impl Agent {
    async fn start(root: &Path, profile: &'static str) -> Agent {
        let root = root.to_path_buf();
        let transport =
            TokioChildProcess::new(tokio::process::Command::new(BIN).configure(move |cmd| {
                cmd.arg("mcp").arg("--project-root").arg(&root).arg("-q");
                cmd.arg("--tools").arg(profile);
            }))
            .expect("spawn");
        let client = ().serve(transport).await.expect("initialize");
        let listed = client.list_all_tools().await.expect("tools/list");
        let tools: HashMap<String, Tool> = listed
            .into_iter()
            .map(|t| (t.name.to_string(), t))
            .collect();
        let mut table: Vec<String> = noveler::mcp::tools::all()
            .iter()
            .map(|t| t.name.to_string())
            .filter(|n| n.contains('_'))
            // Stage 8's id is also the seed's name of the tool that goes straight to it.
            .filter(|n| n != "write_manuscript_draft")
            .collect();
        // The short forms of the seed's progressive_check_* names.
        table.extend(
            [
                "end_session",
                "repeat_step",
                "start_session",
                "execute_step",
            ]
            .map(String::from),
        );
        let mut agent = Agent {
            client,
            tools,
            table,
            profile,
            calls: 0,
            problems: Vec::new(),
            plan: None,
            at_end: Vec::new(),
            provoking: false,
        };
        let instructions = agent
            .client
            .peer_info()
            .and_then(|i| i.instructions.clone())
            .unwrap_or_default();
        agent.names_only_listed_tools("instructions", &[instructions]);
        agent
    }

    fn problem(&mut self, p: String) {
        eprintln!("PROBLEM [{}] {p}", self.profile);
        self.problems.push(p);
    }

    fn names_only_listed_tools(&mut self, what: &str, texts: &[String]) {
        let mut bad = BTreeSet::new();
        for t in texts {
            for w in words(t) {
                if self.table.iter().any(|n| n == w) && !self.tools.contains_key(w) {
                    bad.insert(w.to_string());
                }
            }
        }
        if !bad.is_empty() {
            self.problem(format!(
                "{what} names tools this profile does not list: {bad:?}"
            ));
        }
    }

    /// Calls `tool`; returns the structured reply (None on a JSON-RPC error).
    async fn call(&mut self, tool: &str, args: Map<String, Value>, why: &str) -> Option<Value> {
        self.calls += 1;
        assert!(self.calls < 600, "the walk does not end");
        let Some(listed) = self.tools.get(tool).cloned() else {
            self.problem(format!("{why}: `{tool}` is not a tool of this profile"));
            return None;
        };
        // Arguments complete enough to succeed: every required one present.
        let required: Vec<String> = listed
            .input_schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| {
                r.iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        for r in &required {
            if !args.contains_key(r) {
                self.problem(format!(
                    "{why}: {tool} without its required `{r}`: {args:?}"
                ));
            }
        }
        let result = self
            .client
            .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(args.clone()))
            .await;
        let result = match result {
            Ok(r) => r,
            Err(e) => {
                self.problem(format!("{why}: {tool} {args:?} → JSON-RPC error {e}"));
                return None;
            }
        };
        let sc = result.structured_content.clone().unwrap_or(Value::Null);
        let text = result
            .content
            .iter()
            .find_map(|c| c.as_text().map(|t| t.text.clone()))
            .unwrap_or_default();
        let tokens = noveler::mcp::reply::approx_tokens(&text);
        if tokens > 10_000 {
            self.problem(format!("{why}: {tool} replied {tokens} tokens (> 10,000)"));
        }
        if let Some(schema) = listed.output_schema.as_ref() {
            let schema = Value::Object(schema.as_ref().clone());
            if let Ok(v) = jsonschema::validator_for(&schema) {
                let errors: Vec<String> = v.iter_errors(&sc).map(|e| e.to_string()).collect();
                if !errors.is_empty() {
                    self.problem(format!(
                        "{why}: {tool} reply does not fit its outputSchema: {errors:?}"
                    ));
                }
            }
        }
        if result.is_error == Some(true) {
            let code = sc["error"]["code"].as_str().unwrap_or("");
            if code == "U001" && !self.provoking {
                self.problem(format!(
                    "{why}: {tool} {} → invalid arguments: {}",
                    Value::Object(args),
                    sc["error"]["message"]
                ));
            }
        }
        let mut texts = Vec::new();
        strings(&sc, &mut texts);
        self.names_only_listed_tools(&format!("{why}: the reply of {tool}"), &texts);
        let mut quoted = Vec::new();
        cli_lines(&sc, &mut quoted);
        if !quoted.is_empty() {
            self.problem(format!(
                "{why}: the reply of {tool} quotes CLI lines, not this profile's calls: {quoted:?}"
            ));
        }
        Some(sc)
    }

    /// The calls a reply offers: `{tool, arguments}` objects anywhere, and in the seed
    /// profile the seed's forms (hint text `tool {json} — why`, `claude_guidance`).
    fn hints(&self, sc: &Value) -> Vec<Call> {
        let mut out = Vec::new();
        for m in noveler::mcp::hints::calls_in(sc) {
            let tool = m["tool"].as_str().unwrap_or_default().to_string();
            let args = m["arguments"].as_object().cloned().unwrap_or_default();
            out.push((tool, args));
        }
        fn seed_forms(v: &Value, out: &mut Vec<Call>) {
            match v {
                Value::Object(m) => {
                    for (k, c) in m {
                        let action = noveler::mcp::hints::ACTION_KEYS.contains(&k.as_str());
                        let texts: Vec<&str> = match c {
                            Value::String(s) if action => vec![s.as_str()],
                            Value::Array(a) if action => {
                                a.iter().filter_map(Value::as_str).collect()
                            }
                            _ => Vec::new(),
                        };
                        for t in texts {
                            if let Some(s) = NextStep::parse(t) {
                                out.push((s.tool, s.arguments));
                            }
                        }
                        if k == "claude_guidance" {
                            // The tool with its parameters (its `suggested_action` is a name,
                            // not a call of its own); null: no tool helps.
                            if let Some(action) = c["suggested_action"].as_str() {
                                let p = c["parameters"].as_object().cloned();
                                out.push((action.into(), p.unwrap_or_default()));
                            }
                            continue;
                        }
                        if k == "alternative_actions" {
                            for a in c.as_array().into_iter().flatten() {
                                if let Some(action) = a["action"].as_str() {
                                    let p = a["parameters"].as_object().cloned();
                                    out.push((action.into(), p.unwrap_or_default()));
                                }
                            }
                        }
                        seed_forms(c, out);
                    }
                }
                Value::Array(a) => a.iter().for_each(|c| seed_forms(c, out)),
                _ => {}
            }
        }
        if self.profile == "seed" {
            seed_forms(sc, &mut out);
        }
        let mut seen = HashSet::new();
        out.retain(|h| seen.insert(serde_json::to_string(h).unwrap()));
        out
    }

    /// The placeholders filled as an agent would: its output for the stage or step.
    fn fill(&self, tool: &str, mut args: Map<String, Value>) -> Map<String, Value> {
        let stage = tool
            .strip_prefix("write_step_")
            .and_then(|n| n.parse::<u64>().ok())
            .or_else(|| args.get("stage").and_then(Value::as_u64));
        let step = args.get("step_id").and_then(Value::as_u64);
        for (k, v) in args.iter_mut() {
            if !is_placeholder(v) {
                continue;
            }
            *v = match (k.as_str(), stage, step) {
                ("submission", Some(7), _) if self.plan.is_some() => self.plan.clone().unwrap(),
                ("submission", Some(n), _) => fixture(&format!("writing/stage{n:02}.json")),
                ("llm_result", _, Some(n)) => {
                    // The judgment names the text it judged, as the placeholder says.
                    let mut judged = fixture(&format!("progressive/step{n:02}.json"));
                    if let Some(sha) = v.as_str().and_then(sha256_in) {
                        judged["manuscript_sha256"] = Value::String(sha.to_string());
                    }
                    judged
                }
                ("content", _, _) if tool == "noveler_plot" => fixture("writing/plot_ep004.yaml"),
                ("content", _, _) => fixture("writing/stage08_manuscript.md"),
                _ => panic!("no agent output for placeholder {k} of {tool}: {v}"),
            };
        }
        args
    }

    /// Follows the pages of a reply to their end: no empty page pointing on, no call twice.
    async fn pages(&mut self, sc: &Value, why: &str) {
        let mut seen = HashSet::new();
        let mut current = sc.clone();
        for _ in 0..200 {
            let next = current["page"]["next"].as_object().cloned().or_else(|| {
                current["truncated"]
                    .as_array()
                    .and_then(|cuts| cuts.iter().find_map(|c| c["next"].as_object().cloned()))
            });
            let Some(next) = next else { return };
            let key = Value::Object(next.clone()).to_string();
            if !seen.insert(key.clone()) {
                self.problem(format!("{why}: a page points back to {key}"));
                return;
            }
            let tool = next["tool"].as_str().unwrap_or_default().to_string();
            let args = next["arguments"].as_object().cloned().unwrap_or_default();
            let Some(page) = self.call(&tool, args, why).await else {
                return;
            };
            let shown = page["page"]["shown"].as_u64();
            let pointing_on = page["page"]["next"].is_object();
            if shown == Some(0) && pointing_on {
                self.problem(format!("{why}: an empty page points on ({key})"));
                return;
            }
            current = page;
        }
        self.problem(format!("{why}: more than 200 pages"));
    }

    /// Calls every hint of `sc` but `main` (side hints; their replies are checked, not
    /// walked further), following their pages.
    async fn side_hints(&mut self, sc: &Value, main: Option<&Call>, why: &str) {
        self.pages(sc, why).await;
        for (tool, args) in self.hints(sc) {
            if main.is_some_and(|m| m.0 == tool && m.1 == args) {
                continue;
            }
            if is_page_hint(sc, &tool, &args) {
                continue;
            }
            let args = self.fill(&tool, args);
            let what = format!("{why} → hint {tool}");
            if let Some(reply) = self.call(&tool, args, &what).await {
                self.pages(&reply, &what).await;
            }
        }
    }

    /// Walks from `first`, following the main hint of each reply (`pick`) and calling every
    /// other hint once; returns the replies of the main path.
    async fn walk(
        &mut self,
        first: (&str, Value),
        pick: fn(&Value) -> Option<Call>,
        limit: usize,
    ) -> Vec<Value> {
        let mut replies = Vec::new();
        let mut next = Some((first.0.to_string(), first.1.as_object().cloned().unwrap()));
        let mut made = HashSet::new();
        while let Some((tool, args)) = next.take() {
            let args = self.fill(&tool, args);
            let key = format!("{tool} {}", Value::Object(args.clone()));
            if !made.insert(key.clone()) {
                self.problem(format!("the main hint repeats a call already made: {key}"));
                break;
            }
            let Some(sc) = self
                .call(&tool, args, &format!("{}: {tool}", first.0))
                .await
            else {
                break;
            };
            let main = pick(&sc);
            if main.is_none() {
                for (tool, args) in std::mem::take(&mut self.at_end) {
                    let what = format!("{}: {tool} at the end", first.0);
                    if let Some(reply) = self.call(&tool, args, &what).await {
                        replies.push(reply.clone());
                        self.side_hints(&reply, None, &what).await;
                    }
                }
            }
            self.side_hints(&sc, main.as_ref(), &format!("{}: {tool}", first.0))
                .await;
            replies.push(sc);
            if replies.len() >= limit {
                break;
            }
            next = main;
        }
        replies
    }
}

fn is_page_hint(sc: &Value, tool: &str, args: &Map<String, Value>) -> bool {
    let same = |n: &Value| n["tool"] == tool && n["arguments"].as_object() == Some(args);
    same(&sc["page"]["next"])
        || sc["truncated"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| same(&c["next"])))
}

fn as_call(v: &Value) -> Option<Call> {
    Some((
        v["tool"].as_str()?.to_string(),
        v["arguments"].as_object()?.clone(),
    ))
}

fn seed_call(v: &Value) -> Option<Call> {
    if let Some(c) = as_call(v) {
        return Some(c);
    }
    if let Some(tool) = v["mcp_tool"].as_str() {
        return Some((tool.to_string(), v["mcp_arguments"].as_object()?.clone()));
    }
    let s = NextStep::parse(v.as_str()?)?;
    Some((s.tool, s.arguments))
}

/// The main hint of a writing reply: a stage's submission, else the first suggestion.
fn writing_main(sc: &Value) -> Option<Call> {
    let r = &sc["result"];
    if r["status"] == "completed" {
        return None;
    }
    seed_call(&r["stage"]["submit"]).or_else(|| {
        r["suggested_actions"]
            .as_array()?
            .iter()
            .find_map(seed_call)
    })
}

/// The main hint of a writing reply until stage 10 is held back by an unmet criterion of
/// the plan; the hints of that reply (submit again, or waiving) are its side hints.
fn held_main(sc: &Value) -> Option<Call> {
    let submitted = &sc["result"]["submitted"];
    let held = submitted["step"] == 10
        && submitted["criteria"]["unmet"]
            .as_array()
            .is_some_and(|u| !u.is_empty());
    if held {
        return None;
    }
    writing_main(sc)
}

/// The fixture's writing plan with a phrase the manuscript lacks and a name it uses.
fn strict_plan() -> Value {
    let mut plan = fixture("writing/stage07.json");
    let brief = &mut plan["writing_brief"];
    brief["must_include"]
        .as_array_mut()
        .unwrap()
        .push("「月の見えない夜」".into());
    brief["must_avoid"]
        .as_array_mut()
        .unwrap()
        .push("玄斎".into());
    plan
}

/// The main hint of a check reply: its `next_action`, until step 12 is judged.
fn check_main(sc: &Value) -> Option<Call> {
    let r = &sc["result"];
    if r["step_id"] == 12 && r["llm_pending"] == false {
        return None;
    }
    seed_call(&r["next_action"])
}

fn first_action(sc: &Value) -> Option<Call> {
    let r = &sc["result"];
    [
        &r["next_action"],
        &r["next_actions"][0],
        &r["suggested_actions"][0],
    ]
    .into_iter()
    .find_map(seed_call)
}

async fn walk_profile(profile: &'static str) {
    let mut problems = Vec::new();
    let mut calls = 0;
    // Each flow on its own copy of the sample: a side hint of one cannot upset another.
    for flow in [
        "writing", "held", "check", "fix", "status", "complete", "errors",
    ] {
        let (_guard, root) = common::sample_in("project");
        let mut agent = Agent::start(&root, profile).await;
        match flow {
            "writing" => {
                let replies = agent
                    .walk(("noveler_plot", json!({"episode": 4})), writing_main, 40)
                    .await;
                let last = replies.last().cloned().unwrap_or_default();
                assert_eq!(
                    last["result"]["status"], "completed",
                    "[{profile}] the writing flow did not finish by following hints: {last:#}"
                );
            }
            "held" => {
                // Stage 10 held back by the plan: complete refuses for the same reason (its
                // hints: the session's state, again, force), then stage 10 again, or waived.
                agent.plan = Some(strict_plan());
                agent.at_end = vec![(
                    "noveler_complete".into(),
                    json!({"episode": 4}).as_object().cloned().unwrap(),
                )];
                let replies = agent
                    .walk(("noveler_plot", json!({"episode": 4})), held_main, 40)
                    .await;
                let refused = replies
                    .iter()
                    .find(|r| r["result"]["quality"]["refusals"].is_array())
                    .cloned()
                    .unwrap_or_default();
                assert!(
                    refused["result"]["quality"]["refusals"]
                        .to_string()
                        .contains("criterion_unmet"),
                    "[{profile}] complete did not refuse on the plan: {refused:#}"
                );
                let first = first_action(&refused);
                assert!(
                    first
                        .as_ref()
                        .is_some_and(|c| agent.tools.contains_key(&c.0)),
                    "[{profile}] a refused completion's first hint is not a listed tool: {first:?}"
                );
            }
            "check" => {
                let replies = agent
                    .walk(("get_check_tasks", json!({"episode": 1})), check_main, 40)
                    .await;
                let last = replies.last().cloned().unwrap_or_default();
                assert_eq!(
                    (&last["result"]["step_id"], &last["result"]["passed"]),
                    (&json!(12), &json!(true)),
                    "[{profile}] the 12-step check did not finish by following hints: {last:#}"
                );
            }
            "fix" => {
                agent
                    .walk(("noveler_check", json!({"episode": 3})), first_action, 6)
                    .await;
                agent
                    .walk(
                        (
                            "check_fix",
                            json!({"episode": 3, "dry_run": true, "fix_level": "standard"}),
                        ),
                        first_action,
                        6,
                    )
                    .await;
            }
            "status" => {
                agent.walk(("status", json!({})), first_action, 4).await;
            }
            "errors" => {
                // Each error's reply is checked and every hint it gives is called.
                for (tool, args) in [
                    ("noveler_check", json!({"episode": 99})),
                    ("noveler_check", json!({"episod": 1})),
                    ("noveler_plot", json!({"episode": 0})),
                    ("write_stage", json!({"episode": 99})),
                    ("write_stage", json!({"episode": 1, "stage": 99})),
                    ("execute_check_step", json!({"episode": 1, "step_id": 99})),
                    ("check_fix", json!({"episode": 1, "expected_sha256": "00"})),
                    ("noveler_complete", json!({"episode": 99})),
                    (
                        "fetch_artifact",
                        json!({"artifact_id": "artifact:0123456789ab"}),
                    ),
                ] {
                    let why = format!("errors: {tool} {args}");
                    agent.provoking = true;
                    let reply = agent
                        .call(tool, args.as_object().cloned().unwrap(), &why)
                        .await;
                    agent.provoking = false;
                    let Some(sc) = reply else { continue };
                    assert_eq!(sc["success"], false, "[{profile}] {why}: {sc:#}");
                    // An error is never a dead end: it offers a call that gets on.
                    if agent.hints(&sc).is_empty() {
                        agent.problem(format!("{why}: the error offers no call: {}", sc["error"]));
                    }
                    agent.side_hints(&sc, None, &why).await;
                }
            }
            _ => {
                agent
                    .walk(
                        ("noveler_complete", json!({"episode": 1, "dry_run": true})),
                        first_action,
                        4,
                    )
                    .await;
                agent
                    .walk(("noveler_complete", json!({"episode": 2})), first_action, 4)
                    .await;
                // A draft far short of the band: refused, with force among the hints.
                let text =
                    std::fs::read_to_string(root.join("40_原稿/第003話_迷い潮の夜.md")).unwrap();
                let short: String = text.chars().take(600).collect();
                std::fs::write(root.join("40_原稿/第005話_短い.md"), short).unwrap();
                let replies = agent
                    .walk(("noveler_complete", json!({"episode": 5})), first_action, 4)
                    .await;
                let refusals = replies[0]["result"]["quality"]["refusals"].to_string();
                assert!(
                    refusals.contains("length_out_of_range"),
                    "[{profile}] {:#}",
                    replies[0]
                );
                let forced = agent
                    .hints(&replies[0])
                    .into_iter()
                    .any(|(t, a)| t == "noveler_complete" && a.get("force") == Some(&json!(true)));
                assert!(forced, "[{profile}] no force hint: {:#}", replies[0]);
            }
        }
        calls += agent.calls;
        problems.extend(agent.problems.drain(..).map(|p| format!("{flow}: {p}")));
        agent.client.cancel().await.ok();
    }
    println!("[{profile}] {calls} calls made by following hints");
    assert!(
        problems.is_empty(),
        "[{profile}] {} hint problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_hint_of_the_default_profile_is_a_call_that_works() {
    walk_profile("default").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_hint_of_the_seed_profile_is_a_call_that_works() {
    walk_profile("seed").await;
}
