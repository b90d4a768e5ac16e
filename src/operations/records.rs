//! The automatic records of seed 001 §8.2.3 (フィードバック自動記録): one line per progressive
//! step run with `ml_optimization` and per fix → re-check loop, appended to
//! `.noveler/feedback/auto_records.ndjson` (`store::logs`). Statistics of a run, never a
//! decision: they do not move the rule weights.

use crate::operations::Ctx;
use crate::store::logs;
use serde_json::{json, Value};

/// Appends an automatic record (`store::logs::AUTO_FEEDBACK`, rotated like the other logs)
/// and says where it went; a failure to record never fails the step (seed 001 §8.5: the
/// result is returned, the failure is reported).
pub fn append_auto(ctx: &Ctx, record: &Value) -> Value {
    if !ctx.save {
        return json!({"recorded": false, "reason": "no_save"});
    }
    match logs::append(
        &ctx.root,
        logs::AUTO_FEEDBACK,
        record,
        logs::DEFAULT_ROTATION,
    ) {
        Ok(()) => json!({
            "recorded": true,
            "kind": "statistics",
            "log": logs::AUTO_FEEDBACK,
        }),
        Err(e) => json!({
            "recorded": false,
            "reason": "write_failed",
            "error": {"code": e.code.as_str(), "message": e.message},
        }),
    }
}
