//! Starting a server over Streamable HTTP without a port race: the reference binds port 0
//! and its stderr announcement (`mcp_reference::serving::ANNOUNCEMENT`, read by
//! `announced_endpoint`, as the harness reads it) gives the address; for servers
//! that cannot do that, `listening` tells a listener from a socket connected to itself.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::Child;

/// The endpoint (`http://127.0.0.1:PORT/mcp`) the reference announces on stderr once it
/// listens; `child` must have been spawned with `--http 127.0.0.1:0` and a piped stderr.
/// The rest of its stderr is drained on a thread (echoed when `E2E_SERVER_STDERR` is set),
/// so the pipe never fills. `None` when the server exits without listening.
pub fn announced_endpoint(child: &mut Child) -> Option<String> {
    let mut lines = BufReader::new(child.stderr.take()?).lines();
    let echo = std::env::var_os("E2E_SERVER_STDERR").is_some();
    let url = lines.by_ref().map_while(Result::ok).find_map(|l| {
        if echo {
            eprintln!("{l}");
        }
        mcp_reference::serving::announced_endpoint(&l).map(str::to_owned)
    })?;
    std::thread::spawn(move || {
        for l in lines.map_while(Result::ok) {
            if echo {
                eprintln!("{l}");
            }
        }
    });
    Some(url)
}

/// The port of an endpoint `http://HOST:PORT/...`.
pub fn endpoint_port(url: &str) -> Option<u16> {
    let authority = url.strip_prefix("http://")?.split('/').next()?;
    authority.rsplit(':').next()?.parse().ok()
}

/// Whether something listens on `127.0.0.1:port`. A connect to a port nobody listens on
/// can still succeed when the kernel picks that very port as the source (TCP simultaneous
/// open connects the socket to itself); such a connection is not a listener.
pub fn listening(port: u16) -> bool {
    TcpStream::connect(("127.0.0.1", port)).is_ok_and(|s| s.local_addr().ok() != s.peer_addr().ok())
}

#[cfg(test)]
mod tests {
    use super::endpoint_port;

    #[test]
    fn the_port_comes_from_the_authority() {
        assert_eq!(endpoint_port("http://127.0.0.1:43895/mcp"), Some(43895));
        assert_eq!(endpoint_port("http://127.0.0.1/mcp"), None);
        assert_eq!(endpoint_port("https://127.0.0.1:1/mcp"), None);
    }
}
