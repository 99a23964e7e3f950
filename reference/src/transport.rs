//! Serving over stdio.

use std::process::ExitCode;

use rmcp::ServiceExt;
use rmcp::transport::async_rw::AsyncRwTransport;

use crate::server::ReferenceServer;

/// Longest accepted request line: a 256 MiB file as base64 plus JSON overhead.
pub const MAX_LINE: usize = 1 << 30;

pub async fn serve_stdio(server: ReferenceServer) -> ExitCode {
    let (r, w) = rmcp::transport::stdio_pipes();
    let transport = AsyncRwTransport::new_server(r, w).with_max_line_length(MAX_LINE);
    match server.serve(transport).await {
        Ok(running) => match running.waiting().await {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("mcp-reference: error: {e}");
                ExitCode::FAILURE
            }
        },
        Err(rmcp::service::ServerInitializeError::ConnectionClosed(_)) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcp-reference: error: session ended before initialization: {e}");
            ExitCode::FAILURE
        }
    }
}
