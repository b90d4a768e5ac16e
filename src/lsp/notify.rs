//! Notifications: documents opened, changed, saved and closed; settings, workspace folders
//! and config files changed; a request cancelled.

use super::document::TextDocument;
use super::server::{OpenDoc, Server};
use super::target::{self, Target};
use lsp_server::Notification;
use std::sync::atomic::Ordering;

impl Server {
    pub(crate) fn notification(&mut self, n: Notification) {
        let p = &n.params;
        let result: Result<(), serde_json::Error> = match n.method.as_str() {
            "initialized" => {
                self.initialized();
                Ok(())
            }
            "textDocument/didOpen" => {
                serde_json::from_value(p.clone()).map(|x: lsp_types::DidOpenTextDocumentParams| {
                    let d = x.text_document;
                    self.opened(d.uri.as_str(), d.language_id, d.text, d.version)
                })
            }
            "textDocument/didChange" => serde_json::from_value(p.clone()).map(
                |x: lsp_types::DidChangeTextDocumentParams| {
                    let uri = x.text_document.uri.as_str().to_string();
                    let enc = self.encoding;
                    if let Some(doc) = self.docs.get_mut(&uri) {
                        doc.doc
                            .apply(x.content_changes, x.text_document.version, enc);
                        self.schedule(&uri);
                    }
                },
            ),
            "textDocument/didSave" => {
                serde_json::from_value(p.clone()).map(|x: lsp_types::DidSaveTextDocumentParams| {
                    let is_config = self
                        .docs
                        .get(x.text_document.uri.as_str())
                        .is_some_and(|d| matches!(d.target, Target::Config { .. }));
                    if is_config {
                        self.reload_projects();
                    }
                })
            }
            "textDocument/didClose" => {
                serde_json::from_value(p.clone()).map(|x: lsp_types::DidCloseTextDocumentParams| {
                    self.closed(x.text_document.uri.as_str())
                })
            }
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
            "workspace/didChangeWatchedFiles" => serde_json::from_value(p.clone()).map(
                |x: lsp_types::DidChangeWatchedFilesParams| {
                    let config_changed = x.changes.iter().any(|c| {
                        crate::store::uri::file_path(c.uri.as_str())
                            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                            .is_some_and(|n| target::CONFIG_FILES.contains(&n.as_str()))
                    });
                    if config_changed {
                        self.reload_projects();
                    }
                },
            ),
            "workspace/didChangeWorkspaceFolders" => serde_json::from_value(p.clone()).map(
                |x: lsp_types::DidChangeWorkspaceFoldersParams| {
                    let gone: Vec<_> = x
                        .event
                        .removed
                        .iter()
                        .filter_map(|f| crate::store::uri::file_path(f.uri.as_str()))
                        .collect();
                    self.workspace.retain(|w| !gone.contains(w));
                    self.workspace.extend(
                        x.event
                            .added
                            .iter()
                            .filter_map(|f| crate::store::uri::file_path(f.uri.as_str())),
                    );
                    self.recheck_all();
                },
            ),
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
            tokens: crate::store::dictionary::lexicon()
                .ok()
                .map(|l| std::sync::Arc::new(crate::analysis::morph::TokenCache::new(l))),
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
