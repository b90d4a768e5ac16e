//! Next steps as data: a tool of the full (seed) tool table and its arguments, plus why, in
//! Japanese. Every hint noveler gives — a report's `next_actions`, an error's
//! `suggested_action`, a prompt's submission — is one `NextStep`, and it is rendered here, in
//! one place, for whoever reads it:
//! - an MCP profile (`for_tools`): the same job under a tool that profile lists (a seed name
//!   such as `check_basic` becomes `noveler_check {aspects}` in the default profile, a job
//!   with no tool there becomes the generic `noveler` tool's command line), or nothing when
//!   the profile cannot do it — never the name of a tool it does not list;
//! - the CLI (`command_line`): the `noveler …` line to type.
//!
//! Reports carry next steps as text in one grammar (`to_wire`, read back by `parse`):
//! `tool {json} — why`, `noveler <command line> — why`, or plain text for what is not a call
//! (paste the text into the site). Commands build them with `NextStep::new(..).arg(..)`; the
//! adapters render them with this module. Layer: like `error`, used by every layer, using none.

use serde_json::{json, Map, Value};
use std::fmt;

/// The separator between a call and why it is suggested.
const WHY: &str = " — ";

/// One suggested call.
#[derive(Clone, Debug, PartialEq)]
pub struct NextStep {
    /// A tool of the full table (`mcp --tools seed` lists them all), e.g. `noveler_complete`;
    /// `noveler` with a `command` for a command line that has no tool of its own.
    pub tool: String,
    pub arguments: Map<String, Value>,
    /// Why (Japanese), shown after the call.
    pub why: Option<String>,
}

/// Aspects of the basic check (`check_basic`, CLI `check --basic`): every one but rhythm
/// (`commands::check::modes::BASIC_ASPECTS`, kept equal by a test there).
pub const BASIC_ASPECTS: [&str; 5] = ["length", "content", "grammar", "style", "readability"];

impl NextStep {
    /// A call of `tool` without arguments yet.
    pub fn new(tool: &str) -> NextStep {
        NextStep {
            tool: tool.to_string(),
            arguments: Map::new(),
            why: None,
        }
    }

    /// A command line (the words after `noveler`) that has no dedicated tool.
    pub fn command(line: &str) -> NextStep {
        NextStep::new("noveler").arg("command", line.trim())
    }

    /// Adds an argument.
    pub fn arg(mut self, key: &str, value: impl Into<Value>) -> NextStep {
        self.arguments.insert(key.to_string(), value.into());
        self
    }

    /// Says why.
    pub fn why(mut self, why: impl Into<String>) -> NextStep {
        let why = why.into();
        self.why = (!why.trim().is_empty()).then_some(why);
        self
    }

    fn episode(&self) -> Option<u64> {
        self.arguments
            .get("episode")
            .or_else(|| self.arguments.get("episode_number"))
            .and_then(Value::as_u64)
    }

    /// The text form reports carry: `tool {json} — why`.
    pub fn to_wire(&self) -> String {
        let mut s = self.tool.clone();
        if !self.arguments.is_empty() {
            s.push(' ');
            s.push_str(&Value::Object(self.arguments.clone()).to_string());
        }
        if let Some(why) = &self.why {
            s.push_str(WHY);
            s.push_str(why);
        }
        s
    }

    /// Reads a hint written in the wire grammar (see the module doc); `None` for plain text.
    pub fn parse(text: &str) -> Option<NextStep> {
        let text = text.trim();
        let (call, why) = match text.split_once(WHY) {
            Some((c, w)) => (c.trim(), Some(w.trim().to_string())),
            None => (text, None),
        };
        let call = call.trim_matches('`').trim();
        // `noveler {json}` is the generic tool's call as `to_wire` writes it, not a command
        // line (read as one, it nested: `noveler {"command": "{\"command\": …}"}`).
        let line = call
            .strip_prefix("noveler ")
            .filter(|rest| !rest.trim_start().starts_with('{'));
        let mut step = if let Some(line) = line {
            from_command_line(line).unwrap_or_else(|| NextStep::command(line))
        } else {
            let (name, rest) = match call.find([' ', '{']) {
                Some(i) => (&call[..i], call[i..].trim()),
                None => (call, ""),
            };
            let snake = !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
            if !snake {
                return None;
            }
            let arguments = if rest.is_empty() {
                Map::new()
            } else {
                match serde_json::from_str::<Value>(rest).ok()? {
                    Value::Object(m) => m,
                    _ => return None,
                }
            };
            NextStep {
                tool: name.to_string(),
                arguments,
                why: None,
            }
        };
        step.why = why.filter(|w| !w.is_empty());
        Some(step)
    }

    /// The `noveler …` line that does the same from a shell, when there is one.
    pub fn command_line(&self) -> Option<String> {
        command_line(self).map(|l| format!("noveler {l}"))
    }

    /// This step as a call a client of `tools` can make: the tool itself when listed, else
    /// the same job under a listed tool, else its command line through the listed `noveler`
    /// tool; `None` when the profile cannot do it.
    pub fn for_tools(&self, tools: &Tools) -> Option<NextStep> {
        let with_why = |mut s: NextStep| {
            s.why = self.why.clone();
            s
        };
        if let Some(name) = tools.listed_as(&self.tool) {
            let mut s = self.clone();
            s.tool = name.to_string();
            return Some(s);
        }
        for other in equivalents(self) {
            if let Some(name) = tools.listed_as(&other.tool) {
                let mut s = with_why(other);
                s.tool = name.to_string();
                return Some(s);
            }
        }
        if tools.listed_as("noveler").is_some() {
            if let Some(line) = command_line(self) {
                return Some(with_why(NextStep::command(&line)));
            }
        }
        None
    }

    /// A command line through the generic `noveler` tool that still holds a placeholder: a
    /// template to fill in, not a call that works as given.
    pub fn is_template(&self) -> bool {
        self.tool == "noveler"
            && self
                .arguments
                .get("command")
                .and_then(Value::as_str)
                .is_some_and(|c| c.split_whitespace().any(is_placeholder))
    }

    /// `{tool, arguments, why}` as a reply shows a call.
    pub fn to_json(&self) -> Value {
        let mut v = json!({"tool": self.tool, "arguments": self.arguments});
        if let Some(why) = &self.why {
            v["why"] = json!(why);
        }
        v
    }
}

/// A hint as the CLI shows it: a call becomes the command to type (`noveler complete 1 —
/// why`); text that is not a call, or a call with no command line, is left as written.
pub fn for_cli(hint: &str) -> String {
    let Some(step) = NextStep::parse(hint) else {
        return hint.to_string();
    };
    let Some(line) = step.command_line() else {
        return hint.to_string();
    };
    match step.why {
        Some(why) => format!("{line}{WHY}{why}"),
        None => line,
    }
}

impl fmt::Display for NextStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_wire())
    }
}

/// The tools a client sees: `(listed name, table name)` pairs (the default profile lists
/// the table's `write` as `write_file`).
#[derive(Clone, Debug, Default)]
pub struct Tools {
    pub listed: Vec<(String, String)>,
}

impl Tools {
    /// Every name listed as itself.
    pub fn named<'a>(names: impl IntoIterator<Item = &'a str>) -> Tools {
        Tools {
            listed: names
                .into_iter()
                .map(|n| (n.to_string(), n.to_string()))
                .collect(),
        }
    }

    /// The listed name of table tool (or listed name) `tool`.
    pub fn listed_as(&self, tool: &str) -> Option<&str> {
        self.listed
            .iter()
            .find(|(listed, table)| listed == tool || table == tool)
            .map(|(listed, _)| listed.as_str())
    }

    pub fn contains(&self, listed: &str) -> bool {
        self.listed.iter().any(|(l, _)| l == listed)
    }
}

/// The same job under other tools of the table, best first.
fn equivalents(s: &NextStep) -> Vec<NextStep> {
    let mut args = s.arguments.clone();
    let to = |tool: &str, arguments: Map<String, Value>| NextStep {
        tool: tool.to_string(),
        arguments,
        why: None,
    };
    match s.tool.as_str() {
        "check_basic" | "check_rhythm" => {
            let aspects: Vec<&str> = if s.tool == "check_basic" {
                BASIC_ASPECTS.to_vec()
            } else {
                vec!["rhythm"]
            };
            args.insert("aspects".into(), json!(aspects));
            vec![to("noveler_check", args)]
        }
        "noveler_write" => vec![to("write_stage", args)],
        "write_stage" => vec![to("noveler_write", args)],
        t if t.starts_with("write_step_") => {
            let Ok(n) = t["write_step_".len()..].parse::<u32>() else {
                return Vec::new();
            };
            args.insert("stage".into(), json!(n));
            vec![to("write_stage", args)]
        }
        "get_check_tasks" => vec![to("progressive_check_get_tasks", args)],
        "progressive_check_get_tasks" => vec![to("get_check_tasks", args)],
        "execute_check_step" => vec![to("progressive_check_execute_step", args)],
        "progressive_check_execute_step" if s.episode().is_some() => {
            vec![to("execute_check_step", args)]
        }
        "get_check_status" => vec![to("progressive_check_get_status", args)],
        "progressive_check_get_status" => vec![to("get_check_status", args)],
        _ => Vec::new(),
    }
}

fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(shell_word(s)),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `s` quoted for a POSIX shell when it holds anything but plain word characters; a
/// placeholder (`<出力ファイル>`) stays as it is, to be replaced by whoever types the line.
fn shell_word(s: &str) -> String {
    let placeholder = s.starts_with('<') && s.ends_with('>') && !s.contains(' ');
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || "-_./:=@+,…".contains(c) || !c.is_ascii())
        && !s.contains('\u{3000}');
    if plain || placeholder {
        s.to_string()
    } else {
        shlex::try_quote(s).map_or_else(|_| format!("'{s}'"), |q| q.into_owned())
    }
}

/// The command line (after `noveler`) of a step, when every argument has a CLI form.
fn command_line(s: &NextStep) -> Option<String> {
    let mut a = s.arguments.clone();
    for key in ["project_root", "episode_number"] {
        if let Some(v) = a.remove(key) {
            if key == "episode_number" {
                a.entry("episode").or_insert(v);
            }
        }
    }
    let a = &mut a;
    let tool = s.tool.as_str();
    let line = match tool {
        "noveler" => noveler_words(a)?,
        "status" => "status".into(),
        "noveler_check" | "check_basic" | "check_rhythm" => check_line(tool, a)?,
        "noveler_complete" => {
            let mut l = format!("complete {}", ep(a)?);
            if flag_true(a, "dry_run") {
                l.push_str(" --dry-run");
            }
            if flag_true(a, "force") {
                l.push_str(" --force");
            }
            l
        }
        "noveler_write" | "write_stage" | "write_manuscript_draft" => write_line(a)?,
        t if t.starts_with("write_step_") => write_step_line(&t["write_step_".len()..], a)?,
        "write_resume" => {
            let e = ep(a)?;
            let id = take(a, "session_id").as_ref().and_then(scalar)?;
            format!("write resume {e} --session {id}")
        }
        "noveler_plot" => {
            let e = ep(a)?;
            let submitted = take(a, "content").is_some() | take(a, "submission").is_some();
            let mut l = if submitted {
                format!("plot submit {e} --file <プロット.yaml>")
            } else {
                format!("plot {e}")
            };
            if flag_true(a, "regenerate") {
                l.push_str(" --regenerate");
            }
            l
        }
        "get_check_tasks"
        | "progressive_check_get_tasks"
        | "execute_check_step"
        | "progressive_check_execute_step"
        | "progressive_check_repeat_step"
        | "progressive_check_end_session"
        | "get_check_status"
        | "progressive_check_get_status"
        | "get_check_history" => progressive_line(tool, a)?,
        "check_fix" => fix_line(a)?,
        "polish_stage" => {
            let e = ep(a)?;
            let stage = take(a, "stage").as_ref().and_then(scalar)?;
            format!("polish {e} --stage {stage}")
        }
        "check_story_elements"
        | "check_story_structure"
        | "check_writing_expression"
        | "generate_episode_preview" => {
            let kind = match tool {
                "check_story_elements" => "elements",
                "check_story_structure" => "structure",
                "check_writing_expression" => "expression",
                _ => "preview",
            };
            format!("evaluate {} {kind}", ep(a)?)
        }
        "fetch_artifact" => {
            let id = take(a, "artifact_id").as_ref().and_then(scalar)?;
            format!("artifact fetch {id}")
        }
        "list_artifacts" => "artifact list".into(),
        "list_files_with_hashes" => "files list".into(),
        "check_file_changes" => "files changes".into(),
        "backup_management" => backup_line(a)?,
        _ => return None,
    };
    // Arguments the line cannot carry: the line would mean less than the call.
    a.retain(|_, v| !matches!(v, Value::Null | Value::Bool(false)));
    if !a.is_empty() {
        return None;
    }
    Some(line.trim().to_string())
}

fn take(a: &mut Map<String, Value>, k: &str) -> Option<Value> {
    a.remove(k)
}

fn flag_true(a: &mut Map<String, Value>, k: &str) -> bool {
    take(a, k) == Some(Value::Bool(true))
}

fn ep(a: &mut Map<String, Value>) -> Option<String> {
    take(a, "episode").as_ref().and_then(scalar)
}

/// `noveler`'s own call: a command line as one string or as words.
fn noveler_words(a: &mut Map<String, Value>) -> Option<String> {
    let command = take(a, "command");
    let words = take(a, "args");
    match (command, words) {
        (Some(Value::String(c)), None) => Some(c),
        (None, Some(Value::Array(w))) => Some(
            w.iter()
                .map(|x| x.as_str().map(shell_word))
                .collect::<Option<Vec<_>>>()?
                .join(" "),
        ),
        _ => None,
    }
}

/// `check`: the episode or the targets, the kind of check and its aspects.
fn check_line(tool: &str, a: &mut Map<String, Value>) -> Option<String> {
    let mut l = String::from("check");
    if let Some(e) = ep(a) {
        l.push_str(&format!(" {e}"));
    }
    if let Some(Value::Array(t)) = take(a, "targets") {
        for x in &t {
            l.push_str(&format!(" {}", scalar(x)?));
        }
    }
    match tool {
        "check_basic" => l.push_str(" --basic"),
        "check_rhythm" => l.push_str(" --aspects rhythm"),
        _ => {}
    }
    if let Some(Value::Array(xs)) = take(a, "aspects") {
        for x in &xs {
            l.push_str(&format!(" --aspects {}", scalar(x)?));
        }
    }
    // The full (judged) check has no CLI form.
    if flag_true(a, "full") {
        return None;
    }
    Some(l)
}

/// `write` or `write submit`: a stage of the writing flow.
fn write_line(a: &mut Map<String, Value>) -> Option<String> {
    let e = ep(a)?;
    let submit = take(a, "submission").is_some();
    let mut l = if submit {
        format!("write submit {e}")
    } else {
        format!("write {e}")
    };
    if let Some(id) = take(a, "session_id").as_ref().and_then(scalar) {
        l.push_str(&format!(" --session {id}"));
    }
    if let Some(n) = take(a, "stage").as_ref().and_then(scalar) {
        l.push_str(&format!(" --stage {n}"));
    }
    if flag_true(a, "new_session") {
        l.push_str(" --new");
    }
    if submit {
        l.push_str(" --file <出力ファイル>");
    }
    if let Some(Value::Array(ids)) = take(a, "waive") {
        for id in &ids {
            l.push_str(&format!(" --waive {}", scalar(id)?));
        }
    }
    Some(l)
}

/// `write_step_<n>`: stage `n` of the writing flow.
fn write_step_line(n: &str, a: &mut Map<String, Value>) -> Option<String> {
    let e = ep(a)?;
    let submit = take(a, "submission").is_some();
    let mut l = if submit {
        format!("write submit {e}")
    } else {
        format!("write {e}")
    };
    if let Some(id) = take(a, "session_id").as_ref().and_then(scalar) {
        l.push_str(&format!(" --session {id}"));
    }
    l.push_str(&format!(" --stage {n}"));
    if submit {
        l.push_str(" --file <出力ファイル>");
    }
    Some(l)
}

/// `progressive`: tasks, a step, a repeat, the status, the history or the end.
fn progressive_line(tool: &str, a: &mut Map<String, Value>) -> Option<String> {
    let e = ep(a)?;
    let line = match tool {
        "get_check_tasks" | "progressive_check_get_tasks" => {
            let mut l = format!("check progressive {e} tasks");
            take(a, "session_id");
            if flag_true(a, "new_session") {
                l.push_str(" --new");
            }
            l
        }
        "execute_check_step" | "progressive_check_execute_step" => {
            let step = take(a, "step_id").as_ref().and_then(scalar)?;
            take(a, "session_id");
            let mut l = format!("check progressive {e} step {step}");
            if take(a, "llm_result").is_some() {
                l.push_str(" --llm-result <判断.json>");
            }
            l
        }
        "progressive_check_repeat_step" => {
            let step = take(a, "step_id").as_ref().and_then(scalar)?;
            take(a, "session_id");
            format!("check progressive {e} repeat {step}")
        }
        _ => {
            take(a, "session_id");
            let verb = match tool {
                "progressive_check_end_session" => "end",
                "get_check_history" => "history",
                _ => "status",
            };
            format!("check progressive {e} {verb}")
        }
    };
    Some(line)
}

/// `check_fix` as `polish`: the CLI previews unless `--apply`.
fn fix_line(a: &mut Map<String, Value>) -> Option<String> {
    let mut l = format!("polish {}", ep(a)?);
    if let Some(level) = take(a, "fix_level").as_ref().and_then(scalar) {
        l.push_str(&format!(" --level {level}"));
    }
    if !flag_true(a, "dry_run") {
        l.push_str(" --apply");
    }
    if let Some(sha) = take(a, "expected_sha256").as_ref().and_then(scalar) {
        l.push_str(&format!(" --expected-sha256 {sha}"));
    }
    Some(l)
}

/// `backup list`, `backup create`, `backup restore`.
fn backup_line(a: &mut Map<String, Value>) -> Option<String> {
    let action = take(a, "action");
    match action.as_ref().and_then(Value::as_str).unwrap_or("list") {
        "list" => Some("backup list".into()),
        "create" => {
            let mut l = String::from("backup create");
            if let Some(e) = ep(a) {
                l.push_str(&format!(" {e}"));
            }
            if flag_true(a, "all") {
                l.push_str(" --all");
            }
            Some(l)
        }
        "restore" => {
            let id = take(a, "backup_id").as_ref().and_then(scalar)?;
            let mut l = format!("backup restore {id}");
            if flag_true(a, "dry_run") {
                l.push_str(" --dry-run");
            }
            Some(l)
        }
        _ => None,
    }
}

/// Options that take no value.
const SWITCHES: [&str; 8] = [
    "--new",
    "--force",
    "--dry-run",
    "--regenerate",
    "--all",
    "--apply",
    "--diff",
    "--basic",
];

/// A word that stands for what the reader fills in (`<話数>`, `EP`, `ID`).
pub fn is_placeholder(word: &str) -> bool {
    word.starts_with('<') || matches!(word, "EP" | "N" | "ID" | "…")
}

fn episode_of(word: &str) -> Option<u32> {
    word.parse().ok().filter(|n| *n >= 1)
}

/// The options of a command line, each taken once by the argument it becomes.
struct Flags(Vec<(String, Option<String>)>);

impl Flags {
    /// The option `name` (its value, none for a switch), removed.
    fn take(&mut self, name: &str) -> Option<Option<String>> {
        let i = self.0.iter().position(|(n, _)| n == name)?;
        Some(self.0.remove(i).1)
    }

    /// Every value of a repeated option, removed; `None` when one has no value.
    fn take_all(&mut self, name: &str) -> Option<Vec<String>> {
        let mut values = Vec::new();
        while let Some(v) = self.take(name) {
            values.push(v?);
        }
        Some(values)
    }
}

/// The words of a command line: positional words and options (`--name value`,
/// `--name=value`, a switch).
fn words_and_flags(line: &str) -> Option<(Vec<String>, Flags)> {
    let words = shlex::split(line)?;
    let mut pos: Vec<String> = Vec::new();
    let mut flags: Vec<(String, Option<String>)> = Vec::new();
    let mut it = words.into_iter().peekable();
    while let Some(w) = it.next() {
        if let Some((name, value)) = w.split_once('=').filter(|_| w.starts_with("--")) {
            flags.push((name.to_string(), Some(value.to_string())));
        } else if w.starts_with("--") {
            let value = if SWITCHES.contains(&w.as_str()) {
                None
            } else {
                it.next_if(|v| !v.starts_with("--"))
            };
            flags.push((w, value));
        } else {
            pos.push(w);
        }
    }
    Some((pos, Flags(flags)))
}

/// The tool call of a command line (the words after `noveler`), when a tool does the same
/// job with the same meaning; `None` leaves it a command line.
fn from_command_line(line: &str) -> Option<NextStep> {
    let (pos, mut flags) = words_and_flags(line)?;
    // A placeholder means the line is a template, not a call — but for the file of a stage's
    // output, which a call carries as its `submission`.
    let submits = pos.len() > 1 && pos[0] == "write" && pos[1] == "submit";
    if pos.iter().any(|w| is_placeholder(w))
        || flags.0.iter().any(|(name, v)| {
            v.as_deref().is_some_and(is_placeholder) && !(submits && name == "--file")
        })
    {
        return None;
    }
    let f = &mut flags;
    let p: Vec<&str> = pos.iter().map(String::as_str).collect();
    let mut s = match p.as_slice() {
        ["status"] => NextStep::new("status"),
        ["complete", ep] => {
            let mut s = NextStep::new("noveler_complete").arg("episode", episode_of(ep)?);
            if f.take("--dry-run").is_some() {
                s = s.arg("dry_run", true);
            }
            if f.take("--force").is_some() {
                s = s.arg("force", true);
            }
            s
        }
        ["check", ep] if ep.parse::<u32>().is_ok() => {
            let basic = f.take("--basic").is_some();
            let tool = if basic {
                "check_basic"
            } else {
                "noveler_check"
            };
            with_aspects(NextStep::new(tool).arg("episode", episode_of(ep)?), f)?
        }
        ["check", targets @ ..] if !targets.is_empty() && targets[0] != "progressive" => {
            with_aspects(
                NextStep::new("noveler_check").arg("targets", targets.to_vec()),
                f,
            )?
        }
        ["write", ep] => {
            let mut s = write_call(ep, false, f)?;
            if f.take("--new").is_some() {
                s = s.arg("new_session", true);
            }
            s
        }
        ["write", "submit", ep] => {
            // Over MCP the stage's output goes in `submission`, not in a file.
            f.take("--file")??;
            let s = write_call(ep, true, f)?;
            let waive = f.take_all("--waive")?;
            if waive.is_empty() {
                s
            } else {
                s.arg("waive", waive)
            }
        }
        ["write", "resume", ep] => {
            let s = NextStep::new("write_resume").arg("episode", episode_of(ep)?);
            s.arg("session_id", f.take("--session")??)
        }
        ["plot", ep] => {
            let s = NextStep::new("noveler_plot").arg("episode", episode_of(ep)?);
            if f.take("--regenerate").is_some() {
                s.arg("regenerate", true)
            } else {
                s
            }
        }
        ["check", "progressive", rest @ ..] | ["progressive", rest @ ..] => {
            progressive_call(rest, f)?
        }
        ["polish", ep] => {
            let mut s = NextStep::new("check_fix").arg("episode", episode_of(ep)?);
            if let Some(level) = f.take("--level") {
                s = s.arg("fix_level", level?);
            }
            // The CLI previews unless --apply; check_fix applies unless dry_run.
            if f.take("--apply").is_none() {
                s = s.arg("dry_run", true);
            }
            f.take("--diff");
            s
        }
        ["backup", "list"] => NextStep::new("backup_management").arg("action", "list"),
        ["backup", "create"] => {
            let s = NextStep::new("backup_management").arg("action", "create");
            if f.take("--all").is_some() {
                s.arg("all", true)
            } else {
                s
            }
        }
        ["artifact", "list"] => NextStep::new("list_artifacts"),
        ["artifact", "fetch", id] => NextStep::new("fetch_artifact").arg("artifact_id", *id),
        ["files", "list"] => NextStep::new("list_files_with_hashes"),
        ["files", "changes"] => NextStep::new("check_file_changes"),
        _ => return None,
    };
    // An option the tool has no argument for: the line means more than the call would.
    if !flags.0.is_empty() {
        return None;
    }
    s.why = None;
    Some(s)
}

/// `s` with the line's `--aspects`.
fn with_aspects(s: NextStep, f: &mut Flags) -> Option<NextStep> {
    let aspects = f.take_all("--aspects")?;
    Some(if aspects.is_empty() {
        s
    } else {
        s.arg("aspects", aspects)
    })
}

/// `write EP` or `write submit EP` as `write_stage`: the session and the stage.
fn write_call(ep: &str, submits: bool, f: &mut Flags) -> Option<NextStep> {
    let mut s = NextStep::new("write_stage").arg("episode", episode_of(ep)?);
    if submits {
        s = s.arg("submission", "<出力>");
    }
    if let Some(id) = f.take("--session") {
        s = s.arg("session_id", id?);
    }
    for flag in ["--step", "--stage"] {
        if let Some(n) = f.take(flag) {
            s = s.arg("stage", n?.parse::<u32>().ok()?);
        }
    }
    Some(s)
}

/// `progressive EP tasks|step N|status`.
fn progressive_call(rest: &[&str], f: &mut Flags) -> Option<NextStep> {
    Some(match rest {
        [ep, "tasks"] => {
            let s = NextStep::new("get_check_tasks").arg("episode", episode_of(ep)?);
            if f.take("--new").is_some() {
                s.arg("new_session", true)
            } else {
                s
            }
        }
        [ep, "step", n] => NextStep::new("execute_check_step")
            .arg("episode", episode_of(ep)?)
            .arg("step_id", n.parse::<u32>().ok()?),
        [ep, "status"] => NextStep::new("get_check_status").arg("episode", episode_of(ep)?),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn default_tools() -> Tools {
        let mut t = Tools::named([
            "status",
            "noveler_check",
            "write_stage",
            "noveler_plot",
            "noveler_complete",
            "get_check_tasks",
            "execute_check_step",
            "check_fix",
            "fetch_artifact",
            "store_artifact",
            "read_result",
            "check_file_changes",
            "backup_management",
            "noveler",
        ]);
        t.listed.push(("write_file".into(), "write".into()));
        t
    }

    #[test]
    fn wire_text_round_trips() {
        let s = NextStep::new("noveler_complete")
            .arg("episode", 3)
            .why("第3話を仕上げる");
        assert_eq!(
            s.to_wire(),
            r#"noveler_complete {"episode":3} — 第3話を仕上げる"#
        );
        assert_eq!(NextStep::parse(&s.to_wire()), Some(s));
        assert_eq!(
            NextStep::parse("status — 全体を見る").unwrap().tool,
            "status"
        );
        assert_eq!(NextStep::parse("原稿を保存してください"), None);
        assert_eq!(
            NextStep::parse("execute_check_step でステップ 2 を実行"),
            None
        );
        assert_eq!(NextStep::parse("noveler_complete {broken"), None);
    }

    #[test]
    fn command_lines_become_their_tool() {
        let s = NextStep::parse("noveler complete 3 --dry-run — 確かめる").unwrap();
        assert_eq!(s.tool, "noveler_complete");
        assert_eq!(s.arguments["dry_run"], true);
        assert_eq!(s.why.as_deref(), Some("確かめる"));
        let s = NextStep::parse("noveler check progressive 2 step 5").unwrap();
        assert_eq!(
            (s.tool.as_str(), s.arguments["step_id"].as_u64()),
            ("execute_check_step", Some(5))
        );
        assert_eq!(
            NextStep::parse("noveler progressive 2 tasks --new")
                .unwrap()
                .arguments["new_session"],
            true
        );
        let s = NextStep::parse("noveler complete 3 --force").unwrap();
        assert_eq!(s.arguments["force"], true);
        assert_eq!(s.command_line().unwrap(), "noveler complete 3 --force");
        let s = NextStep::parse(
            "noveler write submit 4 --session s1 --stage 10 --file <出力ファイル> --waive must_include:2 --waive target_length",
        )
        .unwrap();
        assert_eq!(
            Value::Object(s.arguments.clone()),
            json!({"episode": 4, "session_id": "s1", "stage": 10, "submission": "<出力>",
                   "waive": ["must_include:2", "target_length"]})
        );
        assert_eq!(
            s.command_line().unwrap(),
            "noveler write submit 4 --session s1 --stage 10 --file <出力ファイル> --waive must_include:2 --waive target_length"
        );
        // No tool, or a placeholder: the generic tool's command line.
        let s = NextStep::parse("noveler explain TYPO — 直し方").unwrap();
        assert_eq!(s.tool, "noveler");
        assert_eq!(s.arguments["command"], "explain TYPO");
        let s = NextStep::parse("noveler write <話数>").unwrap();
        assert_eq!(s.tool, "noveler");
        // The generic tool's call as written back (`to_wire`) reads as that call again.
        let s = NextStep::command("write status 4 --session s1").why("状態");
        let again = NextStep::parse(&s.to_wire()).unwrap();
        assert_eq!(again.tool, "noveler");
        assert_eq!(again.arguments["command"], "write status 4 --session s1");
        assert_eq!(again.why.as_deref(), Some("状態"));
    }

    #[test]
    fn the_default_profile_gets_its_own_tools() {
        let tools = default_tools();
        let basic = NextStep::new("check_basic").arg("episode", 2);
        let s = basic.for_tools(&tools).unwrap();
        assert_eq!(s.tool, "noveler_check");
        assert_eq!(s.arguments["aspects"], json!(BASIC_ASPECTS));
        let w = NextStep::new("noveler_write").arg("episode", 5).why("次");
        let s = w.for_tools(&tools).unwrap();
        assert_eq!(
            (s.tool.as_str(), s.why.as_deref()),
            ("write_stage", Some("次"))
        );
        let s = NextStep::new("write_step_3")
            .arg("episode", 5)
            .arg("session_id", "s")
            .for_tools(&tools)
            .unwrap();
        assert_eq!(s.arguments["stage"], 3);
        // No tool of the job: the command line through `noveler`.
        let s = NextStep::new("polish_stage")
            .arg("episode", 1)
            .arg("stage", 2)
            .for_tools(&tools)
            .unwrap();
        assert_eq!(s.tool, "noveler");
        assert_eq!(s.arguments["command"], "polish 1 --stage 2");
        let s = NextStep::new("progressive_check_end_session")
            .arg("episode", 1)
            .arg("session_id", "QC")
            .for_tools(&tools)
            .unwrap();
        assert_eq!(s.arguments["command"], "check progressive 1 end");
        // Renamed in the listing.
        assert_eq!(
            NextStep::new("write").for_tools(&tools).unwrap().tool,
            "write_file"
        );
        // Not doable: nothing.
        assert_eq!(NextStep::new("polish_submit").for_tools(&tools), None);
        let none = Tools::named(["status"]);
        assert_eq!(NextStep::command("rules").for_tools(&none), None);
    }

    #[test]
    fn command_lines_for_the_cli() {
        let line = |s: NextStep| s.command_line().unwrap();
        assert_eq!(
            line(NextStep::new("noveler_complete").arg("episode", 1)),
            "noveler complete 1"
        );
        assert_eq!(
            line(
                NextStep::new("noveler_check")
                    .arg("episode", 1)
                    .arg("aspects", json!(["rhythm", "style"]))
            ),
            "noveler check 1 --aspects rhythm --aspects style"
        );
        assert_eq!(
            line(NextStep::new("check_fix").arg("episode", 2)),
            "noveler polish 2 --apply"
        );
        assert_eq!(
            line(
                NextStep::new("execute_check_step")
                    .arg("episode", 2)
                    .arg("step_id", 3)
                    .arg("session_id", "QC")
            ),
            "noveler check progressive 2 step 3"
        );
        assert_eq!(
            line(NextStep::command("explain TYPO")),
            "noveler explain TYPO"
        );
        assert_eq!(
            line(NextStep::new("check_basic").arg("episode", 1)),
            "noveler check 1 --basic"
        );
        // An argument the CLI has no flag for: no line.
        assert_eq!(
            NextStep::new("noveler_complete")
                .arg("episode", 1)
                .arg("min_score", 80)
                .command_line(),
            None
        );
        assert_eq!(NextStep::new("read_result").command_line(), None);
    }
}
