//! `noveler todo|adr|context …`: the task memory (seed 004) from the command line. Each verb
//! builds the same request its MCP tool takes and prints the report as text or, with
//! `--format json`, as the envelope.

use super::{emit, Sink};
use crate::commands::todo::{self as cmd, *};
use crate::commands::{self, Ctx};
use crate::output::todo as out;
use crate::output::Format;
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueEnum};
use std::io::Read;

/// Output format of the task memory commands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TodoFormat {
    #[default]
    Text,
    Json,
}

impl From<TodoFormat> for Format {
    fn from(f: TodoFormat) -> Format {
        match f {
            TodoFormat::Text => Format::Text,
            TodoFormat::Json => Format::Json,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Output format: readable text, or the JSON envelope
    #[arg(long, value_enum, default_value = "text")]
    pub format: TodoFormat,
}

#[derive(Debug, Args)]
pub struct TodoArgs {
    #[command(subcommand)]
    pub command: TodoCommand,
}

#[derive(Debug, Subcommand)]
pub enum TodoCommand {
    /// Add a task at the end of its category in .todo/task.md (and create its context file)
    Add {
        /// Task title (1–100 characters)
        title: String,
        /// Category (a `##` section; default 未分類)
        #[arg(short, long)]
        category: Option<String>,
        /// Details, written to the task's context file
        #[arg(short, long)]
        description: Option<String>,
        /// A subtask (repeat for several, at most 20)
        #[arg(short, long = "subtask", value_name = "TITLE")]
        subtasks: Vec<String>,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// Change a task's title, status, category or subtasks
    Update {
        /// Task id, e.g. T001
        task_id: String,
        #[arg(short, long)]
        title: Option<String>,
        /// todo, in_progress (or in-progress) or done
        #[arg(short, long)]
        status: Option<String>,
        /// Move to this category (at its end)
        #[arg(short, long)]
        category: Option<String>,
        /// Replace all subtasks; repeat; a leading `[ ]`, `[-]` or `[x]` sets the status
        #[arg(long = "subtask", value_name = "TITLE")]
        subtasks: Vec<String>,
        /// Remove all subtasks
        #[arg(long, conflicts_with = "subtasks")]
        clear_subtasks: bool,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// Delete a task and its context file
    Delete {
        task_id: String,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// Move a task: first / last in its category, or before / after another task
    Move {
        task_id: String,
        /// first, last, before or after
        position: String,
        /// The reference task for before / after
        reference_task_id: Option<String>,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// List tasks in priority order
    List {
        /// todo, in_progress (or in-progress) or done
        #[arg(short, long)]
        status: Option<String>,
        #[arg(short, long)]
        category: Option<String>,
        /// At most this many (1–100)
        #[arg(short, long, default_value_t = 50, allow_negative_numbers = true)]
        limit: i64,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// Search tasks (title and content by default)
    Search {
        /// Search words
        #[arg(required = true, num_args = 1..)]
        query: Vec<String>,
        /// Where to search: title, content, context (comma-separated)
        #[arg(long = "in", value_delimiter = ',', value_name = "FIELDS")]
        search_in: Vec<String>,
        /// At most this many (1–50)
        #[arg(short, long, default_value_t = 20, allow_negative_numbers = true)]
        limit: i64,
        #[command(flatten)]
        out: OutputArgs,
    },
}

#[derive(Debug, Args)]
pub struct AdrArgs {
    #[command(subcommand)]
    pub command: AdrCommand,
}

#[derive(Debug, Subcommand)]
pub enum AdrCommand {
    /// Record a decision as .todo/adr/adr-NNN-<title>.md
    New {
        /// Decision title (1–100 characters)
        title: String,
        /// Background of the decision
        #[arg(long)]
        context: String,
        /// What was decided
        #[arg(long)]
        decision: String,
        /// Why
        #[arg(long)]
        rationale: String,
        /// What follows from it
        #[arg(long)]
        consequences: Option<String>,
        /// Proposed (default), Accepted or Deprecated
        #[arg(long)]
        status: Option<String>,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// Change a decision's status (recorded in its history)
    Status {
        /// ADR number (1–999)
        #[arg(allow_negative_numbers = true)]
        number: i64,
        /// Proposed, Accepted or Deprecated
        status: String,
        /// Why the status changes
        #[arg(short, long)]
        reason: Option<String>,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// List decision records
    List {
        /// Proposed, Accepted or Deprecated
        #[arg(short, long)]
        status: Option<String>,
        /// At most this many (1–100)
        #[arg(short, long, default_value_t = 50, allow_negative_numbers = true)]
        limit: i64,
        #[command(flatten)]
        out: OutputArgs,
    },
}

#[derive(Debug, Args)]
pub struct ContextArgs {
    #[command(subcommand)]
    pub command: ContextCommand,
}

#[derive(Debug, Subcommand)]
pub enum ContextCommand {
    /// Replace a task's context (or one `##` section of it)
    Set {
        task_id: String,
        /// Markdown content; `-` or nothing reads standard input
        content: Option<String>,
        /// Replace only this `##` section (created when missing)
        #[arg(short, long)]
        section: Option<String>,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// Append to a task's context (at the end, or to one `##` section)
    Append {
        task_id: String,
        /// Markdown content; `-` or nothing reads standard input
        content: Option<String>,
        /// Append to this `##` section (created when missing)
        #[arg(short, long)]
        section: Option<String>,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// Print a task's context
    Show {
        task_id: String,
        #[command(flatten)]
        out: OutputArgs,
    },
    /// Search all context files
    Search {
        /// Search words
        #[arg(required = true, num_args = 1..)]
        query: Vec<String>,
        /// At most this many (1–50)
        #[arg(short, long, default_value_t = 20, allow_negative_numbers = true)]
        limit: i64,
        #[command(flatten)]
        out: OutputArgs,
    },
}

/// `in-progress` → `in_progress`; anything else as given (the command validates it).
fn task_status(s: String) -> String {
    if s == "in-progress" {
        "in_progress".to_string()
    } else {
        s
    }
}

/// `accepted` → `Accepted`; anything else as given.
fn adr_status(s: String) -> String {
    match s.to_ascii_lowercase().as_str() {
        "proposed" => "Proposed".into(),
        "accepted" => "Accepted".into(),
        "deprecated" => "Deprecated".into(),
        _ => s,
    }
}

/// `[x] title` → (Some("done"), "title").
fn subtask_input(text: &str) -> SubtaskInput {
    let t = text.trim_start();
    for (prefix, status) in [
        ("[ ]", "todo"),
        ("[-]", "in_progress"),
        ("[x]", "done"),
        ("[X]", "done"),
    ] {
        if let Some(rest) = t.strip_prefix(prefix) {
            return SubtaskInput {
                title: rest.trim().to_string(),
                status: Some(status.to_string()),
            };
        }
    }
    SubtaskInput {
        title: text.to_string(),
        status: None,
    }
}

/// The content argument, or standard input for `-` / none.
fn content(arg: Option<String>) -> String {
    match arg.as_deref() {
        Some("-") | None => {
            let mut s = String::new();
            let _ = std::io::stdin().read_to_string(&mut s);
            s
        }
        Some(_) => arg.unwrap_or_default(),
    }
}

/// `exec!(sink, ctx, o, verb(req), render)`: runs `cmd::verb` on `req` (its envelope names the
/// command `verb`, as the MCP tool is named) and prints the outcome: `out::render` as text,
/// or the envelope with `--format json`.
macro_rules! exec {
    ($sink:expr, $ctx:expr, $o:expr, $verb:ident($req:expr), $render:ident) => {{
        let req = $req;
        let outcome = commands::execute($ctx, stringify!($verb), |c| cmd::$verb(c, req));
        emit($sink, &outcome, $o.format.into(), out::$render)
    }};
}

pub(crate) fn run_todo(ctx: &Ctx, args: TodoArgs, sink: &Sink) -> ExitStatus {
    match args.command {
        TodoCommand::Add {
            title,
            category,
            description,
            subtasks,
            out: o,
        } => {
            let req = CreateTaskRequest {
                title,
                category,
                description,
                subtasks,
            };
            exec!(sink, ctx, o, create_task(req), created_task)
        }
        TodoCommand::Update {
            task_id,
            title,
            status,
            category,
            subtasks,
            clear_subtasks,
            out: o,
        } => {
            let subtasks = if clear_subtasks {
                Some(Vec::new())
            } else if subtasks.is_empty() {
                None
            } else {
                Some(subtasks.iter().map(|s| subtask_input(s)).collect())
            };
            let req = UpdateTaskRequest {
                task_id,
                title,
                status: status.map(task_status),
                category,
                subtasks,
            };
            exec!(sink, ctx, o, update_task(req), updated_task)
        }
        TodoCommand::Delete { task_id, out: o } => {
            let req = DeleteTaskRequest { task_id };
            exec!(sink, ctx, o, delete_task(req), deleted_task)
        }
        TodoCommand::Move {
            task_id,
            position,
            reference_task_id,
            out: o,
        } => {
            let req = ReorderTaskRequest {
                task_id,
                position,
                reference_task_id,
            };
            exec!(sink, ctx, o, reorder_task(req), reordered_task)
        }
        TodoCommand::List {
            status,
            category,
            limit,
            out: o,
        } => {
            let req = ListTasksRequest {
                status: status.map(task_status),
                category,
                limit,
                cursor: 0,
            };
            exec!(sink, ctx, o, list_tasks(req), task_list)
        }
        TodoCommand::Search {
            query,
            search_in,
            limit,
            out: o,
        } => {
            let req = SearchTasksRequest {
                query: query.join(" "),
                search_in: (!search_in.is_empty()).then_some(search_in),
                limit,
            };
            exec!(sink, ctx, o, search_tasks(req), task_hits)
        }
    }
}

pub(crate) fn run_adr(ctx: &Ctx, args: AdrArgs, sink: &Sink) -> ExitStatus {
    match args.command {
        AdrCommand::New {
            title,
            context,
            decision,
            rationale,
            consequences,
            status,
            out: o,
        } => {
            let req = CreateAdrRequest {
                title,
                context,
                decision,
                rationale,
                consequences,
                status: status.map(adr_status),
            };
            exec!(sink, ctx, o, create_adr(req), created_adr)
        }
        AdrCommand::Status {
            number,
            status,
            reason,
            out: o,
        } => {
            let req = UpdateAdrStatusRequest {
                adr_number: number,
                status: adr_status(status),
                reason,
            };
            exec!(sink, ctx, o, update_adr_status(req), adr_status_changed)
        }
        AdrCommand::List {
            status,
            limit,
            out: o,
        } => {
            let req = ListAdrsRequest {
                status: status.map(adr_status),
                limit,
                cursor: 0,
            };
            exec!(sink, ctx, o, list_adrs(req), adr_list)
        }
    }
}

pub(crate) fn run_context(ctx: &Ctx, args: ContextArgs, sink: &Sink) -> ExitStatus {
    match args.command {
        ContextCommand::Set {
            task_id,
            content: text,
            section,
            out: o,
        } => update_context(ctx, task_id, content(text), false, section, o, sink),
        ContextCommand::Append {
            task_id,
            content: text,
            section,
            out: o,
        } => update_context(ctx, task_id, content(text), true, section, o, sink),
        ContextCommand::Show { task_id, out: o } => {
            let req = GetContextRequest { task_id };
            exec!(sink, ctx, o, get_context(req), context_shown)
        }
        ContextCommand::Search {
            query,
            limit,
            out: o,
        } => {
            let req = SearchContextsRequest {
                query: query.join(" "),
                limit,
            };
            exec!(sink, ctx, o, search_contexts(req), context_hits)
        }
    }
}

fn update_context(
    ctx: &Ctx,
    task_id: String,
    content: String,
    append: bool,
    section: Option<String>,
    o: OutputArgs,
    sink: &Sink,
) -> ExitStatus {
    let req = UpdateContextRequest {
        task_id,
        content,
        append,
        section,
    };
    exec!(sink, ctx, o, update_context(req), context_updated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtask_syntax() {
        let s = subtask_input("[x] 下書き");
        assert_eq!(
            (s.title.as_str(), s.status.as_deref()),
            ("下書き", Some("done"))
        );
        let s = subtask_input("下書き");
        assert_eq!((s.title.as_str(), s.status), ("下書き", None));
        assert_eq!(task_status("in-progress".into()), "in_progress");
        assert_eq!(adr_status("accepted".into()), "Accepted");
        assert_eq!(adr_status("weird".into()), "weird");
    }
}
