//! Session ids, their files and the episode lock.

use super::*;
use crate::store::lock::{EpisodeLock, Scope};
use crate::store::sessions::{Layout, SessionStore};

// Session ids and files

/// `QC_EP003_20250925_103000_0002` (episode, UTC time of creation, then a 4-hex sequence
/// number: the count of the episode's earlier sessions). Ids of an episode therefore sort in
/// creation order even within one second (sessions are created under the episode lock).
pub(crate) fn new_session_id(ep: u32, created_at: &str, seq: u32) -> String {
    let stamp = crate::store::envelope::file_stamp(created_at);
    format!("QC_EP{ep:03}_{stamp}_{:04x}", seq.min(0xffff))
}

/// Whether `id` has the form of a session id (checked before any path is built).
pub(crate) fn valid_session_id(id: &str) -> bool {
    let Some(rest) = id.strip_prefix("QC_EP") else {
        return false;
    };
    let parts: Vec<&str> = rest.split('_').collect();
    parts.len() == 4
        && (3..=4).contains(&parts[0].len())
        && parts[0].bytes().all(|b| b.is_ascii_digit())
        && parts[1].len() == 8
        && parts[1].bytes().all(|b| b.is_ascii_digit())
        && parts[2].len() == 6
        && parts[2].bytes().all(|b| b.is_ascii_digit())
        && parts[3].len() == 4
        && parts[3]
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The episode a session id belongs to.
pub(crate) fn episode_of_session(id: &str) -> Option<u32> {
    if !valid_session_id(id) {
        return None;
    }
    id.strip_prefix("QC_EP")?.split('_').next()?.parse().ok()
}

fn invalid_session_id(id: &str) -> Error {
    let shown: String = id.chars().take(60).collect();
    Error::new(Code::U001, format!("セッションID「{shown}」の形式が不正です"))
        .hint("QC_EP003_20250925_103000_0000 の形式のIDを指定してください（get_check_tasks が返します）。")
}

/// The session directory, relative to the root.
pub(crate) fn session_dir(id: &str) -> String {
    format!("{CHECKS_DIR}/{id}")
}

/// The check sessions in the one session store (`store::sessions`): `<id>/manifest.json`
/// under `.noveler/checks/`, ids of `valid_session_id`'s scheme.
pub const CHECK_SESSIONS: SessionStore = SessionStore {
    dir: CHECKS_DIR,
    layout: Layout::Dir { file: MANIFEST },
    valid_id: valid_session_id,
    scope: Scope::Checks,
};

pub(super) fn manifest_path(root: &Path, id: &str) -> PathBuf {
    CHECK_SESSIONS.path_of(root, id)
}

/// Reads and vets a manifest: QC-001 when missing or inconsistent, QC-005 when corrupt.
pub(crate) fn load_manifest(root: &Path, id: &str) -> Result<Manifest> {
    let Some(path) = CHECK_SESSIONS.checked_path(root, id) else {
        return Err(invalid_session_id(id));
    };
    let bytes = match CHECK_SESSIONS.read(root, id) {
        Ok(Some(b)) => b,
        Ok(None) => {
            return Err(Error::new(
                Code::QC001,
                format!("セッション {id} が見つかりません"),
            )
            .at(&path, None)
            .hint("get_check_tasks（`noveler check progressive <話数> tasks`）で新しいセッションを開始してください。")
            .details(serde_json::json!({"session_reset_required": true, "session_id": id})))
        }
        Err(e) => return Err(e),
    };
    let manifest: Manifest = serde_json::from_slice(&bytes).map_err(|e| {
        Error::new(
            Code::QC005,
            format!("セッション {id} のマニフェストが壊れています: {e}"),
        )
        .at(&path, Some(e.line()))
        .hint("バックアップから manifest.json を復旧するか、新しいセッションを開始してください（`tasks --new`）。")
        .suggest(format!(
            "noveler check progressive {} tasks --new",
            episode_of_session(id).unwrap_or(1)
        ))
        .details(serde_json::json!({"session_id": id, "session_reset_required": true}))
    })?;
    manifest.check_consistent(id, &path)?;
    Ok(manifest)
}

/// Saves the manifest under the episode's `Checks` lock (`held`, its witness).
/// `clock`: the call's (`updated_at`).
pub(super) fn save_manifest(
    held: &EpisodeLock,
    root: &Path,
    m: &mut Manifest,
    clock: &Clock,
) -> Result<()> {
    // Checked before the manifest is touched (the write checks it again).
    CHECK_SESSIONS.covers(held, m.episode_number)?;
    m.state_version += 1;
    m.updated_at = clock.timestamp();
    m.refresh();
    let body = serde_json::to_vec_pretty(m).map_err(|e| {
        Error::new(
            Code::R002,
            format!("マニフェストのJSON化に失敗しました: {e}"),
        )
    })?;
    CHECK_SESSIONS.write(held, root, m.episode_number, &m.session_id, &body)
}

/// Session ids of episode `ep` (oldest first).
pub(crate) fn session_ids(root: &Path, ep: u32) -> Vec<String> {
    CHECK_SESSIONS
        .ids(root)
        .into_iter()
        .filter(|id| episode_of_session(id) == Some(ep))
        .collect()
}

/// The latest open session of `ep`, if any (a corrupt latest manifest is an error).
pub(crate) fn latest_open(root: &Path, ep: u32) -> Result<Option<Manifest>> {
    for id in session_ids(root, ep).into_iter().rev() {
        if !manifest_path(root, &id).is_file() {
            continue; // an unfinished session directory (interrupted creation)
        }
        let m = load_manifest(root, &id)?;
        if m.status == SessionState::Open {
            return Ok(Some(m));
        }
    }
    Ok(None)
}
