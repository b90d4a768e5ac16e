//! The files that connect a project to Claude Code: `.mcp.json` registering `noveler mcp`
//! under the server name [`MCP_SERVER`], and the `/noveler` slash command (seed 000 §10).
//! One text each, embedded from `templates/project/agent/`: `noveler init` writes both into
//! a new project, `noveler mcp install-command` writes the slash command into a project or
//! the user's own commands (`~/.claude/commands/`, which Claude Code reads in every folder).

use crate::error::{Code, Error, Result};

/// The name `.mcp.json` registers the server under: Claude Code calls its tools
/// `mcp__<server>__<tool>`, the names the slash command's `allowed-tools` lists.
pub const MCP_SERVER: &str = "noveler";

/// A file written for an agent: its path (relative to the project root, or to the home
/// directory for the user-level slash command) and its text.
#[derive(Debug, Clone, Copy)]
pub struct AgentFile {
    pub path: &'static str,
    pub text: &'static str,
}

/// `.mcp.json`: `noveler mcp` as the server [`MCP_SERVER`].
pub const MCP_JSON: AgentFile = AgentFile {
    path: ".mcp.json",
    text: include_str!("../../templates/project/agent/mcp.json"),
};

/// The `/noveler` slash command. Claude Code reads `.claude/commands/*.md` both in the
/// project and in the home directory (the project's wins), so the same relative path
/// serves both places.
pub const SLASH_COMMAND: AgentFile = AgentFile {
    path: ".claude/commands/noveler.md",
    text: include_str!("../../templates/project/agent/noveler.md"),
};

/// The YAML front matter of a slash command (the keys Claude Code reads).
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct FrontMatter {
    pub description: Option<String>,
    pub argument_hint: Option<String>,
    /// Comma-separated tool names (`mcp__noveler__status, Bash(noveler init:*)`).
    pub allowed_tools: Option<String>,
}

impl FrontMatter {
    /// `allowed-tools` one name each.
    pub fn allowed_tools(&self) -> Vec<String> {
        self.allowed_tools
            .as_deref()
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    }
}

/// The front matter of the command file `text` (between the first two `---` lines).
pub fn front_matter(text: &str) -> Result<FrontMatter> {
    let broken = |what: &str| {
        Error::new(
            Code::U002,
            format!("スラッシュコマンドのフロントマターが読めません: {what}"),
        )
    };
    let body = text
        .strip_prefix("---\n")
        .ok_or_else(|| broken("先頭に --- がありません"))?;
    let end = body
        .find("\n---\n")
        .ok_or_else(|| broken("閉じる --- がありません"))?;
    super::yaml::from_str(&body[..end]).map_err(|e| broken(&e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slash_command_says_what_claude_code_reads() {
        let fm = front_matter(SLASH_COMMAND.text).unwrap();
        assert!(fm
            .description
            .as_deref()
            .unwrap()
            .contains("/noveler write 1"));
        assert!(fm.argument_hint.as_deref().unwrap().contains("init"));
        let tools = fm.allowed_tools();
        let prefix = format!("mcp__{MCP_SERVER}__");
        assert!(
            tools.iter().any(|t| t == "Bash(noveler init:*)"),
            "{tools:?}"
        );
        let mcp: Vec<&String> = tools.iter().filter(|t| t.starts_with(&prefix)).collect();
        // Everything but the one Bash form is a noveler MCP tool.
        assert_eq!(mcp.len() + 1, tools.len(), "{tools:?}");
        // The body names each of them, and every subcommand of seed 000 §10.2.1.
        for t in &mcp {
            let tool = &t[prefix.len()..];
            assert!(
                SLASH_COMMAND.text.contains(&format!("`{tool} "))
                    || SLASH_COMMAND.text.contains(&format!("`{tool}`")),
                "{tool} is allowed but never used"
            );
        }
        for sub in ["write N", "check N", "plot N", "status", "init 作品名"] {
            assert!(SLASH_COMMAND.text.contains(&format!("- `{sub}")), "{sub}");
        }
    }

    #[test]
    fn the_server_name_is_the_one_mcp_json_registers() {
        let v: serde_json::Value = serde_json::from_str(MCP_JSON.text).unwrap();
        let servers = v["mcpServers"].as_object().unwrap();
        assert_eq!(servers.keys().collect::<Vec<_>>(), [MCP_SERVER]);
        assert_eq!(servers[MCP_SERVER]["args"][0], "mcp");
    }

    #[test]
    fn a_file_without_front_matter_is_refused() {
        assert!(front_matter("# no front matter\n").is_err());
        assert!(front_matter("---\ndescription: x\n").is_err());
    }
}
