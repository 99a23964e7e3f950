//! Test-only server: the reference with ONE injected fault or alternative reading, chosen
//! by `--fault NAME` or `--variant NAME` before the normal arguments (`--list` prints all);
//! a proxy's injection may take `--behind FAULT` next, to put a faulty server behind it.
//! It exists to prove the harness (tests/tests/harness_power.rs); never ship it.

use std::process::ExitCode;

use e2e_tests::{faults, proxy};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().collect();
    // The unmodified reference, as the server behind the proxy.
    if args.get(1).map(String::as_str) == Some("--plain") {
        args.remove(1);
        return mcp_reference::run_cli(args);
    }
    if args.get(1).map(String::as_str) == Some("--list") {
        let all = faults::all()
            .chain(faults::PROFILES.iter().flat_map(|p| p.proxy_faults))
            .chain(proxy::PROXY_VARIANTS)
            .chain(proxy::PROXY_QUIRKS)
            .chain(proxy::PROXY_DRAFT);
        for i in all {
            println!("{}\t{}\t{}\t{}", i.profile, i.name, i.id, i.what);
        }
        // The proxy's foreign interfaces, each of the profile behind it (proxy/foreign.rs).
        for r in proxy::foreign::READINGS {
            println!("{}\t{}\t-\t(proxy) {}", r.behind, r.name, r.what);
        }
        return ExitCode::SUCCESS;
    }
    let name = match args.get(1).map(String::as_str) {
        Some("--fault" | "--variant") if args.len() > 2 => args[2].clone(),
        _ => {
            eprintln!(
                "mcp-faulty: error: usage: mcp-faulty --fault NAME | --variant NAME --root DIR [...]"
            );
            return ExitCode::from(2);
        }
    };
    args.drain(1..3);
    if proxy::is_proxy(&name) {
        // Through /proc/self/exe where there is one: it stays valid when cargo links the
        // file anew during a run (as a concurrent `cargo test` does even when fresh).
        let own = std::path::Path::new("/proc/self/exe");
        let exe = match own
            .exists()
            .then(|| own.to_path_buf())
            .map_or_else(std::env::current_exe, Ok)
        {
            Ok(p) => p.to_string_lossy().into_owned(),
            Err(e) => {
                eprintln!("mcp-faulty: error: cannot locate itself: {e}");
                return ExitCode::from(2);
            }
        };
        // `--behind FAULT`: a faulty reference behind the proxy instead of the plain one,
        // so a fault is tested through a foreign interface (`foreign-interface`).
        let mut server = vec![exe, "--plain".to_string()];
        if args.get(1).map(String::as_str) == Some("--behind") && args.len() > 2 {
            server = vec![server.remove(0), "--fault".into(), args[2].clone()];
            args.drain(1..3);
        }
        server.extend(args.into_iter().skip(1));
        // A proxy fault of a profile other than rootspace (the reference's default) puts
        // that profile's reference behind the proxy.
        let profile = faults::PROFILES
            .iter()
            .find(|p| p.proxy_faults.iter().any(|i| i.name == name));
        if let Some(p) = profile.filter(|p| p.profile != "rootspace") {
            server.extend(["--profile".to_string(), p.profile.to_string()]);
        }
        return proxy::run(&name, &server);
    }
    let Some(found) = faults::all().find(|i| i.name == name) else {
        eprintln!("mcp-faulty: error: unknown fault or variant {name:?} (see --list)");
        return ExitCode::from(2);
    };
    faults::run(found, args)
}
