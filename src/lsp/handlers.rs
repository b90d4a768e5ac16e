//! Requests: code actions (and their resolve), hover, code lens. Each reads the check of
//! the document's current version; while that check runs, the request waits for it.

use super::actions::{self, RcFile};
use super::server::{invalid_params, Server};
use super::worker::Analysed;
use crate::project::TOOL_CONFIG;
use lsp_server::{ErrorCode, Request};
use serde_json::{json, Value};
use std::sync::Arc;

/// The document a request is about (`textDocument.uri`, or a resolve's `data.uri`).
pub(crate) fn uri_of(req: &Request) -> Option<String> {
    req.params
        .pointer("/textDocument/uri")
        .or_else(|| req.params.pointer("/data/uri"))
        .and_then(Value::as_str)
        .map(String::from)
}

/// What the check of a document's current version says now.
enum State {
    Ready(Arc<Analysed>),
    /// Checked, nothing to show (not served, blank, or the check failed).
    Nothing,
    /// Its check is still running.
    Running,
}

impl Server {
    pub(crate) fn request(&mut self, req: Request) {
        let known = matches!(
            req.method.as_str(),
            "textDocument/codeAction"
                | "codeAction/resolve"
                | "textDocument/hover"
                | "textDocument/codeLens"
        );
        if !known {
            let message = format!("{} には対応していません", req.method);
            self.respond(req.id, Err((ErrorCode::MethodNotFound, message)));
            return;
        }
        let state = match uri_of(&req) {
            Some(uri) => self.state(&uri),
            None => State::Nothing,
        };
        let analysed = match state {
            State::Running => {
                self.deferred.push(req);
                return;
            }
            State::Ready(a) => Some(a),
            State::Nothing => None,
        };
        let result = match req.method.as_str() {
            "textDocument/codeAction" => self.code_action(&req.params, analysed.as_deref()),
            "codeAction/resolve" => self.resolve(&req.params, analysed.as_deref()),
            "textDocument/hover" => hover(&req.params, analysed.as_deref()),
            _ => Ok(analysed
                .map(|a| json!(super::lens::lenses(&a)))
                .unwrap_or_else(|| json!([]))),
        };
        self.respond(req.id, result);
    }

    /// Drops a waiting request the client cancelled (`$/cancelRequest`).
    pub(crate) fn cancel_request(&mut self, id: &Value) {
        let Some(at) = self
            .deferred
            .iter()
            .position(|r| serde_json::to_value(&r.id).ok().as_ref() == Some(id))
        else {
            return;
        };
        let req = self.deferred.remove(at);
        self.respond(
            req.id,
            Err((ErrorCode::RequestCanceled, "キャンセルされました".into())),
        );
    }

    fn state(&self, uri: &str) -> State {
        let Some(doc) = self.docs.get(uri) else {
            return State::Nothing;
        };
        match &doc.analysed {
            Some(a) if a.version == doc.doc.version => State::Ready(a.clone()),
            _ if doc.cancel.is_some() => State::Running,
            _ => State::Nothing,
        }
    }

    fn code_action(
        &self,
        params: &Value,
        a: Option<&Analysed>,
    ) -> Result<Value, (ErrorCode, String)> {
        // Read leniently: a client's copies of the diagnostics in the context need not be
        // complete (Neovim 0.7 sends some fields only); the range, kinds and ids matter.
        let uri = params
            .pointer("/textDocument/uri")
            .and_then(Value::as_str)
            .ok_or_else(|| invalid_params("textDocument.uri がありません"))?;
        let range: lsp_types::Range =
            serde_json::from_value(params["range"].clone()).map_err(invalid_params)?;
        let Some(a) = a else {
            return Ok(json!([]));
        };
        let only: Option<Vec<String>> = params.pointer("/context/only").and_then(|o| {
            o.as_array().map(|a| {
                a.iter()
                    .filter_map(|k| k.as_str().map(String::from))
                    .collect()
            })
        });
        let wants = |kind: &str| {
            only.as_ref().is_none_or(|o| {
                o.iter()
                    .any(|k| kind == k || kind.starts_with(&format!("{k}.")))
            })
        };
        let ids = params
            .pointer("/context/diagnostics")
            .and_then(Value::as_array)
            .map(|ds| {
                ds.iter()
                    .filter_map(|d| d.pointer("/data/id")?.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        let explicit_fix_all = only
            .as_ref()
            .is_some_and(|o| o.iter().any(|k| k.starts_with("source")));
        let req = actions::Request {
            uri,
            analysed: a,
            range,
            ids,
            wants: &wants,
            caps: self.caps.edits,
            rc: self.rc_file(a),
            eager_fix_all: explicit_fix_all || !self.caps.resolve_edit,
        };
        Ok(json!(actions::for_range(&req)))
    }

    fn resolve(&self, params: &Value, a: Option<&Analysed>) -> Result<Value, (ErrorCode, String)> {
        let mut action: lsp_types::CodeAction =
            serde_json::from_value(params.clone()).map_err(invalid_params)?;
        let data = action.data.clone().unwrap_or(Value::Null);
        if let (Some(a), Some(uri)) = (a, data["uri"].as_str()) {
            let current = data["version"].as_i64() == Some(i64::from(a.version));
            if current && data["fixAll"] == json!(true) && action.edit.is_none() {
                actions::resolve_fix_all(uri, a, self.caps.edits, &mut action);
            }
        }
        Ok(json!(action))
    }

    /// The project's `.novelerrc.yaml` for `a`'s edits: the open buffer, else the file.
    fn rc_file(&self, a: &Analysed) -> Option<RcFile> {
        let path = a.plan.project.root.join(TOOL_CONFIG);
        if let Some((uri, doc)) = self
            .docs
            .iter()
            .find(|(_, d)| d.path.as_deref() == Some(path.as_path()))
        {
            return Some(RcFile {
                uri: uri.clone(),
                text: doc.doc.text.to_string(),
                version: Some(doc.doc.version),
                exists: true,
            });
        }
        let exists = path.is_file();
        let text = if exists {
            String::from_utf8(crate::store::text::read_bytes(&path).ok()?).ok()?
        } else {
            String::new()
        };
        Some(RcFile {
            uri: crate::store::uri::file_uri(&path),
            text,
            version: None,
            exists,
        })
    }
}

/// Read by hand, not as `lsp_types::HoverParams`: the URI as the client spelled it.
fn hover(params: &Value, a: Option<&Analysed>) -> Result<Value, (ErrorCode, String)> {
    if params
        .pointer("/textDocument/uri")
        .and_then(Value::as_str)
        .is_none()
    {
        return Err(invalid_params("textDocument.uri がありません"));
    }
    let position: lsp_types::Position =
        serde_json::from_value(params["position"].clone()).map_err(invalid_params)?;
    Ok(a.and_then(|a| super::hover::at(a, position))
        .map(|h| json!(h))
        .unwrap_or(Value::Null))
}
