//! The stdio transport of `noveler mcp`: newline-delimited JSON-RPC over a reader and a
//! writer (stdin/stdout in production, in-memory pipes in tests).
//!
//! rmcp's own line transport silently drops a line that is not JSON, and its start-up loop
//! ends the session when anything but a request arrives before `initialize`. This transport
//! sits in front of rmcp and keeps the server alive and talking instead:
//! - a line that is not JSON gets a JSON-RPC parse error (`-32700`, `"id": null`);
//! - JSON that is not a JSON-RPC message gets `-32600` (invalid request), with the request's
//!   id when it has one; a known method with malformed params gets `-32602`;
//! - before a lifecycle is chosen (`initialize`, or a first request carrying complete
//!   2026-07-28 `_meta`), notifications and responses are dropped (logged to stderr)
//!   instead of ending the session;
//! - a line longer than [`MAX_LINE_BYTES`] is discarded with `-32600`, JSON nested deeper
//!   than serde_json's limit (128) is `-32600`, an id that is neither a string nor an integer
//!   in the i64 range (≥ 2^63, fractional, huge) is `-32600`: each carries the id as the client
//!   wrote it when it can be read (`rpc_id`), else `null`;
//! - a request reusing the id of a request still in flight gets `-32600` (the first one
//!   goes on); an id is free again once its response is sent (or the client cancels it).
//!
//! Reading runs in its own task and hands parsed messages over a channel, so `receive` is
//! cancel-safe as rmcp requires. Writes go through one lock, one message per line.

use rmcp::model::{
    CallToolRequestParams, ClientJsonRpcMessage, ClientRequest, ErrorData, GetMeta, JsonRpcMessage,
    ProtocolVersion, ServerJsonRpcMessage,
};
use rmcp::service::RoleServer;
use rmcp::transport::Transport;
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, Mutex};

/// Methods of the MCP specification (requests a client sends).
const STANDARD_METHODS: &[&str] = &[
    "initialize",
    "ping",
    "server/discover",
    "tools/list",
    "tools/call",
    "prompts/list",
    "prompts/get",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "resources/subscribe",
    "resources/unsubscribe",
    "subscriptions/listen",
    "completion/complete",
    "logging/setLevel",
];

/// Longest accepted line (one JSON-RPC message): 16 MiB, as rmcp's own transport.
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

type SharedWriter<W> = Arc<Mutex<Option<W>>>;

/// Ids (as JSON text) of the client's requests handed to rmcp and not answered yet.
pub(crate) type InFlight = Arc<std::sync::Mutex<HashSet<String>>>;

/// A line-delimited JSON-RPC transport for the server role.
pub struct LineTransport<W> {
    incoming: mpsc::Receiver<ClientJsonRpcMessage>,
    writer: SharedWriter<W>,
    reader: tokio::task::JoinHandle<()>,
    in_flight: InFlight,
}

impl<W> LineTransport<W>
where
    W: AsyncWrite + Unpin + Send + 'static,
{
    /// Starts reading `read` in a background task; messages are written to `write`.
    pub fn new<R>(read: R, write: W) -> LineTransport<W>
    where
        R: AsyncRead + Unpin + Send + 'static,
    {
        let writer: SharedWriter<W> = Arc::new(Mutex::new(Some(write)));
        let (tx, incoming) = mpsc::channel(64);
        let in_flight = InFlight::default();
        let lifecycle = Lifecycle {
            started: false,
            in_flight: in_flight.clone(),
        };
        let reader = tokio::spawn(read_loop(read, tx, writer.clone(), lifecycle));
        LineTransport {
            incoming,
            writer,
            reader,
            in_flight,
        }
    }
}

impl<W> Drop for LineTransport<W> {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

/// Writes one message as one line and flushes.
async fn write_line<W: AsyncWrite + Unpin>(
    writer: &SharedWriter<W>,
    bytes: &[u8],
) -> std::io::Result<()> {
    let mut guard = writer.lock().await;
    let Some(w) = guard.as_mut() else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotConnected,
            "transport closed",
        ));
    };
    w.write_all(bytes).await?;
    w.write_all(b"\n").await?;
    w.flush().await
}

impl<W> Transport<RoleServer> for LineTransport<W>
where
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: ServerJsonRpcMessage,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        let writer = self.writer.clone();
        // A response (or error) ends its request: the id may be used again.
        let answered = match &item {
            JsonRpcMessage::Response(r) => Some(id_key(&r.id)),
            JsonRpcMessage::Error(e) => e.id.as_ref().map(id_key),
            _ => None,
        };
        if let Some(key) = answered {
            forget(&self.in_flight, &key);
        }
        async move {
            let bytes = serde_json::to_vec(&item).map_err(std::io::Error::other)?;
            write_line(&writer, &bytes).await
        }
    }

    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.incoming.close();
        let mut guard = self.writer.lock().await;
        if let Some(mut w) = guard.take() {
            let _ = w.shutdown().await;
        }
        Ok(())
    }
}

enum Line {
    Complete,
    /// Too long: consumed to its end; `buf` holds its first `HEAD_BYTES` (to find the id).
    Oversized,
    Eof,
}

/// How much of an oversized line is kept to read its id from.
const HEAD_BYTES: usize = 64 * 1024;

fn id_key(id: &rmcp::model::RequestId) -> String {
    serde_json::to_string(id).unwrap_or_default()
}

fn forget(in_flight: &InFlight, key: &str) {
    if let Ok(mut set) = in_flight.lock() {
        set.remove(key);
    }
}

/// Reads up to and including the next `\n` into `buf`, never holding more than
/// `MAX_LINE_BYTES`; an oversized line is consumed to its end and reported.
async fn read_line<R: AsyncRead + Unpin>(
    reader: &mut BufReader<R>,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Line> {
    let mut oversized = false;
    loop {
        let available = reader.fill_buf().await?;
        if available.is_empty() {
            return Ok(if buf.is_empty() && !oversized {
                Line::Eof
            } else if oversized {
                Line::Oversized
            } else {
                Line::Complete
            });
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let take = newline.map_or(available.len(), |i| i + 1);
        if !oversized && buf.len() + take > max {
            oversized = true;
            let room = HEAD_BYTES.saturating_sub(buf.len()).min(take);
            buf.extend_from_slice(&available[..room]);
            buf.truncate(HEAD_BYTES);
        }
        if !oversized {
            buf.extend_from_slice(&available[..take]);
        }
        reader.consume(take);
        if newline.is_some() {
            return Ok(if oversized {
                Line::Oversized
            } else {
                Line::Complete
            });
        }
    }
}

/// What to do with one incoming line.
#[derive(Debug)]
pub(crate) enum Verdict {
    /// Hand the message to rmcp.
    Forward(Box<ClientJsonRpcMessage>),
    /// Answer with this error line right away (the line never reaches rmcp).
    Reply(String),
    /// Ignore (logged).
    Drop(String),
}

/// An error response; `id` is the raw JSON text of the request's id (`null` when unknown).
fn error_line(id: Option<String>, error: ErrorData) -> String {
    let error = serde_json::to_string(&error).unwrap_or_else(|_| "{}".into());
    format!(
        r#"{{"jsonrpc":"2.0","id":{},"error":{error}}}"#,
        id.as_deref().unwrap_or("null")
    )
}

/// An error of serde's as a message that quotes at most `MAX_ECHO_CHARS` of what was sent.
fn clipped(e: &impl std::fmt::Display) -> String {
    crate::error::clip(&e.to_string(), crate::error::MAX_ECHO_CHARS).into_owned()
}

/// The id when rmcp can represent it (a string, or an integer in the i64 range), as JSON.
fn request_id(value: &Value) -> Option<String> {
    match value.get("id") {
        Some(id @ Value::String(_)) => Some(id.to_string()),
        Some(Value::Number(n)) if n.is_i64() => Some(n.to_string()),
        _ => None,
    }
}

/// Tracks whether rmcp has left its start-up loop, mirroring its rule: the lifecycle starts
/// with `initialize`, or with the first request (other than `server/discover` and `ping`)
/// whose `_meta` carries a supported protocol version and client capabilities.
#[derive(Debug, Default)]
pub(crate) struct Lifecycle {
    started: bool,
    in_flight: InFlight,
}

impl Lifecycle {
    pub(crate) fn classify(&mut self, line: &[u8]) -> Verdict {
        let line = line
            .strip_prefix(b"\xEF\xBB\xBF".as_slice())
            .unwrap_or(line);
        let value: Value = match serde_json::from_slice(line) {
            Ok(v) => v,
            Err(e) if e.to_string().contains("recursion limit") => {
                return Verdict::Reply(error_line(
                    super::rpc_id::top_level_id(line),
                    ErrorData::invalid_request(
                        "Invalid request: JSON nested deeper than 128 levels",
                        None,
                    ),
                ))
            }
            Err(e) => {
                return Verdict::Reply(error_line(
                    None,
                    ErrorData::parse_error(format!("Parse error: {}", clipped(&e)), None),
                ))
            }
        };
        if value.is_array() {
            // JSON-RPC batches were removed from MCP (2025-06-18): say so, once.
            return Verdict::Reply(error_line(
                None,
                ErrorData::invalid_request(
                    "Invalid request: JSON-RPC batches (arrays) are not supported by MCP; send each message on its own line",
                    None,
                ),
            ));
        }
        let id = request_id(&value);
        let is_request_shaped = value.get("method").is_some_and(Value::is_string)
            && value.get("id").is_some_and(|v| !v.is_null());
        if value.get("method").is_some_and(Value::is_string)
            && value.get("id").is_some_and(Value::is_null)
        {
            // A request with `"id": null` cannot be told from a notification by its answer,
            // and MCP forbids it: refused, never left unanswered.
            return Verdict::Reply(error_line(
                None,
                ErrorData::invalid_request(
                    "Invalid request: id must be a string or an integer (MCP does not allow null); leave id out for a notification",
                    None,
                ),
            ));
        }
        if value.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
            return Verdict::Reply(error_line(
                id,
                ErrorData::invalid_request(
                    "Invalid request: not a JSON-RPC 2.0 message (\"jsonrpc\": \"2.0\" missing)",
                    None,
                ),
            ));
        }
        if value.get("id").is_some() && !value.get("id").is_some_and(Value::is_null) && id.is_none()
        {
            return Verdict::Reply(error_line(
                super::rpc_id::top_level_id(line),
                ErrorData::invalid_request(
                    "Invalid request: id must be a string or an integer from -2^63 to 2^63-1",
                    None,
                ),
            ));
        }
        match serde_json::from_value::<ClientJsonRpcMessage>(value.clone()) {
            Ok(message) => self.admit(message),
            Err(e) => {
                let method = value
                    .get("method")
                    .and_then(Value::as_str)
                    .map(|m| crate::error::clip(m, 200));
                match (method, is_request_shaped) {
                    (Some(method), true) => Verdict::Reply(error_line(
                        id,
                        ErrorData::invalid_params(
                            format!("Invalid params for {method}: {}", clipped(&e)),
                            None,
                        ),
                    )),
                    (Some(method), false) => {
                        Verdict::Drop(format!("malformed notification {method}: {}", clipped(&e)))
                    }
                    (None, _) if value.get("result").is_some() || value.get("error").is_some() => {
                        Verdict::Drop(format!("unexpected response: {}", clipped(&e)))
                    }
                    (None, _) => Verdict::Reply(error_line(
                        id,
                        ErrorData::invalid_request(
                            format!("Invalid request: {}", clipped(&e)),
                            None,
                        ),
                    )),
                }
            }
        }
    }

    fn admit(&mut self, message: ClientJsonRpcMessage) -> Verdict {
        // rmcp turns a standard method whose params do not fit into a custom request (and then
        // "method not found"); it is an invalid-params error.
        if let JsonRpcMessage::Request(req) = &message {
            if let ClientRequest::CustomRequest(custom) = &req.request {
                if STANDARD_METHODS.contains(&custom.method.as_str()) {
                    let detail = match custom.method.as_str() {
                        "tools/call" => serde_json::from_value::<CallToolRequestParams>(
                            custom.params.clone().unwrap_or(Value::Null),
                        )
                        .err()
                        .map(|e| format!(": {}", clipped(&e)))
                        .unwrap_or_default(),
                        _ => String::new(),
                    };
                    return Verdict::Reply(error_line(
                        Some(id_key(&req.id)),
                        ErrorData::invalid_params(
                            format!("Invalid params for {}{detail}", custom.method),
                            None,
                        ),
                    ));
                }
            }
        }
        match &message {
            JsonRpcMessage::Request(req) => {
                let key = id_key(&req.id);
                let fresh = self
                    .in_flight
                    .lock()
                    .map(|mut set| set.insert(key.clone()))
                    .unwrap_or(true);
                if !fresh {
                    return Verdict::Reply(error_line(
                        Some(key),
                        ErrorData::invalid_request(
                            "Invalid request: a request with this id is still in progress; use a new id",
                            None,
                        ),
                    ));
                }
            }
            // A cancelled request is never answered: its id is free again.
            JsonRpcMessage::Notification(n) => {
                if let rmcp::model::ClientNotification::CancelledNotification(c) = &n.notification {
                    if let Some(id) = &c.params.request_id {
                        forget(&self.in_flight, &id_key(id));
                    }
                }
            }
            _ => {}
        }
        if self.started {
            return Verdict::Forward(Box::new(message));
        }
        match &message {
            JsonRpcMessage::Request(req) => {
                match &req.request {
                    ClientRequest::InitializeRequest(_) => self.started = true,
                    ClientRequest::DiscoverRequest(_) | ClientRequest::PingRequest(_) => {}
                    other => {
                        let meta = other.get_meta();
                        let complete = meta
                            .missing_required_keys(&ProtocolVersion::V_2026_07_28)
                            .is_empty();
                        let supported = meta
                            .protocol_version()
                            .is_some_and(|v| ProtocolVersion::KNOWN_VERSIONS.contains(&v));
                        if complete && supported {
                            self.started = true;
                        }
                    }
                }
                Verdict::Forward(Box::new(message))
            }
            _ => Verdict::Drop(
                "message before initialize (or a first request with 2026-07-28 _meta)".into(),
            ),
        }
    }
}

async fn read_loop<R, W>(
    read: R,
    tx: mpsc::Sender<ClientJsonRpcMessage>,
    writer: SharedWriter<W>,
    mut lifecycle: Lifecycle,
) where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let mut reader = BufReader::with_capacity(64 * 1024, read);
    let mut buf = Vec::with_capacity(4096);
    loop {
        buf.clear();
        if buf.capacity() > HEAD_BYTES {
            buf.shrink_to(HEAD_BYTES); // one huge line does not pin megabytes for the session
        }
        let verdict = match read_line(&mut reader, &mut buf, MAX_LINE_BYTES).await {
            Ok(Line::Eof) => break,
            Err(e) => {
                super::log(&format!("stdin: {e}"));
                break;
            }
            Ok(Line::Oversized) => Verdict::Reply(error_line(
                super::rpc_id::top_level_id(&buf),
                ErrorData::invalid_request(
                    format!("Invalid request: message longer than {MAX_LINE_BYTES} bytes"),
                    None,
                ),
            )),
            Ok(Line::Complete) => {
                let line = trim_line(&buf);
                if line.is_empty() {
                    continue;
                }
                lifecycle.classify(line)
            }
        };
        match verdict {
            Verdict::Forward(message) => {
                if tx.send(*message).await.is_err() {
                    break;
                }
            }
            Verdict::Reply(line) => {
                if write_line(&writer, line.as_bytes()).await.is_err() {
                    break;
                }
            }
            Verdict::Drop(why) => super::log(&format!("ignored: {why}")),
        }
    }
}

fn trim_line(buf: &[u8]) -> &[u8] {
    let mut line = buf;
    while let [rest @ .., b'\n' | b'\r' | b' ' | b'\t'] = line {
        line = rest;
    }
    while let [b' ' | b'\t', rest @ ..] = line {
        line = rest;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(v: Verdict) -> Value {
        match v {
            Verdict::Reply(line) => serde_json::from_str(&line).expect("a JSON line"),
            other => panic!("expected a reply, got {other:?}"),
        }
    }

    #[test]
    fn malformed_json_is_a_parse_error_with_null_id() {
        let v = reply(Lifecycle::default().classify(b"{not json"));
        assert_eq!(v["error"]["code"], -32700);
        assert!(v["id"].is_null());
    }

    #[test]
    fn wrong_version_is_invalid_request_with_its_id() {
        let v = reply(Lifecycle::default().classify(br#"{"id":7,"method":"ping"}"#));
        assert_eq!(v["error"]["code"], -32600);
        assert_eq!(v["id"], 7);
    }

    #[test]
    fn bad_params_of_known_method_is_invalid_params() {
        let mut l = Lifecycle {
            started: true,
            ..Default::default()
        };
        let v = reply(l.classify(
            br#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"x","arguments":"str"}}"#,
        ));
        assert_eq!(v["error"]["code"], -32602);
        assert_eq!(v["id"], "a");
    }

    #[test]
    fn notifications_before_initialize_are_dropped_not_fatal() {
        let mut l = Lifecycle::default();
        assert!(matches!(
            l.classify(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            Verdict::Drop(_)
        ));
        let init = br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
        assert!(matches!(l.classify(init), Verdict::Forward(_)));
        assert!(matches!(
            l.classify(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            Verdict::Forward(_)
        ));
    }

    #[test]
    fn inline_meta_starts_the_lifecycle_but_discover_does_not() {
        let mut l = Lifecycle::default();
        let discover = br#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
        assert!(matches!(l.classify(discover), Verdict::Forward(_)));
        assert!(!l.started);
        let list = br#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
        assert!(matches!(l.classify(list), Verdict::Forward(_)));
        assert!(l.started);
    }

    #[test]
    fn trims_crlf_and_spaces() {
        assert_eq!(trim_line(b"  {}\r\n"), b"{}");
        assert_eq!(trim_line(b"\n"), b"");
    }

    #[tokio::test]
    async fn oversized_lines_are_skipped() {
        let data = format!("{}\n{{}}\n", "x".repeat(MAX_LINE_BYTES + 10));
        let mut reader = BufReader::new(data.as_bytes());
        let mut buf = Vec::new();
        assert!(matches!(
            read_line(&mut reader, &mut buf, MAX_LINE_BYTES)
                .await
                .unwrap(),
            Line::Oversized
        ));
        buf.clear();
        assert!(matches!(
            read_line(&mut reader, &mut buf, MAX_LINE_BYTES)
                .await
                .unwrap(),
            Line::Complete
        ));
        assert_eq!(buf, b"{}\n");
    }

    #[tokio::test]
    async fn an_oversized_line_keeps_its_head_for_the_id() {
        let data = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"x\":\"{}\"}}\n",
            "y".repeat(5000)
        );
        let mut reader = BufReader::with_capacity(256, data.as_bytes());
        let mut buf = Vec::new();
        assert!(matches!(
            read_line(&mut reader, &mut buf, 1000).await.unwrap(),
            Line::Oversized
        ));
        assert!(buf.len() <= HEAD_BYTES);
        assert_eq!(
            crate::mcp::rpc_id::top_level_id(&buf).as_deref(),
            Some("\"big\"")
        );
    }

    const INIT: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;

    #[test]
    fn ids_rmcp_cannot_hold_are_refused_with_the_id_as_sent() {
        let mut l = Lifecycle::default();
        for (line, id) in [
            (
                r#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}"#,
                "9223372036854775808",
            ),
            (r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, "1.5"),
            (r#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, "null"),
        ] {
            match l.classify(line.as_bytes()) {
                Verdict::Reply(reply) => {
                    assert!(reply.contains(&format!("\"id\":{id},")), "{reply}");
                    assert!(reply.contains("-32600"), "{reply}");
                }
                other => panic!("{line}: {other:?}"),
            }
        }
    }

    #[test]
    fn too_deep_json_is_invalid_request_with_its_id() {
        let line = format!(
            r#"{{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{}{}}}"#,
            "[".repeat(500),
            "]".repeat(500)
        );
        let v = reply(Lifecycle::default().classify(line.as_bytes()));
        assert_eq!(v["error"]["code"], -32600, "{v}");
        assert_eq!(v["id"], "deep");
    }

    #[test]
    fn a_duplicate_id_in_flight_is_refused_until_answered() {
        let mut l = Lifecycle::default();
        assert!(matches!(l.classify(INIT), Verdict::Forward(_)));
        let ping = br#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
        assert!(matches!(l.classify(ping), Verdict::Forward(_)));
        let v = reply(l.classify(ping));
        assert_eq!(v["error"]["code"], -32600);
        assert_eq!(v["id"], 2);
        // A string id "2" is another id.
        assert!(matches!(
            l.classify(br#"{"jsonrpc":"2.0","id":"2","method":"ping"}"#),
            Verdict::Forward(_)
        ));
        forget(&l.in_flight, "2");
        assert!(matches!(l.classify(ping), Verdict::Forward(_)));
        // Cancelling frees the id too.
        l.classify(
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#,
        );
        assert!(matches!(l.classify(ping), Verdict::Forward(_)));
    }
}
