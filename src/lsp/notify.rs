//! Notifications: documents opened, changed, saved and closed; settings, workspace folders
//! and config files changed; a request cancelled.

use super::document::TextDocument;
use super::server::{OpenDoc, Server};
use super::target::{self, Target};
use lsp_server::Notification;
use lsp_types::TextDocumentContentChangeEvent;
use serde_json::Value;
use std::sync::atomic::Ordering;

impl Server {
    /// Handles a notification. Documents and folders are named by the URI string the client
    /// sent, read by hand rather than through `lsp_types::Uri`: a client that writes file
    /// names unescaped (`file:///…/40_原稿/第1話.md`, not RFC 3986 but sent) is served under
    /// that very string, never dropped in silence.
    pub(crate) fn notification(&mut self, mut n: Notification) {
        let p = &mut n.params;
        let result: Result<(), String> = match n.method.as_str() {
            "initialized" => {
                self.initialized();
                Ok(())
            }
            "textDocument/didOpen" => {
                // The text is taken, not copied (pointer_mut: params of any shape).
                let text = p.pointer_mut("/textDocument/text").map(Value::take);
                let d = &p["textDocument"];
                match (d["uri"].as_str(), text) {
                    (Some(uri), Some(Value::String(text))) => {
                        let uri = uri.to_string();
                        let language = d["languageId"].as_str().unwrap_or_default().to_string();
                        let version = version_of(&d["version"]).unwrap_or(0);
                        self.opened(&uri, language, text, version);
                        Ok(())
                    }
                    _ => Err("textDocument.uri or textDocument.text missing".into()),
                }
            }
            "textDocument/didChange" => {
                let uri = text_document_uri(p);
                let changes = serde_json::from_value::<Vec<TextDocumentContentChangeEvent>>(
                    p.pointer_mut("/contentChanges")
                        .map(Value::take)
                        .unwrap_or_default(),
                );
                match (uri, changes) {
                    (Some(uri), Ok(changes)) => {
                        let version = version_of(&p["textDocument"]["version"]);
                        let enc = self.encoding;
                        if let Some(doc) = self.docs.get_mut(&uri) {
                            let version =
                                version.unwrap_or_else(|| doc.doc.version.saturating_add(1));
                            doc.doc.apply(changes, version, enc);
                            self.schedule(&uri);
                        }
                        Ok(())
                    }
                    (None, _) => Err("textDocument.uri missing".into()),
                    (_, Err(e)) => Err(e.to_string()),
                }
            }
            "textDocument/didSave" => {
                let is_config = text_document_uri(p)
                    .and_then(|uri| self.docs.get(&uri))
                    .is_some_and(|d| matches!(d.target, Target::Config { .. }));
                if is_config {
                    self.reload_projects();
                }
                Ok(())
            }
            "textDocument/didClose" => match text_document_uri(p) {
                Some(uri) => {
                    self.closed(&uri);
                    Ok(())
                }
                None => Err("textDocument.uri missing".into()),
            },
            "workspace/didChangeConfiguration" => {
                let settings = p.get("settings").filter(|s| !s.is_null()).cloned();
                match settings {
                    Some(s) if s.get("noveler").is_some() || !self.caps.configuration => {
                        self.apply_settings(&s);
                        self.recheck_all();
                    }
                    _ => self.pull_settings(),
                }
                Ok(())
            }
            "workspace/didChangeWatchedFiles" => {
                let config_changed = uris(&p["changes"]).iter().any(|uri| {
                    crate::store::uri::file_path(uri)
                        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                        .is_some_and(|n| target::CONFIG_FILES.contains(&n.as_str()))
                });
                if config_changed {
                    self.reload_projects();
                }
                Ok(())
            }
            "workspace/didChangeWorkspaceFolders" => {
                let paths = |v: &Value| -> Vec<_> {
                    uris(v)
                        .iter()
                        .filter_map(|u| crate::store::uri::file_path(u))
                        .collect()
                };
                let gone = paths(&p["event"]["removed"]);
                let added = paths(&p["event"]["added"]);
                self.workspace.retain(|w| !gone.contains(w));
                self.workspace.extend(added);
                self.recheck_all();
                Ok(())
            }
            "$/cancelRequest" => {
                if let Some(id) = p.get("id") {
                    let id = id.clone();
                    self.cancel_request(&id);
                }
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(e) = result {
            super::log(&format!("{}: parameters not understood: {e}", n.method));
        }
    }

    fn opened(&mut self, uri: &str, language: String, text: String, version: i32) {
        let path = crate::store::uri::file_path(uri);
        let target = self.target_of(path.as_deref(), &language);
        let doc = OpenDoc {
            path,
            language,
            doc: TextDocument::new(text, version),
            target,
            cache: std::sync::Arc::new(crate::analysis::incremental::EditCache::new(
                crate::store::dictionary::lexicon().ok(),
            )),
            analysed: None,
            cancel: None,
        };
        if let Some(old) = self.docs.insert(uri.to_string(), doc) {
            if let Some(c) = old.cancel {
                c.store(true, Ordering::Relaxed);
            }
        }
        self.schedule(uri);
    }

    fn closed(&mut self, uri: &str) {
        let Some(doc) = self.docs.remove(uri) else {
            return;
        };
        if let Some(c) = doc.cancel {
            c.store(true, Ordering::Relaxed);
        }
        let was_config = matches!(doc.target, Target::Config { .. });
        // What was shown for it goes (a config file's disk errors come back below).
        self.publish(uri, None, Vec::new());
        if was_config {
            self.refresh_config_diagnostics();
        }
        let waiting: Vec<_> = self
            .deferred
            .iter()
            .filter(|r| super::handlers::uri_of(r).as_deref() == Some(uri))
            .map(|r| r.id.clone())
            .collect();
        for id in waiting {
            if let Ok(v) = serde_json::to_value(&id) {
                self.cancel_request(&v);
            }
        }
    }
}

/// `textDocument.uri` of a notification's params.
fn text_document_uri(params: &Value) -> Option<String> {
    params
        .pointer("/textDocument/uri")
        .and_then(Value::as_str)
        .map(String::from)
}

/// A document version (an LSP `integer`).
fn version_of(v: &Value) -> Option<i32> {
    v.as_i64().and_then(|v| i32::try_from(v).ok())
}

/// The `uri` of each object of array `v` (watched file events, workspace folders).
fn uris(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x["uri"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}
