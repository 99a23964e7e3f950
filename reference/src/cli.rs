//! Command line: `--root DIR` or directories as arguments (several for a profile that
//! takes them, as server-filesystem does), `--profile NAME` (a row of `profiles::PROFILES`),
//! `--tool-names dotted|underscore`, `--audit-log FILE`, `--backup-dir DIR`, `--http ADDR`
//! and its options, `--help`, `--version`.
//!
//! Usage errors print exactly one line on stderr and exit with code 2, so a harness or
//! an MCP client launcher can show the reason verbatim.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Parser, ValueEnum};

use crate::name_style::NameStyle;
use crate::profile_server::{ProfileOptions, Takes};
use crate::profiles::{PROFILES, ProfileEntry, taking};
use crate::serving::HttpSettings;

/// The `--profile` value: which row of `profiles::PROFILES` to serve (by its place there).
/// Not called `Profile`: the harness's `catalogue::Profile` is the interface itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProfileName(usize);

/// One `ProfileName` per row of the table, for clap.
static PROFILE_NAMES: [ProfileName; PROFILES.len()] = {
    let mut names = [ProfileName(0); PROFILES.len()];
    let mut i = 0;
    while i < PROFILES.len() {
        names[i] = ProfileName(i);
        i += 1;
    }
    names
};

impl ProfileName {
    /// The profile's row in the table.
    pub fn entry(self) -> &'static ProfileEntry {
        &PROFILES[self.0]
    }

    /// The `--profile` value.
    pub fn as_str(self) -> &'static str {
        self.entry().name
    }

    /// The options the profile takes.
    pub fn takes(self) -> Takes {
        self.entry().takes
    }
}

impl std::fmt::Display for ProfileName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl ValueEnum for ProfileName {
    fn value_variants<'a>() -> &'a [Self] {
        &PROFILE_NAMES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.as_str()).help(self.entry().about))
    }
}

/// Reference MCP server for five file-tool interfaces, over stdio or Streamable HTTP.
///
/// It serves one profile at a time (--profile): rootspace (the default), lighthouse, devs,
/// editor or filesystem (the official filesystem server's tools).
#[derive(Debug, Parser)]
#[command(name = "mcp-reference", version)]
pub struct Cli {
    /// Directory whose contents the tools may read and change (nothing outside it).
    #[arg(long = "root", value_name = "DIR")]
    root_flag: Option<PathBuf>,
    /// Directories the tools may use, as server-filesystem takes them (--profile
    /// filesystem takes several; any profile takes one, as --root).
    #[arg(value_name = "DIR")]
    positional: Vec<PathBuf>,
    /// The first directory: `--root`, else the first positional one.
    #[arg(skip)]
    pub root: PathBuf,
    /// Every directory given: `--root` first, then the positional ones.
    #[arg(skip)]
    pub dirs: Vec<PathBuf>,
    /// Interface to serve.
    #[arg(long, value_enum, default_value_t = ProfileName::default(), value_name = "PROFILE")]
    pub profile: ProfileName,
    /// Tool name style (rootspace; the lighthouse names need no respelling).
    #[arg(long, value_enum, default_value = "dotted", value_name = "STYLE")]
    pub tool_names: NameStyle,
    /// Append one JSON line per tool call to FILE (lighthouse).
    #[arg(long, value_name = "FILE")]
    pub audit_log: Option<PathBuf>,
    /// Keep backups of saved files in DIR, outside the root (editor).
    #[arg(long, value_name = "DIR")]
    pub backup_dir: Option<PathBuf>,
    /// Serve Streamable HTTP at http://ADDR/mcp instead of stdio; ADDR is HOST:PORT or a
    /// port (then 127.0.0.1, loopback).
    #[arg(long, value_name = "ADDR")]
    pub http: Option<String>,
    /// HTTP: bearer tokens and their scopes, one per line: `TOKEN files:read [files:write]`.
    #[arg(long, value_name = "FILE", requires = "http")]
    pub auth_tokens: Option<PathBuf>,
    /// HTTP: most sessions open at once.
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub max_sessions: usize,
    /// HTTP: most sessions one bearer token may have open at once (with --auth-tokens).
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_sessions_per_token: usize,
    /// HTTP: largest request body in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 16 * 1024 * 1024)]
    pub max_body_bytes: usize,
    /// HTTP: admit this browser Origin besides loopback ones (repeatable).
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// HTTP: admit this Host header besides loopback ones (repeatable; needed when
    /// binding a non-loopback address).
    #[arg(long, value_name = "HOST")]
    pub allow_host: Vec<String>,
}

impl Cli {
    pub fn name_style(&self) -> NameStyle {
        self.tool_names
    }

    /// How the server is reached: `Some` over HTTP (`--http`), `None` over stdio.
    pub fn http_settings(&self) -> Option<HttpSettings> {
        Some(HttpSettings {
            addr: self.http.clone()?,
            auth_tokens: self.auth_tokens.clone(),
            max_sessions: self.max_sessions,
            max_sessions_per_token: self.max_sessions_per_token,
            max_body_bytes: self.max_body_bytes,
            allow_origin: self.allow_origin.clone(),
            allow_host: self.allow_host.clone(),
        })
    }

    /// What a profile's handler is built from.
    pub fn profile_options(&self) -> ProfileOptions {
        ProfileOptions {
            root: self.root.clone(),
            dirs: self.dirs.clone(),
            name_style: self.tool_names,
            audit_log: self.audit_log.clone(),
            backup_dir: self.backup_dir.clone(),
        }
    }
}

/// What parsing decided.
pub enum Parsed {
    Run(Box<Cli>),
    /// Help or version text for stdout; exit 0.
    Print(String),
    /// One-line usage error for stderr; exit 2.
    Usage(String),
}

pub fn parse<I, T>(args: I) -> Parsed
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(mut cli) => match gather_dirs(&mut cli)
            .and_then(|()| cli.dirs.iter().try_for_each(|d| check_root(d)))
            .and_then(|()| check_audit(&cli))
            .and_then(|()| check_backup_dir(&cli))
        {
            Ok(()) => Parsed::Run(Box::new(cli)),
            Err(line) => Parsed::Usage(line),
        },
        Err(e) => match e.kind() {
            clap::error::ErrorKind::DisplayHelp
            | clap::error::ErrorKind::DisplayVersion
            | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                Parsed::Print(e.render().to_string())
            }
            _ => Parsed::Usage(one_line(&e.render().to_string())),
        },
    }
}

/// A clap error as one line, prefixed with the program name. A headline that ends in `:`
/// (e.g. "the following required arguments were not provided:") takes the indented lines
/// under it, so the line names what is missing.
fn one_line(rendered: &str) -> String {
    let mut lines = rendered.lines().map(str::trim).skip_while(|l| l.is_empty());
    let first = lines.next().unwrap_or("invalid arguments");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let mut line = first.to_owned();
    if first.ends_with(':') {
        let items: Vec<&str> = lines.take_while(|l| !l.is_empty()).collect();
        if !items.is_empty() {
            line.push(' ');
            line.push_str(&items.join(", "));
        }
    }
    format!("mcp-reference: error: {line} (see --help)")
}

/// `--root DIR` and the positional directories, in that order: at least one, and more
/// than one for the filesystem profile only (the others serve one root).
fn gather_dirs(cli: &mut Cli) -> Result<(), String> {
    cli.dirs = cli
        .root_flag
        .iter()
        .chain(&cli.positional)
        .cloned()
        .collect();
    let Some(first) = cli.dirs.first() else {
        return Err(format!(
            "mcp-reference: error: no directory given: pass --root DIR (with --profile \
             {}, one or more directories as arguments, as server-filesystem takes them) \
             (see --help)",
            taking(|t| t.several_dirs)
        ));
    };
    cli.root = first.clone();
    if cli.dirs.len() > 1 && !cli.profile.takes().several_dirs {
        return Err(format!(
            "mcp-reference: error: {} directories given; only --profile {} serves \
             several, the others one (pass one directory)",
            cli.dirs.len(),
            taking(|t| t.several_dirs)
        ));
    }
    Ok(())
}

/// The audit log is written by the profiles that take it only; taking the flag and
/// logging nothing would mislead.
fn check_audit(cli: &Cli) -> Result<(), String> {
    if cli.audit_log.is_some() && !cli.profile.takes().audit_log {
        return Err(supported_only("--audit-log", taking(|t| t.audit_log)));
    }
    Ok(())
}

/// Backups are made by the profiles that take `--backup-dir` only.
fn check_backup_dir(cli: &Cli) -> Result<(), String> {
    if cli.backup_dir.is_some() && !cli.profile.takes().backup_dir {
        return Err(supported_only("--backup-dir", taking(|t| t.backup_dir)));
    }
    Ok(())
}

fn supported_only(option: &str, profiles: String) -> String {
    format!("mcp-reference: error: {option} is supported with --profile {profiles} only")
}

fn check_root(root: &std::path::Path) -> Result<(), String> {
    match std::fs::metadata(root) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(format!(
            "mcp-reference: error: root {:?} is not a directory (pass an existing directory to --root)",
            root.display().to_string()
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(format!(
            "mcp-reference: error: root {:?} does not exist (pass an existing directory to --root)",
            root.display().to_string()
        )),
        Err(e) => Err(format!(
            "mcp-reference: error: root {:?} cannot be accessed: {e}",
            root.display().to_string()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(args: &[&str]) -> String {
        match parse(args.iter().copied()) {
            Parsed::Usage(s) => s,
            _ => panic!("expected a usage error for {args:?}"),
        }
    }

    #[test]
    fn errors_are_one_line() {
        for args in [
            &["x"][..],
            &["x", "--root", "/definitely/not/here"],
            &["x", "--root", "/", "--bogus"],
            &["x", "--root", "/", "--tool-names", "weird"],
            &["x", "--root", "/etc/hostname"],
            &["x", "--root", "/", "--profile", "nope"],
            &["x", "--root", "/", "--audit-log", "/tmp/a.jsonl"],
            &["x", "--root", "/", "--backup-dir", "/tmp"],
            &["x", "--root", "/", "--auth-tokens", "t.txt"],
            &["x", "--root", "/", "--http", "1", "--max-sessions", "many"],
        ] {
            let s = usage(args);
            assert!(!s.contains('\n'), "{s}");
            assert!(s.starts_with("mcp-reference: error: "), "{s}");
        }
        assert!(usage(&["x", "--root", "/definitely/not/here"]).contains("does not exist"));
        let missing = usage(&["x"]);
        assert!(missing.contains("--root DIR (with --profile filesystem, one or more"));
        let several = usage(&["x", "/", "/tmp"]);
        assert!(several.contains("only --profile filesystem"), "{several}");
        let audit = usage(&["x", "--root", "/", "--audit-log", "/tmp/a.jsonl"]);
        assert!(audit.ends_with("--audit-log is supported with --profile lighthouse only"));
        let backups = usage(&["x", "--root", "/", "--backup-dir", "/tmp"]);
        assert!(backups.ends_with("--backup-dir is supported with --profile editor only"));
        assert!(
            usage(&["x", "--profile", "filesystem", "/", "/definitely/not/here"])
                .contains("does not exist")
        );
    }

    #[test]
    fn directories_as_server_filesystem_takes_them() {
        let Parsed::Run(cli) = parse(["x", "--profile", "filesystem", "/", "/tmp"]) else {
            panic!("should run");
        };
        assert_eq!(cli.root, PathBuf::from("/"));
        assert_eq!(cli.dirs, [PathBuf::from("/"), PathBuf::from("/tmp")]);
        let Parsed::Run(cli) = parse(["x", "--root", "/tmp", "--profile", "filesystem", "/"])
        else {
            panic!("should run");
        };
        assert_eq!(cli.dirs, [PathBuf::from("/tmp"), PathBuf::from("/")]);
        let Parsed::Run(cli) = parse(["x", "/tmp"]) else {
            panic!("one positional directory is the root of any profile");
        };
        assert_eq!(
            (cli.root, cli.profile.as_str()),
            (PathBuf::from("/tmp"), "rootspace")
        );
    }

    #[test]
    fn good_arguments() {
        match parse([
            "mcp-harness serve-reference",
            "--root",
            "/",
            "--tool-names",
            "underscore",
        ]) {
            Parsed::Run(cli) => {
                assert_eq!(cli.name_style(), NameStyle::Underscore);
                assert_eq!(cli.profile.as_str(), "rootspace");
                assert_eq!(cli.audit_log, None);
            }
            _ => panic!("should run"),
        }
        match parse([
            "x",
            "--root",
            "/",
            "--profile",
            "lighthouse",
            "--audit-log",
            "/tmp/a.jsonl",
        ]) {
            Parsed::Run(cli) => {
                assert_eq!(cli.profile.as_str(), "lighthouse");
                assert_eq!(cli.audit_log, Some(PathBuf::from("/tmp/a.jsonl")));
            }
            _ => panic!("should run"),
        }
        match parse([
            "x",
            "--root",
            "/",
            "--http",
            "8080",
            "--allow-origin",
            "https://a",
        ]) {
            Parsed::Run(cli) => {
                assert_eq!(cli.http.as_deref(), Some("8080"));
                assert_eq!(cli.allow_origin, vec!["https://a".to_string()]);
                assert_eq!(cli.max_body_bytes, 16 * 1024 * 1024);
            }
            _ => panic!("should run"),
        }
        assert!(matches!(parse(["x", "--help"]), Parsed::Print(_)));
        assert!(matches!(parse(["x", "--version"]), Parsed::Print(_)));
    }

    #[test]
    fn the_help_describes_every_profile() {
        let Parsed::Print(help) = parse(["x", "--help"]) else {
            panic!("--help prints");
        };
        assert!(!help.contains("RootSpace text-file"), "{help}");
        // clap wraps long lines when a crate in the build enables its `wrap_help` (the
        // harness does, in a workspace build), so words are compared, not line breaks.
        let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let help_words = words(&help);
        for profile in PROFILES {
            assert!(
                help_words.contains(profile.name),
                "{} missing: {help}",
                profile.name
            );
            assert!(
                help_words.contains(&words(profile.about)),
                "{} missing: {help}",
                profile.about
            );
        }
    }
}
