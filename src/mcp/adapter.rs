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
use serde::Serialize;
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

/// A finished call: the envelope and whether it is an error envelope.
pub struct Called {
    pub envelope: Envelope,
    pub is_error: bool,
    /// Saving the envelope failed (the call itself still counts); logged to stderr.
    pub save_error: Option<crate::Error>,
}

/// Arguments that do not fit the tool's Request: a JSON-RPC invalid-params error.
#[derive(Debug)]
pub struct ArgError(pub String);

type RunFn = dyn Fn(&Ctx, JsonObject) -> std::result::Result<Called, ArgError> + Send + Sync;
/// Computes the exclusivity key of a call (e.g. `write:40_原稿/第001話.md`) from its
/// arguments; two calls with the same key never run at the same time (QC-008 busy).
pub type ExclusiveFn = fn(&JsonObject) -> Option<String>;

/// One row of the tool table.
#[derive(Clone)]
pub struct ToolSpec {
    pub name: &'static str,
    /// The envelope's `command` (the CLI verb it shares results with).
    pub command: &'static str,
    pub description: &'static str,
    pub hints: Hints,
    pub exclusive: Option<ExclusiveFn>,
    pub input_schema: Arc<JsonObject>,
    pub output_schema: Arc<JsonObject>,
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
    let mut input_schema = Value::Object(finish_input_schema(raw.as_ref().clone()));
    compact(&mut input_schema, false);
    let mut output_schema =
        Value::Object(schema_for_output::<EnvelopeSchema<Rep>>().as_ref().clone());
    compact(&mut output_schema, false);
    // The envelope frame is the same for every tool: its types go without descriptions
    // (SPEC §5 documents them); the Report's own descriptions stay.
    if let Some(defs) = output_schema
        .get_mut("$defs")
        .and_then(Value::as_object_mut)
    {
        for frame in ["FileSet", "FileRef", "ErrorSchema"] {
            if let Some(def) = defs.get_mut(frame) {
                strip_descriptions(def, false);
            }
        }
    }
    let input_schema = Arc::new(into_object(input_schema));
    let output_schema = Arc::new(into_object(output_schema));
    let run = move |ctx: &Ctx, args: JsonObject| -> std::result::Result<Called, ArgError> {
        let req: Req = serde_json::from_value(Value::Object(args))
            .map_err(|e| ArgError(format!("invalid arguments for tool {name}: {e}")))?;
        let outcome = commands::execute(ctx, command, |c| run(c, req));
        Ok(Called {
            is_error: outcome.report.is_err(),
            envelope: outcome.envelope,
            save_error: outcome.save_error,
        })
    };
    ToolSpec {
        name,
        command,
        description,
        hints,
        exclusive: None,
        input_schema,
        output_schema,
        request_takes_root,
        run: Arc::new(run),
    }
}

impl ToolSpec {
    /// Calls with the same key (computed from the arguments) are exclusive.
    pub fn exclusive(mut self, key: ExclusiveFn) -> ToolSpec {
        self.exclusive = Some(key);
        self
    }

    /// The `tools/list` entry.
    pub fn listing(&self) -> Tool {
        let mut tool = Tool::new(self.name, self.description, self.input_schema.clone());
        tool.output_schema = Some(self.output_schema.clone());
        tool.annotations = Some(self.hints.annotations());
        tool
    }

    /// Checks the arguments that the schema constrains beyond their type (episode range) and
    /// drops `project_root` when the Request does not declare it.
    pub fn prepare_args(&self, mut args: JsonObject) -> std::result::Result<JsonObject, ArgError> {
        for key in ["episode", "episode_number"] {
            if let Some(n) = args.get(key).and_then(Value::as_i64) {
                if n < EPISODE_MIN as i64 || n > EPISODE_MAX as i64 {
                    return Err(ArgError(format!(
                        "invalid arguments for tool {}: {key} must be in {EPISODE_MIN}..={EPISODE_MAX}, got {n}",
                        self.name
                    )));
                }
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
    schema
}

/// The error object of an error envelope (SPEC §5; `crate::Error::to_json`).
#[derive(Serialize, JsonSchema)]
#[allow(dead_code)]
struct ErrorSchema {
    code: String,
    #[serde(rename = "type")]
    kind: String,
    message: String,
    hint: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    details: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    suggested_action: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alternative_actions: Option<Vec<String>>,
}

/// The SPEC §5 envelope with its `result` typed: the output schema of every tool. A success
/// carries `result` (and inputs/outputs); a failure carries `error`.
#[derive(Serialize, JsonSchema)]
#[allow(dead_code)]
struct EnvelopeSchema<R> {
    success: bool,
    command: String,
    noveler_version: String,
    created_at: String,
    execution_time_ms: f64,
    project_root: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    inputs: Option<crate::store::envelope::FileSet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outputs: Option<crate::store::envelope::FileSet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorSchema>,
    metadata: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    saved_to: Option<String>,
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

    #[derive(Serialize, JsonSchema)]
    struct Rep {
        n: u32,
    }
    impl Report for Rep {}

    fn spec() -> ToolSpec {
        tool("t", "t", Hints::READ_ONLY, "d", |_c: &Ctx, r: Req| {
            Ok(Rep { n: r.episode })
        })
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
    fn output_schema_describes_the_envelope() {
        let s = spec().output_schema;
        assert_eq!(s["type"], "object");
        let props = s["properties"].as_object().unwrap();
        for key in ["success", "command", "result", "error", "saved_to"] {
            assert!(props.contains_key(key), "{key}");
        }
    }
}
