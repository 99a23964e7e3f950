//! The JSON-RPC errors every profile's handler answers alike: a request rmcp could not
//! type (malformed params of a known method, or an unknown method), and prompts/list on a
//! handler that declares no prompts capability.

use rmcp::ErrorData as McpError;
use serde_json::json;

/// The answer to prompts/list of a handler that declares no prompts capability: the method
/// is not served (-32601), as MCP's capability negotiation says ("Servers that support
/// prompts MUST declare the prompts capability"). rmcp's default would answer an empty
/// list, which tells a client the server handles prompts after all.
pub fn undeclared_prompts() -> McpError {
    McpError::new(
        rmcp::model::ErrorCode::METHOD_NOT_FOUND,
        "prompts/list: this server offers no prompts (it declares no prompts capability)",
        None,
    )
}

/// The error for a request rmcp could not type: known methods had malformed params.
pub fn custom_request_error(method: &str) -> McpError {
    const KNOWN: &[&str] = &[
        "initialize",
        "server/discover",
        "ping",
        "tools/list",
        "tools/call",
        "resources/list",
        "resources/templates/list",
        "resources/read",
    ];
    if KNOWN.contains(&method) {
        McpError::invalid_params(
            format!(
                "The params of {method} do not have the expected shape (for tools/call: \
                 {{\"name\": string, \"arguments\": object}}; for resources/read: \
                 {{\"uri\": string}})."
            ),
            Some(json!({"method": method})),
        )
    } else {
        McpError::new(
            rmcp::model::ErrorCode::METHOD_NOT_FOUND,
            format!("Method not found: {method}"),
            None,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_standard_requests_are_invalid_params() {
        assert_eq!(
            custom_request_error("tools/call").code,
            rmcp::model::ErrorCode::INVALID_PARAMS
        );
        assert_eq!(
            custom_request_error("x/y").code,
            rmcp::model::ErrorCode::METHOD_NOT_FOUND
        );
    }
}
