//! Input validation shared by the task-memory verbs (seed 004 §6.2 limits and codes).

use super::*;

pub(super) fn chars(s: &str) -> usize {
    s.chars().count()
}

pub(super) fn too_long(field: &str, len: usize, max: usize) -> Error {
    Error::new(
        Code::ContentTooLong,
        format!("{field} が長すぎます（{len} 文字、上限 {max} 文字）"),
    )
    .details(serde_json::json!({ "field": field, "value": len, "max": max }))
    .hint(format!("{field} を {max} 文字以内にしてください。"))
}

pub(super) fn invalid(
    field: &str,
    value: impl Into<serde_json::Value>,
    message: impl Into<String>,
) -> Error {
    field_error(Code::U001, field, value, message)
}

/// A one-line text: trimmed, 1..=max characters, no control characters.
pub(super) fn line_text(field: &str, value: &str, max: usize) -> Result<String> {
    let v = value.trim();
    if v.is_empty() {
        return Err(invalid(field, value, format!("{field} が空です"))
            .hint(format!("{field} を指定してください。")));
    }
    if chars(v) > max {
        return Err(too_long(field, chars(v), max));
    }
    if v.chars().any(char::is_control) {
        return Err(invalid(
            field,
            value,
            format!("{field} に改行や制御文字は使えません"),
        ));
    }
    Ok(v.to_string())
}

/// A task or subtask title: a line text that does not carry a task id token.
pub(super) fn title_text(field: &str, value: &str) -> Result<String> {
    let v = line_text(field, value, TITLE_MAX)?;
    if markdown::task_id_token(&v).is_some() {
        return Err(invalid(
            field,
            value,
            format!(
                "{field} に `#T001` の形の文字列は使えません（タスクIDと区別できなくなります）"
            ),
        ));
    }
    Ok(v)
}

/// A multi-line text of at most `max` characters; `required` ones must not be blank.
pub(super) fn long_text(field: &str, value: &str, max: usize, required: bool) -> Result<String> {
    if required && value.trim().is_empty() {
        return Err(invalid(field, value, format!("{field} が空です"))
            .hint(format!("{field} を指定してください。")));
    }
    if chars(value) > max {
        return Err(too_long(field, chars(value), max));
    }
    Ok(value.to_string())
}

pub(super) fn task_id(field: &str, value: &str) -> Result<u16> {
    parse_id(value.trim()).ok_or_else(|| {
        field_error(
            Code::InvalidTaskId,
            field,
            value,
            format!("タスクID `{value}` は形式が正しくありません"),
        )
        .hint("T001〜T999 の形（T と数字3桁）で指定してください。")
    })
}

pub(super) fn category(value: Option<&str>) -> Result<String> {
    let v = value.map(str::trim).unwrap_or("");
    if v.is_empty() {
        return Ok(DEFAULT_CATEGORY.to_string());
    }
    let bad = |why: &str| {
        field_error(
            Code::InvalidCategory,
            "category",
            value.unwrap_or(""),
            format!("カテゴリ名が無効です: {why}"),
        )
        .hint(format!(
            "{CATEGORY_MAX} 文字以内の1行の名前を指定してください。"
        ))
    };
    if chars(v) > CATEGORY_MAX {
        return Err(bad(&format!(
            "{} 文字（上限 {CATEGORY_MAX} 文字）",
            chars(v)
        )));
    }
    if v.chars().any(char::is_control) {
        return Err(bad("改行や制御文字を含んでいます"));
    }
    if v.ends_with('#') {
        return Err(bad("末尾の # は見出しの記号として読まれます"));
    }
    Ok(v.to_string())
}

pub(super) fn status(field: &str, value: &str) -> Result<Status> {
    Status::parse(value.trim()).ok_or_else(|| {
        field_error(
            Code::InvalidStatus,
            field,
            value,
            format!("ステータス `{value}` は使えません"),
        )
        .hint("todo / in_progress / done のいずれかを指定してください。")
    })
}

pub(super) fn adr_status(value: &str) -> Result<AdrStatus> {
    AdrStatus::parse(value.trim()).ok_or_else(|| {
        field_error(
            Code::InvalidStatus,
            "status",
            value,
            format!("ADR のステータス `{value}` は使えません"),
        )
        .hint("Proposed / Accepted / Deprecated のいずれかを指定してください。")
    })
}

pub(super) fn adr_number(value: i64) -> Result<u16> {
    u16::try_from(value)
        .ok()
        .filter(|n| (1..=MAX_ADRS).contains(n))
        .ok_or_else(|| {
            field_error(
                Code::InvalidAdrNumber,
                "adr_number",
                value,
                format!("ADR 番号 {value} は範囲外です"),
            )
            .hint("1〜999 の番号を指定してください。")
        })
}

pub(super) fn limit(value: i64, max: i64) -> Result<usize> {
    if (1..=max).contains(&value) {
        Ok(value as usize)
    } else {
        Err(
            invalid("limit", value, format!("limit {value} は範囲外です"))
                .hint(format!("1〜{max} を指定してください。")),
        )
    }
}

pub(super) fn query(value: &str) -> Result<(String, Vec<String>)> {
    let q = value.trim();
    if q.is_empty() {
        return Err(invalid("query", value, "検索語が空です")
            .hint("1〜200 文字の検索語を指定してください。"));
    }
    if chars(q) > QUERY_MAX {
        return Err(too_long("query", chars(q), QUERY_MAX));
    }
    Ok((search::fold(q), search::terms(q)))
}

pub(super) fn default_list_limit() -> i64 {
    50
}

pub(super) fn default_search_limit() -> i64 {
    20
}
