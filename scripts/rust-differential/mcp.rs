// A stand-in for Mars's `crate::mcp`, which the seed imports but does not hold. Written from
// SPEC.md section 3 ("MCP references"), not from Mars: head `mcp` in any ASCII casing, the
// payload in parentheses, at most one `/`, segments trimmed and non-empty, case kept, `*` a
// segment like any other (`mcp(git*/x)` is a reference), `mcp(server)` meaning `server/*`.

pub const MCP_TOOL_NAME_GRAMMAR: &str = "valid mcp(server), mcp(server/tool), mcp(server/*), mcp(*/tool), or mcp(*/*) reference (* is the only wildcard; segments non-empty)";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McpRef {
    pub server: String,
    pub tool: String,
}

impl McpRef {
    pub fn to_pattern(&self) -> String {
        format!("{}/{}", self.server, self.tool)
    }
}

pub fn try_parse_mcp_tool_name(raw: &str) -> Option<McpRef> {
    let trimmed = raw.trim();
    let (head, payload) = match trimmed.find('(') {
        Some(index) => (&trimmed[..index], &trimmed[index..]),
        None => (trimmed, ""),
    };
    if !head.trim().eq_ignore_ascii_case("mcp") {
        return None;
    }
    let inner = payload.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
    let mut segments = inner.split('/');
    let server = segments.next()?.trim();
    let tool = segments.next().map(str::trim).unwrap_or("*");
    if segments.next().is_some() || server.is_empty() || tool.is_empty() {
        return None;
    }
    Some(McpRef { server: server.to_string(), tool: tool.to_string() })
}
