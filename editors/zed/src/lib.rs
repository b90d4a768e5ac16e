//! Starts `noveler lsp` (found on the worktree's PATH) for Markdown and plain text, and
//! hands it the `lsp.noveler.initialization_options` / `settings` of Zed's settings.

use zed_extension_api::{self as zed, settings::LspSettings, LanguageServerId, Result};

struct Noveler;

impl zed::Extension for Noveler {
    fn new() -> Self {
        Noveler
    }

    fn language_server_command(
        &mut self,
        _id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let path = worktree.which("noveler").ok_or_else(|| {
            "noveler が PATH にありません（cargo install --path . で入ります）".to_string()
        })?;
        Ok(zed::Command {
            command: path,
            args: vec!["lsp".into()],
            env: Default::default(),
        })
    }

    fn language_server_initialization_options(
        &mut self,
        _id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<zed::serde_json::Value>> {
        Ok(LspSettings::for_worktree("noveler", worktree)
            .ok()
            .and_then(|s| s.initialization_options))
    }

    fn language_server_workspace_configuration(
        &mut self,
        _id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<zed::serde_json::Value>> {
        Ok(LspSettings::for_worktree("noveler", worktree)
            .ok()
            .and_then(|s| s.settings)
            .map(|s| zed::serde_json::json!({ "noveler": s })))
    }
}

zed::register_extension!(Noveler);
