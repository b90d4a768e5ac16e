//! `noveler feedback record EP --accept IDS --reject IDS [--before S --after S]` and
//! `noveler feedback summary` (`commands::feedback`, MCP `record_improvement_feedback`).

use crate::cli::files::DataFormat;
use crate::cli::{emit, Sink};
use crate::commands::feedback::{
    self as cmd, DecisionIn, FeedbackRequest, FeedbackSummaryRequest, Verdict,
};
use crate::commands::{self, Ctx};
use crate::ExitStatus;
use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct FeedbackArgs {
    #[command(subcommand)]
    pub action: FeedbackAction,
}

#[derive(Debug, Subcommand)]
pub enum FeedbackAction {
    /// Record which findings of an episode the author accepted or rejected (ids from a check)
    Record {
        /// Episode number (finding codes are looked up in its current check)
        episode: u32,
        /// Finding ids the author accepted (comma-separated; ID:CODE to name the rule)
        #[arg(long, value_delimiter = ',', value_name = "ID,...")]
        accept: Vec<String>,
        /// Finding ids the author rejected (comma-separated; ID:CODE to name the rule)
        #[arg(long, value_delimiter = ',', value_name = "ID,...")]
        reject: Vec<String>,
        /// Overall score before the revision
        #[arg(long, value_name = "SCORE")]
        before: Option<f64>,
        /// Overall score after the revision
        #[arg(long, value_name = "SCORE")]
        after: Option<f64>,
        /// A note kept with the record
        #[arg(long)]
        note: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Rule weights and config suggestions from every record so far
    Summary {
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

fn score_map(s: Option<f64>) -> serde_json::Map<String, serde_json::Value> {
    s.map(|v| {
        [("overall".to_string(), serde_json::json!(v))]
            .into_iter()
            .collect()
    })
    .unwrap_or_default()
}

pub fn run(ctx: &Ctx, args: FeedbackArgs, sink: &Sink) -> ExitStatus {
    match args.action {
        FeedbackAction::Record {
            episode,
            accept,
            reject,
            before,
            after,
            note,
            format,
        } => {
            let decisions = accept
                .into_iter()
                .map(|id| (id, Verdict::Accept))
                .chain(reject.into_iter().map(|id| (id, Verdict::Reject)))
                .filter(|(id, _)| !id.trim().is_empty())
                .map(|(id, decision)| {
                    // `ID:CODE` names the rule too (needed once the text has changed).
                    let (id, code) = match id.trim().split_once(':') {
                        Some((i, c)) => (i.to_string(), Some(c.to_string())),
                        None => (id.trim().to_string(), None),
                    };
                    DecisionIn {
                        finding_id: id,
                        code,
                        decision,
                    }
                })
                .collect();
            let req = FeedbackRequest {
                episode: Some(episode),
                before_scores: score_map(before),
                after_scores: score_map(after),
                decisions,
                note,
                ..Default::default()
            };
            let o = commands::execute(ctx, crate::commands::feedback::RECORD, |c| {
                cmd::record(c, req)
            });
            emit(sink, &o, format.format(), |r| {
                format!(
                    "記録しました（{}、判断 {} 件）: {}\n{}次: {}\n",
                    r.record_id,
                    r.decisions_recorded,
                    r.saved_to,
                    cmd::weights_text(&r.weight_optimization),
                    crate::output::hint::to_cli(&r.next_action)
                )
            })
        }
        FeedbackAction::Summary { format } => {
            let o = commands::execute(ctx, "feedback_summary", |c| {
                cmd::summary(c, FeedbackSummaryRequest {})
            });
            emit(sink, &o, format.format(), |r| {
                let mut s = format!(
                    "記録 {} 件\n{}",
                    r.records,
                    cmd::weights_text(&r.weight_optimization)
                );
                s.push_str(&cmd::auto_text(&r.automatic));
                s
            })
        }
    }
}
