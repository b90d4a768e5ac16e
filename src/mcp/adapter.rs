//! The one generic adapter between an MCP tool and a command: arguments → the command's
//! Request (serde), `commands::execute` → the SPEC §5 envelope (saved, exactly as the CLI's
//! `--format json` prints it), schemas generated from the Request and from the envelope
//! carrying the Report.

use crate::commands::{self, Ctx, Report};
use crate::error::Result;
use crate::store::Envelope;
use rmcp::handler::server::common::{schema_for_input, schema_for_output};
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::sync::Arc;

/// Smallest and largest episode number (seed 002 §4).
pub const EPISODE_MIN: u64 = 1;
pub const EPISODE_MAX: u64 = 9999;

/// What the `project_root` argument of every tool means.
/// Kept short: it is repeated in every tool's input schema.
pub const PROJECT_ROOT_DOC: &str =
    "Another project's root directory (must exist). Default: the server's project.";

/// How a tool touches the project, as MCP annotations. Every tool saves its envelope under
/// `temp/json_output/` (a log, not a change to the author's work); that alone does not make a
/// tool "writing".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hints {
    pub read_only: bool,
    pub destructive: bool,
    pub idempotent: bool,
}

impl Hints {
    /// Reads the project; changes nothing the author wrote.
    pub const READ_ONLY: Hints = Hints {
        read_only: true,
        destructive: false,
        idempotent: true,
    };
    /// Adds files (artifacts, backups, result files) without changing existing ones; the
    /// same call twice leaves the same state.
    pub const ADDITIVE: Hints = Hints {
        read_only: false,
        destructive: false,
        idempotent: true,
    };
    /// May replace existing files (after backing them up).
    pub const OVERWRITES: Hints = Hints {
        read_only: false,
        destructive: true,
        idempotent: true,
    };
    /// Does what its arguments say (e.g. `noveler`, which runs any command line).
    pub const ANY: Hints = Hints {
        read_only: false,
        destructive: true,
        idempotent: false,
    };

    fn annotations(self) -> ToolAnnotations {
        ToolAnnotations::new()
            .read_only(self.read_only)
            .destructive(self.destructive)
            .idempotent(self.idempotent)
            .open_world(false)
    }
}

/// A finished call: the envelope (as JSON, the report serialised straight into it) and
/// whether it is an error envelope.
pub struct Called {
    pub envelope: Value,
    pub is_error: bool,
    /// Saving the envelope failed (the call itself still counts); logged to stderr.
    pub save_error: Option<crate::Error>,
    /// sha256 of the saved envelope file (what `saved_to` names), when it was saved.
    pub saved_sha256: Option<String>,
}

/// Arguments that do not fit the tool's Request. Answered as a tool result with
/// `isError: true` (U001) that the model can read and act on — not a JSON-RPC error.
#[derive(Debug)]
pub struct ArgError {
    /// What is wrong, in Japanese.
    pub message: String,
    /// The argument at fault (a JSON path such as `submission.title`), when known.
    pub field: Option<String>,
    /// What the argument should be.
    pub expected: Option<String>,
    /// A minimal valid call of the tool.
    pub example: Value,
}

impl ArgError {
    /// The U001 error this becomes (`details` carries field, expected and the example).
    pub(crate) fn to_error(&self, tool: &str) -> crate::Error {
        let mut hint = String::new();
        if let Some(expected) = &self.expected {
            hint.push_str(&format!("期待される値: {expected}。"));
        }
        hint.push_str(&format!(
            "例: {tool} {}",
            serde_json::to_string(&self.example).unwrap_or_default()
        ));
        crate::Error::new(crate::Code::U001, self.message.clone())
            .hint(hint)
            .details(json!({
                "tool": tool,
                "field": self.field,
                "expected": self.expected,
                "example": self.example,
            }))
    }
}

type RunFn = dyn Fn(&Ctx, JsonObject) -> std::result::Result<Called, ArgError> + Send + Sync;
/// Computes the exclusivity key of a call (e.g. `write:40_原稿/第001話.md`) from its
/// arguments; two calls with the same key never run at the same time (QC-008 busy).
pub type ExclusiveFn = fn(&JsonObject) -> Option<String>;

/// One row of the tool table.
#[derive(Clone)]
pub struct ToolSpec {
    pub name: &'static str,
    /// Its name in the full (seed) table, which hints use (`crate::next`): the default
    /// profile lists some tools under other names (`write` as `write_file`).
    pub table_name: &'static str,
    /// The envelope's `command` (the CLI verb it shares results with).
    pub command: &'static str,
    pub description: &'static str,
    pub hints: Hints,
    pub exclusive: Option<ExclusiveFn>,
    pub input_schema: Arc<JsonObject>,
    pub output_schema: Arc<JsonObject>,
    /// Arguments the Request requires (`episode` included, which the schema leaves out of
    /// `required` because `episode_number` may stand for it).
    pub required: Vec<String>,
    /// Arguments the compact listing leaves out (`tools::UNLISTED`): refused when `listed_only`
    /// (the default profile), accepted under `--tools seed`.
    pub unlisted: &'static [&'static str],
    /// Arguments outside the listed (compact) schema are refused, not quietly applied (the
    /// default profile; `project_root` stays accepted for servers with several roots).
    pub listed_only: bool,
    /// How the reply can be viewed (`detail`, `cursor`, `limit`; `mcp::view`).
    pub view: Option<super::view::Kind>,
    /// The call's envelope is saved under temp/json_output/ (not for `read_result`, whose
    /// pages of a saved file are not results of their own).
    pub saves: bool,
    /// The Request declares its own `project_root` (otherwise the adapter removes it before
    /// deserialising).
    request_takes_root: bool,
    run: Arc<RunFn>,
}

/// Builds a table row: tool `name` runs `run` (a `commands::*` function, or a closure that
/// maps an MCP-shaped Request onto one) as envelope command `command`.
pub fn tool<Req, Rep, F>(
    name: &'static str,
    command: &'static str,
    hints: Hints,
    description: &'static str,
    run: F,
) -> ToolSpec
where
    Req: DeserializeOwned + JsonSchema + 'static,
    Rep: Report + JsonSchema + 'static,
    F: Fn(&Ctx, Req) -> Result<Rep> + Send + Sync + 'static,
{
    let raw = match schema_for_input::<Req>() {
        Ok(schema) => schema,
        // A Request that is not a struct is a programming error caught by the tests (every
        // tool must list with an object schema); serve an object schema meanwhile.
        Err(e) => Arc::new(
            json!({"type": "object", "description": e})
                .as_object()
                .cloned()
                .unwrap_or_default(),
        ),
    };
    let request_takes_root = raw
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| p.contains_key("project_root"));
    let required: Vec<String> = raw
        .get("required")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    let mut input_schema = Value::Object(finish_input_schema(raw.as_ref().clone()));
    compact(&mut input_schema, false);
    no_boolean_schemas(&mut input_schema);
    let mut output_schema = Value::Object(
        schema_for_output::<Envelope<Rep, crate::error::ErrorBody>>()
            .as_ref()
            .clone(),
    );
    compact(&mut output_schema, false);
    no_boolean_schemas(&mut output_schema);
    // The envelope frame is the same for every tool: its fields and types go without
    // descriptions (SPEC §5 documents them) or serde defaults (`metadata` is always
    // written); the Report's own descriptions stay.
    if let Some(frame) = output_schema.as_object_mut() {
        frame.remove("description");
    }
    if let Some(props) = output_schema
        .get_mut("properties")
        .and_then(Value::as_object_mut)
    {
        for (key, prop) in props.iter_mut() {
            if key != "result" {
                strip_descriptions(prop, false);
                if let Some(prop) = prop.as_object_mut() {
                    prop.remove("default");
                }
            }
        }
    }
    if let Some(defs) = output_schema
        .get_mut("$defs")
        .and_then(Value::as_object_mut)
    {
        for frame in ["FileSet", "FileRef", "ErrorBody"] {
            if let Some(def) = defs.get_mut(frame) {
                strip_descriptions(def, false);
            }
        }
    }
    let input_schema = Arc::new(into_object(input_schema));
    let output_schema = Arc::new(into_object(output_schema));
    let schema_for_errors = input_schema.clone();
    let required_for_errors = required.clone();
    let run = move |ctx: &Ctx, args: JsonObject| -> std::result::Result<Called, ArgError> {
        let given = args.clone();
        let mut unknown = Vec::new();
        let parsed: std::result::Result<Req, _> = serde_path_to_error::deserialize(
            serde_ignored::Deserializer::new(Value::Object(args), &mut |path| {
                unknown.push(path.to_string())
            }),
        );
        let args_error = |e: Option<serde_path_to_error::Error<serde_json::Error>>,
                          unknown: &[String]| {
            super::args::explain(&schema_for_errors, &required_for_errors, &given, e, unknown)
        };
        let req = match parsed {
            Ok(req) if unknown.is_empty() => req,
            Ok(_) => return Err(args_error(None, &unknown)),
            Err(e) => return Err(args_error(Some(e), &unknown)),
        };
        let outcome = commands::execute(ctx, command, |c| run(c, req));
        let all_failed = outcome.report.as_ref().is_ok_and(|r| r.all_failed());
        // One serialisation of the report: straight into the envelope's tree (the same
        // fields in the same order as the envelope with `result` set, `Envelope::written`),
        // not into a tree of its own that the envelope's conversion would then copy.
        let envelope = envelope_value(&outcome.envelope, outcome.report.as_ref().ok());
        Ok(Called {
            is_error: outcome.report.is_err() || all_failed,
            envelope,
            save_error: outcome.save_error,
            saved_sha256: outcome.saved_sha256,
        })
    };
    ToolSpec {
        name,
        table_name: name,
        command,
        description,
        hints,
        exclusive: None,
        input_schema,
        output_schema,
        required,
        unlisted: &[],
        listed_only: false,
        view: None,
        saves: true,
        request_takes_root,
        run: Arc::new(run),
    }
}

/// The envelope with `report` as its result, as JSON (a report that cannot be serialised
/// is a null result, as before).
fn envelope_value<R: serde::Serialize>(envelope: &Envelope, report: Option<&R>) -> Value {
    serde_json::to_value(envelope.written(report)).unwrap_or_else(|_| {
        let mut e = envelope.clone();
        e.result = Some(Value::Null);
        serde_json::to_value(e).unwrap_or(Value::Null)
    })
}

impl ToolSpec {
    /// The call's envelope is not saved (see `saves`).
    pub(crate) fn unsaved(mut self) -> ToolSpec {
        self.saves = false;
        self
    }

    /// Calls with the same key (computed from the arguments) are exclusive.
    pub(crate) fn exclusive(mut self, key: ExclusiveFn) -> ToolSpec {
        self.exclusive = Some(key);
        self
    }

    /// The `tools/list` entry: with the typed output schema (the `seed` profile), or with
    /// the small envelope frame every compact reply fits (the default profile).
    pub fn listing(&self, typed_output: bool) -> Tool {
        let input = if typed_output {
            self.input_schema.clone()
        } else {
            Arc::new(self.compact_input_schema())
        };
        let mut tool = Tool::new(self.name, self.description, input);
        tool.output_schema = Some(if typed_output {
            self.output_schema.clone()
        } else {
            frame_output_schema()
        });
        tool.annotations = Some(self.hints.annotations());
        tool
    }

    /// The input schema as the default profile lists it, for a model that pays for every
    /// word: no `project_root` and no `episode_number` alias (both still accepted), `episode`
    /// required where the Request requires it, each description cut to its first sentence,
    /// no descriptions on shared definitions.
    pub(crate) fn compact_input_schema(&self) -> JsonObject {
        let mut schema = self.input_schema.as_ref().clone();
        if let Some(Value::Object(props)) = schema.get_mut("properties") {
            props.shift_remove("project_root");
            props.shift_remove("episode_number");
            for name in self.unlisted {
                props.shift_remove(*name);
            }
            for prop in props.values_mut() {
                if let Some(Value::String(d)) = prop.get_mut("description") {
                    *d = first_sentence(d);
                }
            }
        }
        // Definitions inline where they are used (those only unlisted arguments used go),
        // enums as enums, no defaults that say nothing.
        let defs = match schema.shift_remove("$defs") {
            Some(Value::Object(mut defs)) => {
                for def in defs.values_mut() {
                    strip_descriptions(def, false);
                }
                defs
            }
            _ => JsonObject::new(),
        };
        if let Some(props) = schema.get_mut("properties") {
            inline_refs(props, &defs, 0);
            plain_enums(props);
            if let Value::Object(props) = props {
                props.values_mut().for_each(keys_named);
            }
        }
        let required: Vec<Value> = self
            .required
            .iter()
            .filter(|r| schema["properties"].get(r.as_str()).is_some())
            .map(|r| json!(r))
            .collect();
        if !required.is_empty() {
            schema.insert("required".into(), Value::Array(required));
        }
        schema
    }

    /// Checks the arguments that the schema constrains beyond their type (episode range) and
    /// drops `project_root` when the Request does not declare it.
    pub(crate) fn prepare_args(
        &self,
        mut args: JsonObject,
    ) -> std::result::Result<JsonObject, ArgError> {
        for key in ["episode", "episode_number"] {
            if let Some(n) = args.get(key).and_then(Value::as_i64) {
                if n < EPISODE_MIN as i64 || n > EPISODE_MAX as i64 {
                    return Err(ArgError {
                        message: format!(
                            "{key} は {EPISODE_MIN}〜{EPISODE_MAX} の話数で指定してください（{n} が渡されました）"
                        ),
                        field: Some(key.to_string()),
                        expected: Some(format!("integer {EPISODE_MIN}..={EPISODE_MAX}")),
                        example: super::args::example(&self.input_schema, &self.required, None),
                    });
                }
            }
        }
        if self.listed_only {
            let listed = self.compact_input_schema();
            let names: Vec<&str> = listed
                .get("properties")
                .and_then(Value::as_object)
                .map(|p| p.keys().map(String::as_str).collect())
                .unwrap_or_default();
            if let Some(key) = args
                .keys()
                .find(|k| k.as_str() != "project_root" && !names.contains(&k.as_str()))
            {
                let guess = super::args::closest(key, &names);
                let message = match guess {
                    Some(g) => format!("引数 `{key}` はありません。`{g}` のことですか？"),
                    None => format!("引数 `{key}` はありません"),
                };
                return Err(ArgError {
                    message,
                    field: Some(key.clone()),
                    expected: Some(format!("one of: {}", names.join(", "))),
                    example: super::args::example(&listed, &self.required, guess),
                });
            }
        }
        if !self.request_takes_root {
            args.remove("project_root");
        }
        Ok(args)
    }

    /// Runs the tool (blocking: call it from `spawn_blocking`).
    pub fn call(&self, ctx: &Ctx, args: JsonObject) -> std::result::Result<Called, ArgError> {
        (self.run)(ctx, args)
    }
}

/// The output schema of the default profile: the envelope frame of a compact reply
/// (`mcp::reply`). The full, typed result is in the file `saved_to` names.
pub(crate) fn frame_output_schema() -> Arc<JsonObject> {
    static FRAME: std::sync::OnceLock<Arc<JsonObject>> = std::sync::OnceLock::new();
    FRAME
        .get_or_init(|| {
            Arc::new(into_object(json!({
                "type": "object",
                "properties": {
                    "success": {"type": "boolean"},
                    "command": {"type": "string"},
                    "result": {"type": "object"},
                    "error": {
                        "type": "object",
                        "properties": {
                            "code": {"type": "string"},
                            "message": {"type": "string"},
                            "hint": {"type": "string"}
                        },
                        "required": ["code", "message"]
                    },
                    "saved_to": {"type": "string"},
                    "saved_sha256": {"type": "string"},
                    "truncated": {"type": "array", "items": {"type": "object"}},
                    "page": {"type": "object"}
                },
                "required": ["success", "command"]
            })))
        })
        .clone()
}

/// Replaces boolean sub-schemas (`true` / `false`, which schemars emits for
/// `serde_json::Value`) with their object forms `{}` / `{"not": {}}`: the TypeScript SDK
/// (1.22+) refuses a tool whose schema properties are not objects.
fn no_boolean_schemas(v: &mut Value) {
    const MAPS: [&str; 4] = ["properties", "$defs", "definitions", "patternProperties"];
    const ONE: [&str; 8] = [
        "items",
        "additionalItems",
        "contains",
        "not",
        "if",
        "then",
        "else",
        "propertyNames",
    ];
    const LISTS: [&str; 4] = ["anyOf", "oneOf", "allOf", "prefixItems"];
    fn object_form(s: &mut Value) {
        match s {
            Value::Bool(true) => *s = json!({}),
            Value::Bool(false) => *s = json!({"not": {}}),
            _ => no_boolean_schemas(s),
        }
    }
    let Value::Object(map) = v else { return };
    for (key, child) in map.iter_mut() {
        if MAPS.contains(&key.as_str()) {
            if let Value::Object(m) = child {
                m.values_mut().for_each(object_form);
            }
        } else if ONE.contains(&key.as_str()) {
            object_form(child);
        } else if LISTS.contains(&key.as_str()) {
            if let Value::Array(items) = child {
                items.iter_mut().for_each(object_form);
            }
        } else if key == "additionalProperties" {
            // `false` (closed objects) is accepted everywhere; only recurse into objects.
            if child.is_object() {
                no_boolean_schemas(child);
            }
        }
    }
}

/// An argument that is an object of named keys is listed as an object whose description
/// names them: the keys' own schemas cost every session's context for options an agent
/// rarely sets, and the Request's types still check every key and value on the call.
fn keys_named(prop: &mut Value) {
    let Some(Value::Object(keys)) = prop.get("properties") else {
        return;
    };
    if keys.is_empty() {
        return;
    }
    let said = prop
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or("");
    // Keys the description already shows (in its example) are not named twice.
    let names: Vec<&str> = keys
        .keys()
        .map(String::as_str)
        .filter(|k| !said.contains(k))
        .collect();
    if names.is_empty() {
        if let Value::Object(p) = prop {
            p.shift_remove("properties");
            p.shift_remove("additionalProperties");
        }
        return;
    }
    let named = format!("Keys: {}.", names.join(", "));
    let Value::Object(p) = prop else {
        return;
    };
    p.shift_remove("properties");
    p.shift_remove("additionalProperties");
    p.insert("type".into(), json!("object"));
    let description = match p.get("description").and_then(Value::as_str) {
        Some(d) => format!("{d} {named}"),
        None => named,
    };
    p.insert("description".into(), json!(description));
}

/// The first sentence of a description (up to `. ` or `。`; not at `e.g.` or `i.e.`), on
/// one line.
fn first_sentence(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let abbreviation = |i: usize| {
        ["e.g", "i.e", "etc", "cf", "vs"].iter().any(|a| {
            one_line[..i].ends_with(a)
                && !one_line[..i - a.len()].ends_with(|c: char| c.is_ascii_alphanumeric())
        })
    };
    let period = one_line
        .match_indices(". ")
        .map(|(i, _)| i)
        .find(|&i| !abbreviation(i))
        .map(|i| i + 1);
    let maru = one_line.find('。').map(|i| i + '。'.len_utf8());
    match period.into_iter().chain(maru).min() {
        Some(i) => one_line[..i].to_string(),
        None => one_line,
    }
}

/// Replaces every `{"$ref": "#/$defs/X"}` with definition X (the referring object's own
/// keys win), and drops defaults that tell nothing (`false`, `null`, empty).
fn inline_refs(v: &mut Value, defs: &JsonObject, depth: usize) {
    match v {
        Value::Object(map) => {
            let target = map
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
                .and_then(|name| defs.get(name))
                .and_then(Value::as_object);
            if let Some(def) = target.filter(|_| depth < 8) {
                map.shift_remove("$ref");
                for (k, d) in def {
                    map.entry(k.clone()).or_insert_with(|| d.clone());
                }
            }
            let trivial = |d: &Value| match d {
                Value::Null | Value::Bool(false) => true,
                Value::String(s) => s.is_empty(),
                Value::Array(a) => a.is_empty(),
                Value::Object(o) => o.is_empty(),
                _ => false,
            };
            if map.get("default").is_some_and(trivial) {
                map.shift_remove("default");
            }
            for child in map.values_mut() {
                inline_refs(child, defs, depth + 1);
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|i| inline_refs(i, defs, depth + 1)),
        _ => {}
    }
}

/// `{"oneOf": [{"const": a, "type": "string"}, …]}` (schemars' documented enums) as
/// `{"type": "string", "enum": [a, …]}`: the same values in fewer tokens.
fn plain_enums(v: &mut Value) {
    match v {
        Value::Object(map) => {
            let consts: Option<Vec<Value>> =
                map.get("oneOf").and_then(Value::as_array).and_then(|alts| {
                    alts.iter()
                        .map(|a| {
                            let a = a.as_object()?;
                            let only_const = a.keys().all(|k| k == "const" || k == "type");
                            only_const.then(|| a.get("const").cloned()).flatten()
                        })
                        .collect::<Option<Vec<_>>>()
                });
            if let Some(values) = consts.filter(|v| v.iter().all(Value::is_string)) {
                map.shift_remove("oneOf");
                map.insert("type".into(), json!("string"));
                map.insert("enum".into(), Value::Array(values));
            }
            map.values_mut().for_each(plain_enums);
        }
        Value::Array(items) => items.iter_mut().for_each(plain_enums),
        _ => {}
    }
}

fn into_object(v: Value) -> JsonObject {
    match v {
        Value::Object(o) => o,
        _ => JsonObject::new(),
    }
}

/// Drops what costs context and tells an agent nothing: `$schema` (MCP schemas are 2020-12)
/// and schemars' integer `format`s (`uint32`, …). Property *names* are never touched.
fn compact(v: &mut Value, in_properties: bool) {
    match v {
        Value::Object(map) => {
            if !in_properties {
                map.remove("$schema");
                if map.get("format").is_some_and(Value::is_string) {
                    map.remove("format");
                }
            }
            for (key, child) in map.iter_mut() {
                compact(
                    child,
                    !in_properties && (key == "properties" || key == "$defs"),
                );
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| compact(i, false)),
        _ => {}
    }
}

fn strip_descriptions(v: &mut Value, in_properties: bool) {
    match v {
        Value::Object(map) => {
            if !in_properties {
                map.remove("description");
            }
            for (key, child) in map.iter_mut() {
                strip_descriptions(child, !in_properties && key == "properties");
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| strip_descriptions(i, false)),
        _ => {}
    }
}

/// An optional argument is simply left out: its schema drops `"default": null` and the
/// `null` alternative (null is still accepted), which reads more plainly to an agent.
fn simplify_optional(prop: &mut JsonObject) {
    if prop.get("default").is_some_and(Value::is_null) {
        prop.remove("default");
    }
    if let Some(Value::Array(types)) = prop.get("type") {
        let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
        if rest.len() == 1 && rest.len() < types.len() {
            prop.insert("type".into(), rest[0].clone());
        }
    }
    let single = match prop.get("anyOf") {
        Some(Value::Array(alts)) if alts.len() == 2 => {
            let rest: Vec<&Value> = alts
                .iter()
                .filter(|a| **a != json!({"type": "null"}))
                .collect();
            (rest.len() == 1).then(|| rest[0].clone())
        }
        _ => None,
    };
    if let Some(Value::Object(inner)) = single {
        prop.remove("anyOf");
        for (k, v) in inner {
            prop.entry(k).or_insert(v);
        }
    }
}

/// Adds what every tool accepts to a Request's schema: `project_root`, the `episode_number`
/// alias of `episode`, and the episode range.
fn finish_input_schema(mut schema: JsonObject) -> JsonObject {
    let props = schema
        .entry("properties")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .map(std::mem::take)
        .unwrap_or_default();
    let mut props = props;
    props
        .entry("project_root")
        .or_insert_with(|| json!({"type": "string", "description": PROJECT_ROOT_DOC}));
    let mut episode_was_required = false;
    if let Some(Value::Object(ep)) = props.get_mut("episode") {
        ep.insert("minimum".into(), json!(EPISODE_MIN));
        ep.insert("maximum".into(), json!(EPISODE_MAX));
        ep.remove("format");
        if let Some(Value::Array(required)) = schema.get_mut("required") {
            let before = required.len();
            required.retain(|v| v != "episode");
            episode_was_required = required.len() != before;
        }
        let mut desc = ep
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or("Episode number")
            .to_string();
        if episode_was_required {
            desc.push_str(" Required (as `episode` or its alias `episode_number`).");
        }
        ep.insert("description".into(), json!(desc));
        props.entry("episode_number").or_insert_with(|| {
            json!({"type": "integer", "minimum": EPISODE_MIN, "maximum": EPISODE_MAX,
                   "description": "Alias of `episode`."})
        });
    }
    for prop in props.values_mut() {
        if let Value::Object(prop) = prop {
            simplify_optional(prop);
        }
    }
    if matches!(schema.get("required"), Some(Value::Array(r)) if r.is_empty()) {
        schema.remove("required");
    }
    schema.insert("properties".into(), Value::Object(props));
    schema.insert("type".into(), json!("object"));
    // Unknown keys are refused (with the closest valid name), so the schema says so.
    schema
        .entry("additionalProperties")
        .or_insert(Value::Bool(false));
    schema
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct Req {
        /// Episode number.
        #[serde(alias = "episode_number")]
        episode: u32,
    }

    #[derive(serde::Serialize, JsonSchema)]
    struct Rep {
        n: u32,
    }
    impl Report for Rep {}

    fn spec() -> ToolSpec {
        tool("t", "t", Hints::READ_ONLY, "d", |_c: &Ctx, r: Req| {
            Ok(Rep { n: r.episode })
        })
    }

    /// The published envelope is the real one: every key of a real envelope (success and
    /// error, every optional field set) is a property of the output schema, and back.
    #[test]
    fn output_schema_is_the_real_envelope() {
        let s = spec().output_schema;
        let keys = |v: &Value| -> Vec<String> {
            let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
            k.sort();
            k
        };
        let err = crate::Error::new(crate::Code::A001, "m")
            .hint("h")
            .at("f.md", Some(3))
            .details(json!({"x": 1}))
            .suggest("next")
            .alternative("other");
        let mut body = err.body();
        body.claude_guidance = Some(crate::error::ClaudeGuidance {
            suggested_action: Some("next".into()),
            parameters: Default::default(),
            explanation: String::new(),
        });
        body.tool_name = Some("t".into());
        let run = crate::store::envelope::RunInfo {
            command: "t".into(),
            project_root: "/p".into(),
            started: std::time::SystemTime::UNIX_EPOCH,
            elapsed_ms: 0.0,
        };
        let mut env = serde_json::to_value(Envelope::failure(&run, &err)).unwrap();
        env["error"] = serde_json::to_value(&body).unwrap();
        env["result"] = json!({"n": 1});
        env["inputs"] = json!({});
        env["outputs"] = json!({});
        env["saved_to"] = json!("x");
        assert_eq!(keys(&env), keys(&s["properties"]));
        assert_eq!(
            keys(&env["error"]),
            keys(&s["$defs"]["ErrorBody"]["properties"])
        );
        assert!(s["properties"]["created_at"].get("description").is_none());
    }

    #[test]
    fn input_schema_has_root_alias_and_range() {
        let s = spec().input_schema;
        let props = s["properties"].as_object().unwrap();
        assert_eq!(props["episode"]["minimum"], 1);
        assert_eq!(props["episode"]["maximum"], 9999);
        assert!(props.contains_key("episode_number"));
        assert!(props.contains_key("project_root"));
        assert!(s.get("required").is_none());
        assert_eq!(s["type"], "object");
    }

    #[test]
    fn out_of_range_episode_is_rejected_before_the_command() {
        let t = spec();
        let args = json!({"episode_number": 0}).as_object().cloned().unwrap();
        assert!(t.prepare_args(args).is_err());
        let args = json!({"episode": 3, "project_root": "/x"})
            .as_object()
            .cloned()
            .unwrap();
        let args = t.prepare_args(args).unwrap();
        assert!(!args.contains_key("project_root"));
    }

    #[test]
    fn optional_arguments_read_plainly() {
        let mut p = json!({"type": ["string", "null"], "default": null, "description": "d"})
            .as_object()
            .cloned()
            .unwrap();
        simplify_optional(&mut p);
        assert_eq!(
            Value::Object(p),
            json!({"type": "string", "description": "d"})
        );
        let mut p = json!({"anyOf": [{"$ref": "#/$defs/S"}, {"type": "null"}], "default": null})
            .as_object()
            .cloned()
            .unwrap();
        simplify_optional(&mut p);
        assert_eq!(Value::Object(p), json!({"$ref": "#/$defs/S"}));
    }

    #[test]
    fn compaction_keeps_property_names() {
        let mut v = json!({"$schema": "x", "type": "object", "properties": {
            "format": {"type": "string", "format": "uint32", "description": "d"},
            "n": {"type": "integer", "format": "uint64"}}});
        compact(&mut v, false);
        assert!(v.get("$schema").is_none());
        assert!(v["properties"]["format"].is_object());
        assert!(v["properties"]["format"].get("format").is_none());
        assert!(v["properties"]["n"].get("format").is_none());
        strip_descriptions(&mut v, false);
        assert!(v["properties"]["format"].get("description").is_none());
    }

    #[test]
    fn no_schema_is_a_boolean() {
        let mut v = json!({"type": "object", "properties": {"metadata": true, "x": {
            "type": "array", "items": true}}, "$defs": {"A": {"anyOf": [true, false]}},
            "additionalProperties": false});
        no_boolean_schemas(&mut v);
        assert_eq!(v["properties"]["metadata"], json!({}));
        assert_eq!(v["properties"]["x"]["items"], json!({}));
        assert_eq!(v["$defs"]["A"]["anyOf"][1], json!({"not": {}}));
        assert_eq!(v["additionalProperties"], false);
        let s = spec().output_schema;
        assert!(s["properties"]["metadata"].is_object());
    }

    #[test]
    fn bad_arguments_name_the_field_and_give_an_example() {
        let t = spec();
        let ctx = Ctx::new(std::env::temp_dir());
        let args = |v: Value| v.as_object().cloned().unwrap();
        let Err(e) = t.call(&ctx, args(json!({}))) else {
            panic!("missing episode accepted")
        };
        assert_eq!(e.field.as_deref(), Some("episode"));
        assert_eq!(e.example, json!({"episode": 1}));
        let Err(e) = t.call(&ctx, args(json!({"episode": "x"}))) else {
            panic!("a string episode accepted")
        };
        assert_eq!(e.field.as_deref(), Some("episode"));
        assert!(e.expected.as_deref().is_some_and(|x| x.contains("integer")));
        let Err(e) = t.call(&ctx, args(json!({"episode": 1, "episod": 2}))) else {
            panic!("an unknown key accepted")
        };
        assert_eq!(e.field.as_deref(), Some("episod"));
        assert!(e.message.contains("episode"), "{}", e.message);
        let err = e.to_error("t");
        assert_eq!(err.code, crate::Code::U001);
    }

    #[test]
    fn compact_input_schema_is_plain_and_still_honest() {
        let s = spec().compact_input_schema();
        assert_eq!(s["required"], json!(["episode"]));
        assert!(s["properties"].get("project_root").is_none());
        assert!(s["properties"].get("episode_number").is_none());
        assert_eq!(
            first_sentence("Episode number. Required (as\n `episode`)."),
            "Episode number."
        );
        assert_eq!(first_sentence("話数。必須です。"), "話数。");
        assert_eq!(first_sentence("No end"), "No end");
        assert_eq!(
            first_sentence("A path, e.g. `a.md`. More."),
            "A path, e.g. `a.md`."
        );
        let text = serde_json::to_string(&s).unwrap();
        assert!(!text.contains("$ref") && !text.contains("$defs"), "{text}");
        assert!(!text.contains("\"default\":false"), "{text}");
    }

    #[test]
    fn output_schema_describes_the_envelope() {
        let s = spec().output_schema;
        assert_eq!(s["type"], "object");
        let props = s["properties"].as_object().unwrap();
        for key in ["success", "command", "result", "error", "saved_to"] {
            assert!(props.contains_key(key), "{key}");
        }
    }
}
