//! The harness's client offers MCP roots as a case asks: an in-process rmcp server that
//! does what the official filesystem server does (asks `roots/list` after `initialized`
//! and again after `notifications/roots/list_changed`) sees the capability, the case's
//! roots as `file://` URIs, and the changed roots; and the client's waits see each ask.
//! Without roots the client declares none, as before.
#![allow(deprecated)] // rmcp marks MCP roots deprecated (SEP-2577)

use std::path::Path;
use std::time::Duration;

use mcp_harness::run::client::{HarnessClient, Roots, file_uri};
use rmcp::model::{ProtocolVersion, ServerCapabilities, ServerInfo};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::{
    ClientLifecycleMode, ClientServiceExt, RoleClient, RoleServer, ServerHandler, ServiceExt,
};
use tokio::sync::mpsc;

const WAIT: Duration = Duration::from_secs(5);

/// Reports what the client declared and each roots list it answered.
#[derive(Clone)]
struct AsksRoots {
    seen: mpsc::UnboundedSender<Seen>,
}

#[derive(Debug, PartialEq)]
enum Seen {
    /// The client's `capabilities.roots.listChanged` at `initialized` (None: no roots).
    Capability(Option<Option<bool>>),
    /// The URIs of a `roots/list` answer.
    Roots(Vec<String>),
}

impl AsksRoots {
    fn ask(&self, peer: rmcp::Peer<RoleServer>) {
        let seen = self.seen.clone();
        tokio::spawn(async move {
            if let Ok(r) = peer.list_roots().await {
                let _ = seen.send(Seen::Roots(r.roots.into_iter().map(|r| r.uri).collect()));
            }
        });
    }
}

impl ServerHandler for AsksRoots {
    fn get_info(&self) -> ServerInfo {
        ServerInfo::new(ServerCapabilities::default())
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let cap = context
            .peer
            .peer_info()
            .map(|i| i.capabilities.roots.as_ref().map(|r| r.list_changed));
        let _ = self.seen.send(Seen::Capability(cap.flatten()));
        if cap.flatten().is_some() {
            self.ask(context.peer);
        }
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.ask(context.peer);
    }
}

/// Connects a client offering `roots` (if any) to an `AsksRoots` server in this process.
async fn connect(
    roots: Option<std::sync::Arc<Roots>>,
) -> (
    RunningService<RoleClient, HarnessClient>,
    mpsc::UnboundedReceiver<Seen>,
) {
    let (tx, rx) = mpsc::unbounded_channel();
    let (client_io, server_io) = tokio::io::duplex(64 * 1024);
    let server = AsksRoots { seen: tx };
    tokio::spawn(async move {
        if let Ok(s) = server.serve(server_io).await {
            let _ = s.waiting().await;
        }
    });
    let info = HarnessClient::info().with_protocol_version(ProtocolVersion::V_2025_11_25);
    let client = HarnessClient::new(info, roots)
        .serve_with_lifecycle(client_io, ClientLifecycleMode::Initialize)
        .await
        .expect("the in-process server initializes");
    (client, rx)
}

async fn next(rx: &mut mpsc::UnboundedReceiver<Seen>) -> Seen {
    tokio::time::timeout(WAIT, rx.recv())
        .await
        .expect("the server reported within 5 s")
        .expect("the server is running")
}

#[tokio::test]
async fn roots_are_offered_answered_and_changed() {
    let a = file_uri(Path::new("/tmp/some root/a"));
    let b = file_uri(Path::new("/tmp/some root/b"));
    let roots = Roots::new(vec![a.clone()]);
    let (client, mut rx) = connect(Some(roots.clone())).await;

    assert_eq!(next(&mut rx).await, Seen::Capability(Some(Some(true))));
    assert!(roots.wait_asked_after(0, WAIT).await, "no roots/list seen");
    assert_eq!(
        next(&mut rx).await,
        Seen::Roots(vec!["file:///tmp/some%20root/a".into()])
    );
    assert_eq!(roots.asked(), 1);

    roots.set(vec![b.clone(), a.clone()]);
    client
        .peer()
        .notify_roots_list_changed()
        .await
        .expect("the notification is sent");
    assert!(
        roots.wait_asked_after(1, WAIT).await,
        "no roots/list after list_changed"
    );
    assert_eq!(next(&mut rx).await, Seen::Roots(vec![b, a]));
    assert_eq!(roots.asked(), 2);
    let _ = client.cancel().await;
}

#[tokio::test]
async fn a_wait_for_an_ask_that_never_comes_ends_false() {
    let roots = Roots::new(vec![]);
    let (client, mut rx) = connect(Some(roots.clone())).await;
    assert_eq!(next(&mut rx).await, Seen::Capability(Some(Some(true))));
    assert!(roots.wait_asked_after(0, WAIT).await);
    // No list_changed was sent, so the server does not ask again.
    assert!(!roots.wait_asked_after(1, Duration::from_millis(300)).await);
    let _ = client.cancel().await;
}

#[tokio::test]
async fn without_roots_the_client_declares_none() {
    let (client, mut rx) = connect(None).await;
    assert_eq!(next(&mut rx).await, Seen::Capability(None));
    let _ = client.cancel().await;
}
