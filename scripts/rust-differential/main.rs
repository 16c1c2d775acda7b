// Reads one hex-encoded UTF-8 tool name a line from stdin and writes, a line each, what the
// seed's `parse_mars_tool_name` makes of it: `OK <kind> <capability> <pattern|-> <rendered>`
// (strings hex-encoded) or `ERR <variant>`. Hex keeps every character, line breaks included.
#![allow(dead_code)]

mod mcp;
mod tool_names;

use std::io::{self, BufRead, BufWriter, Write};
use tool_names::{parse_mars_tool_name, render_scoped, Capability};

fn hex(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

fn main() {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let raw = String::from_utf8(unhex(line.unwrap().trim_end())).expect("input is UTF-8");
        match parse_mars_tool_name(&raw) {
            Ok(parsed) => {
                let kind = match &parsed.capability {
                    Capability::Any => "any",
                    Capability::Mcp(_) => "mcp",
                    Capability::Builtin(_) => "builtin",
                    Capability::Unknown(_) => "unknown",
                };
                // The conformance vectors render a reference as `mcp(server/tool)`.
                let rendered = match &parsed.capability {
                    Capability::Mcp(r) => format!("mcp({})", r.to_pattern()),
                    c => render_scoped(c.name(), parsed.pattern.as_deref()),
                };
                let pattern = parsed.pattern.as_deref().map(hex).unwrap_or_else(|| "-".into());
                writeln!(out, "OK {kind} {} {pattern} {}", hex(parsed.capability.name()), hex(&rendered)).unwrap();
            }
            Err(e) => writeln!(out, "ERR {e:?}").unwrap(),
        }
    }
}
