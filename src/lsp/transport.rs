//! LSP's base protocol over a byte stream: `Content-Length` headers and JSON bodies, read on
//! one thread and written on another (as lsp-server's stdio transport does), with the
//! messages handed over channels as `lsp_server::Message`s.
//!
//! lsp-server's own reader ends the session on the first malformed message and allocates
//! whatever `Content-Length` claims before reading a byte. This one keeps the server alive
//! and its memory bounded instead (the MCP transport's stance, `mcp::transport`):
//! - a body that is not JSON gets a JSON-RPC parse error (`-32700`, `"id": null`); JSON that
//!   is not a JSON-RPC message gets `-32600` with its id when it has one;
//! - a body longer than [`MAX_MESSAGE_BYTES`] is read and thrown away in pieces (logged);
//! - a body is read as it arrives (a client that claims 10 GB and sends 10 bytes costs 10
//!   bytes); a header line is at most [`MAX_HEADER_BYTES`];
//! - the stream's end (or a broken header) ends the reader: the server sees the channel close.

use crossbeam_channel::{Receiver, Sender};
use lsp_server::Message;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};

/// Largest message body read: a 16 MiB manuscript sent in `didOpen` with every character
/// escaped as `\uXXXX` is ~100 MB of JSON.
pub const MAX_MESSAGE_BYTES: u64 = 128 * 1024 * 1024;

/// Longest header line.
const MAX_HEADER_BYTES: u64 = 8 * 1024;

/// What is written to the client: a message, or a raw JSON-RPC error reply (whose id may be
/// `null` or a number `lsp_server::RequestId` cannot hold).
#[derive(Debug)]
pub enum Out {
    Message(Message),
    Raw(Value),
}

impl From<Message> for Out {
    fn from(m: Message) -> Out {
        Out::Message(m)
    }
}

/// The channels of a running transport: messages from the client, and to it.
pub struct Transport {
    pub receiver: Receiver<Message>,
    pub sender: Sender<Out>,
    pub threads: Vec<std::thread::JoinHandle<()>>,
}

/// Starts reading `input` and writing `output` on two threads.
pub fn start<R, W>(input: R, output: W) -> std::io::Result<Transport>
where
    R: Read + Send + 'static,
    W: Write + Send + 'static,
{
    let (to_client, outgoing) = crossbeam_channel::unbounded::<Out>();
    let (incoming, from_client) = crossbeam_channel::bounded::<Message>(16);
    let errors = to_client.clone();
    let reader = std::thread::Builder::new()
        .name("noveler-lsp-reader".into())
        .spawn(move || read_loop(BufReader::new(input), &incoming, &errors))?;
    let writer = std::thread::Builder::new()
        .name("noveler-lsp-writer".into())
        .spawn(move || write_loop(output, &outgoing))?;
    Ok(Transport {
        receiver: from_client,
        sender: to_client,
        threads: vec![reader, writer],
    })
}

fn write_loop<W: Write>(mut output: W, outgoing: &Receiver<Out>) {
    for out in outgoing {
        let body = match &out {
            Out::Message(m) => serde_json::to_value(m).map(|mut v| {
                v["jsonrpc"] = json!("2.0");
                v
            }),
            Out::Raw(v) => Ok(v.clone()),
        };
        let Ok(body) = body.and_then(|v| serde_json::to_string(&v)) else {
            continue;
        };
        let written = write!(output, "Content-Length: {}\r\n\r\n", body.len())
            .and_then(|()| output.write_all(body.as_bytes()))
            .and_then(|()| output.flush());
        if written.is_err() {
            // The client is gone; the reader sees the end of its stream too.
            return;
        }
    }
}

/// What one read of the stream gave.
#[derive(Debug, PartialEq)]
enum Frame {
    Body(Vec<u8>),
    /// A body longer than the limit, skipped.
    TooLong(u64),
    End,
}

fn read_loop<R: BufRead>(mut input: R, incoming: &Sender<Message>, errors: &Sender<Out>) {
    loop {
        let body = match read_frame(&mut input) {
            Ok(Frame::Body(b)) => b,
            Ok(Frame::TooLong(n)) => {
                super::log(&format!(
                    "a message of {n} bytes was skipped (limit {MAX_MESSAGE_BYTES})"
                ));
                continue;
            }
            Ok(Frame::End) => return,
            Err(e) => {
                super::log(&format!("input stream unreadable, stopping: {e}"));
                return;
            }
        };
        match parse(&body) {
            Ok(msg) => {
                let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                if incoming.send(msg).is_err() || exit {
                    return;
                }
            }
            Err(reply) => {
                if errors.send(Out::Raw(reply)).is_err() {
                    return;
                }
            }
        }
    }
}

/// One message's body: headers up to the empty line (`\r\n`, or a bare `\n` from a lenient
/// client), then `Content-Length` bytes.
fn read_frame<R: BufRead>(input: &mut R) -> std::io::Result<Frame> {
    let mut length: Option<u64> = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = input
            .by_ref()
            .take(MAX_HEADER_BYTES)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(Frame::End);
        }
        if line.last() != Some(&b'\n') {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "header line too long or cut off",
            ));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if length.is_some() {
                break;
            }
            // Blank lines between messages are tolerated.
            continue;
        }
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = Some(value.trim().parse().map_err(|_| {
                    std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!("bad Content-Length: {}", value.trim()),
                    )
                })?);
            }
        }
    }
    let length = length.unwrap_or(0);
    if length > MAX_MESSAGE_BYTES {
        let skipped = std::io::copy(&mut input.by_ref().take(length), &mut std::io::sink())?;
        if skipped < length {
            return Ok(Frame::End);
        }
        return Ok(Frame::TooLong(length));
    }
    let mut body = Vec::new();
    input.by_ref().take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Ok(Frame::End);
    }
    Ok(Frame::Body(body))
}

/// A body as a message, or the JSON-RPC error reply it gets.
fn parse(body: &[u8]) -> Result<Message, Value> {
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        error_reply(
            Value::Null,
            lsp_server::ErrorCode::ParseError,
            &format!("JSON として読めません: {e}"),
        )
    })?;
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    serde_json::from_value::<Message>(value).map_err(|e| {
        error_reply(
            id,
            lsp_server::ErrorCode::InvalidRequest,
            &format!("JSON-RPC のメッセージではありません: {e}"),
        )
    })
}

/// A JSON-RPC error reply to the request with id `id` as the client wrote it (`null` when
/// unknown).
pub(crate) fn error_reply(id: Value, code: lsp_server::ErrorCode, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code as i32, "message": message}})
}
#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Frame> {
        let mut r = std::io::Cursor::new(input.to_vec());
        let mut out = Vec::new();
        loop {
            match read_frame(&mut r) {
                Ok(Frame::End) | Err(_) => return out,
                Ok(f) => out.push(f),
            }
        }
    }

    #[test]
    fn frames_are_read_by_content_length() {
        let got = frames(b"Content-Length: 2\r\n\r\n{}content-length:3\n\n[1]");
        assert_eq!(
            got,
            vec![Frame::Body(b"{}".to_vec()), Frame::Body(b"[1]".to_vec())]
        );
    }

    #[test]
    fn a_lying_length_costs_what_arrives() {
        // Claims 100 MB, sends 3 bytes: the stream simply ends.
        assert!(frames(b"Content-Length: 100000000\r\n\r\nabc").is_empty());
        // Over the limit: skipped without holding it.
        let huge = MAX_MESSAGE_BYTES + 1;
        let mut input = format!("Content-Length: {huge}\r\n\r\n").into_bytes();
        input.extend(std::iter::repeat_n(b' ', huge as usize));
        input.extend(b"Content-Length: 2\r\n\r\n{}");
        assert_eq!(
            frames(&input),
            vec![Frame::TooLong(huge), Frame::Body(b"{}".to_vec())]
        );
    }

    #[test]
    fn bad_bodies_get_json_rpc_errors() {
        let e = parse(b"{not json").unwrap_err();
        assert_eq!(e["error"]["code"], -32700);
        assert_eq!(e["id"], Value::Null);
        let e = parse(br#"{"id": 12345678901, "foo": 1}"#).unwrap_err();
        assert_eq!(e["id"], 12345678901u64);
        assert_eq!(e["error"]["code"], -32600);
        assert!(parse(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#).is_ok());
    }
}
